import { jsonrepair } from 'jsonrepair';
import { planLimits } from '../../domain/plans/plan-limits';
import { aiAnswerInvalidMessage } from '../contracts/ai-failures';
import { AiGenerationError } from '../ports/idea-generator';
import { balancedEnd, decodeHtmlEntities, stripCodeFences } from './parse-ideas';
import {
  generatedMilestoneSchema,
  generatedPlanSchema,
  type GeneratedMilestone,
  type GeneratedMilestoneOutline,
  type GeneratedPlan,
  type GeneratedResource,
  type GeneratedTask,
} from './plan-answer';

/**
 * Turns the answer text of a plan, a next milestone or task help into what the plan stores.
 * Tolerant where a model's slip costs nothing (code fences, prose around the JSON, entities,
 * trailing commas and the other slips jsonrepair mends, a text a little over its limit,
 * resources with broken or placeholder links, too many tasks), strict where the member would
 * get less than asked: no JSON → `parse_error`; no title, or fewer tasks than the prompt asked
 * → `validation_error`.
 */

/** Member-product §8: what the task-help screen shows when the help could not be had. */
export const taskHelpFailedMessage = 'Failed to get task help';

const parseError = () => new AiGenerationError('parse_error', aiAnswerInvalidMessage);
const validationError = () => new AiGenerationError('validation_error', aiAnswerInvalidMessage);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strict JSON, else jsonrepair, but only on text whose brackets all close (a cut answer must fail). */
function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (balancedEnd(text, 0) !== text.length - 1) return undefined;
    try {
      return JSON.parse(jsonrepair(text));
    } catch {
      return undefined;
    }
  }
}

/** The first complete `{…}` in the text that `usable` accepts; objects inside one that never closes do not count. */
function findObject(text: string, usable: (value: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) {
    const end = balancedEnd(text, i);
    if (end === 'unclosed') return undefined;
    if (end === 'mismatch') continue;
    const value = parseObject(text.slice(i, end + 1));
    if (isRecord(value) && usable(value)) return value;
    if (value !== undefined) i = end;
  }
  return undefined;
}

function extract(rawText: string, usable: (value: Record<string, unknown>) => boolean): Record<string, unknown> {
  const unfenced = stripCodeFences(rawText);
  const found = findObject(unfenced, usable) ?? findObject(decodeHtmlEntities(unfenced), usable);
  if (!found) throw parseError();
  return found;
}

const str = (value: unknown): string =>
  typeof value === 'string' ? decodeHtmlEntities(value).replace(/\s+/g, ' ').trim() : typeof value === 'number' ? String(value) : '';

/** Within `max` characters: cut at the last word boundary with an ellipsis when it is longer. */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const placeholderHosts = /(^|\.)(example\.(com|org|net)|localhost|yourwebsite\.com|website\.com|domain\.com|link\.com|url\.com)$/i;

