import { describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../application/ai/parse-ideas';
import { parseGeneratedMilestone, parseGeneratedPlan, parseTaskHelp } from '../../application/ai/plan-parse';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput } from '../../application/ai/plan-prompt';
import type { PlanRequestData } from '../../application/ports/plan-generator';
import { planLimits } from '../../domain/plans/plan-limits';
import { OfflineIdeaGenerator } from './offline-idea-generator';
import { resources } from './offline-plan-catalogue';
import { OfflinePlanGenerator } from './offline-plan-generator';

/**
 * Help with a task costs the member one of a few help credits, so without an AI service it must
 * still be about the task asked about: its steps name what the task names (the thing to make or
 * do, the platform or tool), for the offline plans' own tasks and for tasks members write.
 */

const plans = new OfflinePlanGenerator();
const ideas = new OfflineIdeaGenerator({ chunkDelayMs: 0 });

interface Task {
  title: string;
  description: string;
}
interface Place {
  milestoneTitle: string;
  milestoneDescription: string;
  planTitle: string;
  planCategory: string;
}

async function helpWith(task: Task, place: Place): Promise<string> {
  const input = buildTaskHelpPromptInput(defaultAiSettings, { taskTitle: task.title, taskDescription: task.description, ...place });
  const help = parseTaskHelp((await plans.generateTaskHelp(input)).text);
  expect(help.length).toBeLessThanOrEqual(planLimits.helpText);
  return help;
}

/** The numbered steps of a help text (not its heading, which repeats the title anyway). */
const stepsOf = (help: string) =>
  help
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .join('\n');

const minor = new Set(
  'a an the and or of to for with on in at by from into your my our their its it this that these those there where who what how each every one all own up out'.split(' '),
);

/** What the task names, past its first word (the action): "Call three local gyms" → three, local, gyms. */
function keyWords(title: string): string[] {
  return title
    .split(/\s+/)
    .slice(1)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, ''))
    .filter((w) => w !== '' && !minor.has(w));
}

const platformNames = Object.values(resources).map((r) => r.name.replace(/\s*\(.*\)$/, ''));

function expectNamesItsTask(title: string, help: string) {
  const steps = stepsOf(help).toLowerCase();
  expect(steps.split('\n'), `${title}: four numbered steps`).toHaveLength(4);
  const missing = keyWords(title).filter((w) => !steps.includes(w));
  expect(missing, `the steps for "${title}" name ${missing.join(', ')}:\n${help}`).toEqual([]);
  for (const name of platformNames.filter((n) => new RegExp(`\\b${n}\\b`).test(title))) {
    expect(steps, `the steps for "${title}" name ${name}`).toContain(name.toLowerCase());
  }
}

/** The portfolio-samples answer a member got for "Create your Fiverr account and profile" (issue 37). */
const samplesAnswer = /make one sample for each|three finished samples/i;

const skills = ['logo design', 'bake sourdough bread', 'I teach guitar', 'Python programming and data analysis', 'I walk dogs'];

async function ideasFor(skill: string): Promise<PlanRequestData[]> {
  const input = buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });
  const { text } = await ideas.generateIdeas(input, () => {});
  const all = parseGeneratedIdeas(text, input.categories).ideas;
  // One idea of each category: the plans differ by where the idea is sold.
  const firsts = all.filter((idea, i) => all.findIndex((other) => other.category === idea.category) === i);
  return firsts.map((idea) => ({ ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category }));
}

