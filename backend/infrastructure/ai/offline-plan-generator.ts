import { hashString } from '../../application/ai/categories';
import { fitText } from '../../application/ai/plan-parse';
import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import type { GeneratedText } from '../../application/ports/idea-generator';
import type {
  AiPrompt,
  MilestonePromptInput,
  PlanGenerator,
  PlanPromptInput,
  PlanRequestData,
  TaskHelpPromptInput,
} from '../../application/ports/plan-generator';
import { planLimits } from '../../domain/plans/plan-limits';
import {
  commonResources,
  commonTasks,
  growthStages,
  resources,
  stageKeys,
  type Resource,
  type ResourceKey,
  type TaskTemplate,
} from './offline-plan-catalogue';
import { offerName as offerNameOf, overviewOf, readIdea, type IdeaReading } from './offline-plans/read-idea';
import { workKits } from './offline-plans/work';
import { helpFor } from './offline-task-help';

/**
 * Plans without any AI service (design §4), built from what the idea is: its channel (where it
 * is sold, booked or published: `offline-plans/channels.ts`), its kind of work (what the member
 * makes and delivers: `offline-plans/work.ts`), its skill and its buyers in the idea's own words
 * (`offline-plans/read-idea.ts`). Week 1 sets up exactly that channel, the next weeks launch,
 * win the first customers, deliver, grow and scale exactly that business, and every resource is
 * a real tool or course for that channel and that work. The same idea always gives the same
 * plan. It answers in the JSON the prompts ask a model for, so the application parses both alike.
 */

export const offerName = offerNameOf;

/** A plan request may carry the skill the idea came from. */
type PlanRequest = PlanRequestData;

interface Milestone {
  title: string;
  description: string;
  successCriteria: string;
  /** Channel tasks, work tasks and common tasks, in the order they are kept. */
  tasks: TaskTemplate[];
  free: ResourceKey[];
  paid: ResourceKey[];
}

const placeholders = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function valuesOf(idea: IdeaReading, offer = idea.offer): Record<string, string> {
  const { channel } = idea;
  return {
    offer,
    skill: idea.skill,
    buyers: idea.taskBuyers,
    channel: channel.name,
    listing: channel.listing,
    sales: channel.sales,
    tool: resources[idea.field.tool].name,
  };
}

const fill = (template: string, idea: IdeaReading, offer?: string) => placeholders(template, valuesOf(idea, offer));

/** A title within the limit: the offer is shortened rather than the sentence cut. */
function fillTitle(template: string, idea: IdeaReading): string {
  // The whole offer, else the skill (a shortened offer can lose it: "Printables & Print-on-Demand"), else shorter offers.
  const names = [offerName(idea.offer, 48), idea.skillTitle, offerName(idea.offer, 32), offerName(idea.offer, 24), offerName(idea.offer, 16)];
  for (const name of names) {
    const title = tidy(fill(template, idea, name));
    if (title.length <= planLimits.milestoneTitle) return title;
  }
  return fitText(tidy(fill(template, idea, 'Your Offer')), planLimits.milestoneTitle);
}

/** No word twice in a row: "Publish the Logo Design Gig Gig on Fiverr" → "… Gig on Fiverr". */
const tidy = (text: string) => text.split(' ').filter((word, i, words) => i === 0 || word.toLowerCase() !== words[i - 1].toLowerCase()).join(' ');

/** Interleaves the channel's tasks with the work's and the common ones: the channel's first three lead. */
function taskOrder(channel: TaskTemplate[], work: TaskTemplate[], common: TaskTemplate[]): TaskTemplate[] {
  const order = [...channel.slice(0, 3), work[0], ...channel.slice(3), common[0], work[1], ...common.slice(1), ...work.slice(2)];
  return order.filter((task): task is TaskTemplate => task !== undefined);
}

/** Week `n` (1-based): the six stages, then growth stages (a second round is marked "II"). */
function milestoneOf(week: number, idea: IdeaReading): Milestone & { round: number } {
  const kit = workKits[idea.work];
  if (week <= stageKeys.length) {
    const stage = stageKeys[week - 1];
    const own = idea.channel.weeks[stage];
    return {
      title: own.title,
      description: own.description,
      successCriteria: own.successCriteria,
      tasks: taskOrder(own.tasks, kit.tasks[stage], commonTasks[stage]),
      free: [idea.channel.home, ...(own.free ?? []), ...idea.channel.free, ...kit.free, ...commonResources[stage]],
      paid: [...(own.paid ?? []), ...idea.channel.paid, ...kit.paid],
      round: 1,
    };
  }
  const index = week - stageKeys.length - 1;
  const growth = growthStages[index % growthStages.length];
  return {
    title: growth.title,
    description: growth.description,
    successCriteria: growth.successCriteria,
    tasks: taskOrder(growth.tasks, kit.tasks.grow, commonTasks.grow),
    free: [idea.channel.home, ...idea.channel.free, ...kit.free, ...commonResources.grow],
    paid: [...idea.channel.paid, ...kit.paid],
    round: Math.floor(index / growthStages.length) + 1,
  };
}