/** A link the member can open: http(s), a real-looking host, no "..." placeholder. */
export function realUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (text.includes('...') || text.includes('…') || text.length > planLimits.resourceUrl) return undefined;
  try {
    const url = new URL(text);
    const hostOk = /\.[a-z]{2,}$/i.test(url.hostname) && !placeholderHosts.test(url.hostname);
    return (url.protocol === 'https:' || url.protocol === 'http:') && hostOk ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function resources(value: unknown): GeneratedResource[] {
  if (!Array.isArray(value)) return [];
  const out: GeneratedResource[] = [];
  for (const item of value.filter(isRecord)) {
    const url = realUrl(str(item.url));
    const name = fitText(str(item.name), planLimits.resourceName);
    if (url && name && !out.some((r) => r.url === url)) out.push({ name, url });
  }
  return out.slice(0, planLimits.resourcesPerKind);
}

function tasks(value: unknown, bounds: { min: number; max: number }): GeneratedTask[] {
  const list = (Array.isArray(value) ? value : [])
    .map((item) => (typeof item === 'string' ? { title: item } : item))
    .filter(isRecord)
    .map((item) => ({
      title: fitText(str(item.title ?? item.name ?? item.task), planLimits.taskTitle),
      description: fitText(str(item.description), planLimits.taskDescription),
    }))
    .filter((task) => task.title !== '');
  if (list.length < bounds.min) throw validationError();
  return list.slice(0, bounds.max);
}

function outline(raw: Record<string, unknown>, defaultEstimate: string): GeneratedMilestoneOutline {
  const title = fitText(str(raw.title ?? raw.name), planLimits.milestoneTitle);
  if (title === '') throw validationError();
  return {
    title,
    description: fitText(str(raw.description), planLimits.milestoneDescription),
    timeEstimate: fitText(str(raw.timeEstimate) || defaultEstimate, planLimits.timeEstimate),
  };
}

function milestone(raw: Record<string, unknown>, options: MilestoneParseOptions): GeneratedMilestone {
  return {
    ...outline(raw, options.defaultTimeEstimate),
    tasks: tasks(raw.tasks, options.tasks),
    freeResources: resources(raw.freeResources),
    paidResources: resources(raw.paidResources),
    successCriteria: fitText(str(raw.successCriteria), planLimits.successCriteria),
  };
}

/** Parsing a zod-checked value once more catches a limit this module forgot. */
function checked<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError();
  return result.data;
}

export interface MilestoneParseOptions {
  tasks: { min: number; max: number };
  /** Used when the model gave none ("1 week"). */
  defaultTimeEstimate: string;
}

/**
 * A whole plan. The first milestone is the detailed one (whatever `isDetailed` the model wrote);
 * the rest are kept as outlines, at most `milestonesCount` milestones in all.
 */
export function parseGeneratedPlan(
  rawText: string,
  options: MilestoneParseOptions & { milestonesCount: number; category: string },
): GeneratedPlan {
  const root = extract(rawText, (value) => Array.isArray(value.milestones));
  const milestones = (root.milestones as unknown[]).filter(isRecord).slice(0, options.milestonesCount);
  if (milestones.length === 0) throw validationError();
  const [first, ...rest] = milestones;
  return checked(generatedPlanSchema, {
    title: fitText(str(root.title), planLimits.planTitle),
    description: fitText(str(root.description), planLimits.planDescription),
    category: fitText(options.category.trim() || str(root.category), planLimits.category),
    timeEstimate: fitText(str(root.timeEstimate) || `${milestones.length} × ${options.defaultTimeEstimate}`, planLimits.timeEstimate),
    firstMilestone: milestone(first, options),
    outlines: rest.map((raw) => outline(raw, options.defaultTimeEstimate)),
  });
}

/** The next milestone of a plan: an object with tasks, possibly wrapped (`{"milestone": {...}}`). */
export function parseGeneratedMilestone(rawText: string, options: MilestoneParseOptions): GeneratedMilestone {
  const root = extract(rawText, (value) => Array.isArray(value.tasks) || isRecord(value.milestone));
  const raw = isRecord(root.milestone) ? root.milestone : root;
  return checked(generatedMilestoneSchema, milestone(raw, options));
}

/**
 * Task help is plain text (markdown allowed). A JSON answer (`{"help": "..."}`) is unwrapped;
 * an empty answer is `validation_error`; a long one is cut at a paragraph or word boundary.
 */
export function parseTaskHelp(rawText: string): string {
  let text = stripCodeFences(rawText).trim();
  if (text.startsWith('{')) {
    const value = parseObject(text);
    const inner = isRecord(value) ? (value.help ?? value.helpResponse ?? value.answer ?? value.text) : undefined;
    if (typeof inner === 'string') text = inner.trim();
  }
  if (text === '') throw new AiGenerationError('validation_error', taskHelpFailedMessage);
  if (text.length <= planLimits.helpText) return text;
  const cut = text.slice(0, planLimits.helpText - 1);
  const paragraph = cut.lastIndexOf('\n\n');
  return paragraph > planLimits.helpText / 2 ? cut.slice(0, paragraph) : fitText(text, planLimits.helpText);
}
