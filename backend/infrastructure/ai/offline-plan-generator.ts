import { hashString } from '../../application/ai/categories';
import { fitText } from '../../application/ai/plan-parse';
import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import type { GeneratedText } from '../../application/ports/idea-generator';
import type {
  AiPrompt,
  MilestonePromptInput,
  PlanGenerator,
  PlanPromptInput,
  TaskHelpPromptInput,
} from '../../application/ports/plan-generator';
import { planLimits } from '../../domain/plans/plan-limits';
import { describeSkill } from './offline-idea-generator';
import {
  arc,
  channelFor,
  fieldKits,
  growthArc,
  resources,
  type Channel,
  type FieldKit,
  type Resource,
  type ResourceKey,
  type Stage,
} from './offline-plan-catalogue';
import { helpFor } from './offline-task-help';

/**
 * Plans without any AI service (design §4): weekly milestones built from the idea's own title,
 * its field (design, code, baking, …) and where it is sold (Fiverr, a shop, a local profile, a
 * social channel), with real platforms as resources. The same idea always gives the same plan.
 * It answers in the JSON the prompts ask a model for, so the application parses both alike.
 */

interface Profile {
  offer: string;
  kit: FieldKit;
  channel: Channel;
}

const connectors = /\s+(in|for|on|with|via|through|to|at|from)\s+/i;

/** The idea as a short noun phrase: "Custom Pet Portrait Gig in Three Packages" → "Custom Pet Portrait Gig". */
export function offerName(ideaTitle: string, max = 32): string {
  let words = ideaTitle.split(':')[0].trim().split(connectors)[0].split(/\s+/).filter(Boolean);
  // English noun phrases end in their head noun: drop leading words until it fits.
  while (words.length > 1 && words.join(' ').length > max) words = words.slice(1);
  return words.join(' ').slice(0, max) || 'Your Offer';
}

/** The field from the title first (a description may mention other fields), then from both. */
function industryOf(title: string, text: string): string {
  const fromTitle = describeSkill(title).domain.industry;
  return fromTitle !== 'Professional Services' ? fromTitle : describeSkill(text).domain.industry;
}

function profileOf(title: string, description: string, category: string): Profile {
  const text = `${title} ${description}`;
  const industry = industryOf(title, text);
  return {
    offer: offerName(title),
    kit: fieldKits[industry] ?? fieldKits['Professional Services'],
    channel: channelFor(category, text),
  };
}

const placeholders = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function fill(template: string, profile: Profile, offer = profile.offer): string {
  const { channel, kit } = profile;
  const platform = resources[channel.platform].name;
  // The channel's phrases may name the platform themselves ("Set up your {platform} creator profile").
  const phrase = (text: string) => placeholders(text, { platform });
  const values: Record<string, string> = {
    offer,
    platform,
    audience: kit.audience,
    tool: resources[kit.tool].name,
    listing: channel.listing,
    reach: channel.reach,
    account: phrase(channel.account),
    competitors: phrase(channel.competitors),
    tiers: channel.tiers,
    payment: channel.payment,
    customers: channel.customers,
    orders: channel.orders,
    review: channel.review,
    wins: channel.wins,
  };
  return placeholders(template, values);
}

/** A title within the limit: the offer is shortened (or named generically) rather than the sentence cut. */
function fillTitle(template: string, profile: Profile): string {
  for (const max of [32, 24, 16]) {
    const title = fill(template, profile, offerName(profile.offer, max));
    if (title.length <= planLimits.milestoneTitle) return title;
  }
  return fitText(fill(template, profile, 'Your Offer'), planLimits.milestoneTitle);
}

/** Week `n` (1-based): the arc, then growth weeks (a second round is marked "II"). */
function stageOf(week: number): { stage: Stage; round: number } {
  if (week <= arc.length) return { stage: arc[week - 1], round: 1 };
  const index = week - arc.length - 1;
  return { stage: growthArc[index % growthArc.length], round: Math.floor(index / growthArc.length) + 1 };
}

function outlineOf(week: number, profile: Profile, timeEstimate: string) {
  const { stage, round } = stageOf(week);
  const title = fillTitle(stage.title, profile);
  return {
    title: round > 1 ? fitText(`${title} II`, planLimits.milestoneTitle) : title,
    description: fitText(fill(stage.description, profile), planLimits.milestoneDescription),
    timeEstimate,
  };
}