/** Every task of a six-week offline plan, each with the milestone and plan around it. */
async function everyTaskOf(request: PlanRequestData): Promise<{ task: Task; place: Place }[]> {
  const planInput = buildPlanPromptInput(defaultAiSettings, request);
  const plan = parseGeneratedPlan((await plans.generatePlan(planInput)).text, { ...planInput, category: request.category, defaultTimeEstimate: '1 week' });
  const milestones = [plan.firstMilestone];
  for (const [i, outline] of plan.outlines.entries()) {
    const input = buildMilestonePromptInput(defaultAiSettings, {
      planTitle: plan.title,
      planDescription: plan.description,
      planCategory: plan.category,
      weekNumber: i + 2,
      totalWeeks: 1 + plan.outlines.length,
      outline: { title: outline.title, description: outline.description, tasks: [] },
      previous: [],
    });
    milestones.push(parseGeneratedMilestone((await plans.generateMilestone(input)).text, { tasks: input.tasks, defaultTimeEstimate: '1 week' }));
  }
  return milestones.flatMap((m) =>
    m.tasks.map((task) => ({
      task,
      place: { milestoneTitle: m.title, milestoneDescription: m.description, planTitle: plan.title, planCategory: plan.category },
    })),
  );
}

describe('offline task help', () => {
  it('names what each task of the offline plans names, over ideas of several skills and every category', async () => {
    const seen = new Set<string>();
    for (const skill of skills) {
      for (const request of await ideasFor(skill)) {
        for (const { task, place } of await everyTaskOf(request)) {
          if (seen.has(task.title)) continue;
          seen.add(task.title);
          const help = await helpWith(task, place);
          expectNamesItsTask(task.title, help);
          if (/\b(account|profile|shop|school)\b/i.test(task.title) && !/\b(samples?|images?|title|reviews?)\b/i.test(task.title)) {
            expect(help, task.title).not.toMatch(samplesAnswer);
          }
        }
      }
    }
    // The spread reached the plans' different places and weeks.
    expect(seen.size).toBeGreaterThan(120);
  }, 180_000);

  const place: Place = {
    milestoneTitle: 'Publish Logo Design Gig on Fiverr',
    milestoneDescription: 'Put Logo Design Gig where buyers can find and pay for it.',
    planTitle: 'Logo Design Gig in Three Packages: 6-Week Action Plan',
    planCategory: 'fiverr',
  };

  it.each([
    // [title, description, words of the kind of help it needs]
    ['Create your Fiverr account and profile', 'A friendly photo, a short bio and links to your samples.', /sign up on fiverr[\s\S]*bio/i],
    ['Set up an Etsy shop', '', /sign up on etsy[\s\S]*etsy shop/i],
    ['Film a 60-second reel of my bakes', '', /60-second reel of your bakes[\s\S]*film in daylight[\s\S]*instagram/i],
    ['Call three local gyms', '', /list of the three local gyms[\s\S]*phone number[\s\S]*call/i],
    ['Connect PayPal or Stripe to Gumroad', '', /test payment/i],
    ['Email ten cafés about weekly bread', '', /twenty[\s\S]*personalising the first line/i],
  ])('answers the task a member wrote: "%s"', async (title, description, fits) => {
    const help = await helpWith({ title, description }, place);
    expectNamesItsTask(title, help);
    expect(stepsOf(help)).toMatch(fits);
    expect(help).not.toMatch(samplesAnswer);
    expect(help).toMatch(/\*\*Free tool:\*\* .+ \(https:\/\/.+\)/);
  });

  it('suggests the platform or tool the task names, over the plan’s own', async () => {
    expect(await helpWith({ title: 'Set up an Etsy shop', description: '' }, place)).toContain('**Free tool:** Etsy (https://www.etsy.com)');
    expect(await helpWith({ title: 'Design three gig images in Canva', description: '' }, place)).toContain('**Free tool:** Canva (https://www.canva.com)');
    expect(await helpWith({ title: 'Record a short walkthrough for your buyers', description: 'A two-minute Loom video explaining the result.' }, place)).toContain(
      '**Free tool:** Loom (https://www.loom.com)',
    );
    // Without a named platform the plan's own is used.
    expect(stepsOf(await helpWith({ title: 'Write the gig description and FAQ', description: '' }, place))).toContain('Fiverr');
  });
});