/** Field tools come in for work done with them (a remote service, a digital product). */
function fieldResources(idea: IdeaReading): { free: ResourceKey[]; paid: ResourceKey[] } {
  if (idea.work === 'remote-service') return { free: [idea.field.tool, ...idea.field.free], paid: idea.field.paid };
  if (idea.work === 'digital-product') return { free: [idea.field.tool], paid: [] };
  return { free: [], paid: [] };
}

function outlineOf(week: number, idea: IdeaReading, timeEstimate: string) {
  const milestone = milestoneOf(week, idea);
  const title = fillTitle(milestone.title, idea);
  return {
    title: milestone.round > 1 ? fitText(`${title} II`, planLimits.milestoneTitle) : title,
    description: fitText(fill(milestone.description, idea), planLimits.milestoneDescription),
    timeEstimate,
  };
}

function resourceList(keys: ResourceKey[], count: number): Resource[] {
  return [...new Set(keys)].slice(0, count).map((key) => ({ ...resources[key] }));
}

interface DetailInput {
  tasks: { min: number; max: number };
  includeResources: boolean;
  milestoneTimeEstimate: string;
}

function detailOf(week: number, idea: IdeaReading, input: DetailInput) {
  const milestone = milestoneOf(week, idea);
  const { min, max } = input.tasks;
  const wanted = Math.min(milestone.tasks.length, min + (hashString(`${idea.title}:${week}`) % (max - min + 1)));
  const tasks = milestone.tasks.slice(0, wanted).map(([title, description]) => ({
    title: fitText(fill(title, idea), planLimits.taskTitle),
    description: fitText(fill(description, idea), planLimits.taskDescription),
  }));
  const field = fieldResources(idea);
  // The channel's own resources first, then the work's tools: at most 4 free and 2 paid.
  const [home, ...restFree] = milestone.free;
  const free = [home, ...restFree.slice(0, 2), ...field.free, ...restFree.slice(2)];
  const paid = [...milestone.paid.slice(0, 1), ...field.paid, ...milestone.paid.slice(1)];
  return {
    ...outlineOf(week, idea, input.milestoneTimeEstimate),
    tasks,
    freeResources: input.includeResources ? resourceList(free, 4) : [],
    paidResources: input.includeResources ? resourceList(paid, 2) : [],
    successCriteria: fitText(fill(milestone.successCriteria, idea), planLimits.successCriteria),
  };
}

/** The answer a model would give to the plan prompt. */
export function buildOfflinePlan(input: PlanPromptInput) {
  const request = input.request as PlanRequest;
  const idea = readIdea({ title: request.ideaTitle, description: request.ideaDescription, category: request.category, skill: request.skill });
  const weeks = Array.from({ length: input.milestonesCount }, (_, i) => i + 1);
  return {
    title: fitText(`${request.ideaTitle.trim()}: ${input.milestonesCount}-Week Action Plan`, planLimits.planTitle),
    description: fitText(overviewOf(idea, input.milestonesCount), planLimits.planDescription),
    category: request.category,
    timeEstimate: `${input.milestonesCount} × ${input.milestoneTimeEstimate}`,
    milestones: weeks.map((week) =>
      week === 1
        ? { ...detailOf(1, idea, input), isDetailed: true }
        : { ...outlineOf(week, idea, input.milestoneTimeEstimate), isDetailed: false, tasks: [], freeResources: [], paidResources: [], successCriteria: '' },
    ),
  };
}

/**
 * The answer a model would give to the next-milestone prompt: the week the outline promised, for
 * the idea the plan's title and overview still say (the same channel, skill and buyers as week 1).
 */
export function buildOfflineMilestone(input: MilestonePromptInput) {
  const { request } = input;
  const idea = readIdea({ title: request.planTitle, description: request.planDescription, category: request.planCategory });
  return detailOf(request.weekNumber, idea, input);
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
    // The plan's idea, read from its title, and from the milestone's words when the title is not an idea of ours.
    const idea = readIdea({ title: request.planTitle, description: `${request.milestoneTitle}. ${request.milestoneDescription}`, category: request.planCategory });
    const help = helpFor(request, {
      platform: resources[idea.channel.home],
      where: idea.channel.where,
      tool: resources[idea.field.tool],
      audience: idea.taskBuyers,
    });
    return this.answer(input, help, 'task help', signal);
  }
}