/** Between `min` and `max` tasks of the stage, in their order; the first is always kept. */
function pickTasks(stage: Stage, profile: Profile, bounds: { min: number; max: number }, seed: number) {
  const pool = stage.tasks;
  const wanted = Math.min(pool.length, bounds.min + (seed % (bounds.max - bounds.min + 1)));
  const ranked = pool.slice(1).map((task, i) => ({ task, rank: hashString(`${seed}:${i}`) }));
  const kept = new Set(ranked.sort((a, b) => a.rank - b.rank).slice(0, wanted - 1).map((r) => r.task));
  return pool
    .filter((task, i) => i === 0 || kept.has(task))
    .map((task) => ({
      title: fitText(fill(task.title, profile), planLimits.taskTitle),
      description: fitText(fill(task.description, profile), planLimits.taskDescription),
    }));
}

function resourceList(keys: ResourceKey[], count: number): Resource[] {
  return [...new Set(keys)].slice(0, count).map((key) => ({ ...resources[key] }));
}

function detailOf(week: number, profile: Profile, input: { tasks: { min: number; max: number }; includeResources: boolean; milestoneTimeEstimate: string }, seed: number) {
  const { stage } = stageOf(week);
  const rotate = <T>(list: T[]) => list.map((_, i) => list[(i + week) % list.length]);
  const free = [profile.channel.platform, ...stage.free, ...rotate(profile.kit.free), ...profile.channel.free];
  const paid = [...stage.paid, ...profile.channel.paid, ...rotate(profile.kit.paid)];
  return {
    ...outlineOf(week, profile, input.milestoneTimeEstimate),
    tasks: pickTasks(stage, profile, input.tasks, seed),
    freeResources: input.includeResources ? resourceList(free, 4) : [],
    paidResources: input.includeResources ? resourceList(paid, 2) : [],
    successCriteria: fitText(fill(stage.successCriteria, profile), planLimits.successCriteria),
  };
}

/** The answer a model would give to the plan prompt. */
export function buildOfflinePlan(input: PlanPromptInput) {
  const { request } = input;
  const profile = profileOf(request.ideaTitle, request.ideaDescription, request.category);
  const seed = hashString(JSON.stringify(request));
  const weeks = Array.from({ length: input.milestonesCount }, (_, i) => i + 1);
  const platform = resources[profile.channel.platform].name;
  return {
    title: fitText(`${request.ideaTitle.trim()}: ${input.milestonesCount}-Week Action Plan`, planLimits.planTitle),
    description: fitText(
      `A week-by-week plan to launch ${profile.offer} for ${profile.kit.audience} on ${platform}, win the first customers and grow it into steady income.`,
      planLimits.planDescription,
    ),
    category: request.category,
    timeEstimate: `${input.milestonesCount} × ${input.milestoneTimeEstimate}`,
    milestones: weeks.map((week) =>
      week === 1
        ? { ...detailOf(1, profile, input, seed), isDetailed: true }
        : { ...outlineOf(week, profile, input.milestoneTimeEstimate), isDetailed: false, tasks: [], freeResources: [], paidResources: [], successCriteria: '' },
    ),
  };
}

/** The answer a model would give to the next-milestone prompt. */
export function buildOfflineMilestone(input: MilestonePromptInput) {
  const { request } = input;
  const profile = profileOf(request.planTitle, request.planDescription, request.planCategory);
  const seed = hashString(JSON.stringify({ plan: request.planTitle, week: request.weekNumber }));
  return detailOf(request.weekNumber, profile, input, seed);
}

function usageOf(input: AiPrompt, text: string) {
  return {
    model: 'offline-generator',
    inputTokens: countPromptTokens([{ content: input.systemPrompt }, { content: input.userPrompt }]),
    outputTokens: countTokens(text),
    costUsd: 0,
  };
}

export class OfflinePlanGenerator implements PlanGenerator {
  readonly kind = 'offline' as const;

  private readonly log: (message: string) => void;

  constructor(options: { log?: (message: string) => void } = {}) {
    this.log = options.log ?? (() => {});
  }

  private answer(input: AiPrompt, text: string, what: string, signal?: AbortSignal): GeneratedText {
    if (signal?.aborted) throw signal.reason ?? new DOMException('The generation was aborted', 'AbortError');
    this.log(`offline generator: ${what}`);
    return { text, usage: usageOf(input, text), finishReason: null };
  }

  async generatePlan(input: PlanPromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    const plan = buildOfflinePlan(input);
    return this.answer(input, JSON.stringify(plan), `plan of ${plan.milestones.length} milestones`, signal);
  }

  async generateMilestone(input: MilestonePromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    return this.answer(input, JSON.stringify(buildOfflineMilestone(input)), `milestone ${input.request.weekNumber}`, signal);
  }

  async generateTaskHelp(input: TaskHelpPromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    const { request } = input;
    const profile = profileOf(request.planTitle, `${request.milestoneTitle} ${request.milestoneDescription}`, request.planCategory);
    const help = helpFor(request, { platform: resources[profile.channel.platform], tool: resources[profile.kit.tool], audience: profile.kit.audience });
    return this.answer(input, help, 'task help', signal);
  }
}
