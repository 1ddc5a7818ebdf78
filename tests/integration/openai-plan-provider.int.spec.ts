import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../backend/application/ai/ai-settings';
import { parseGeneratedMilestone, parseGeneratedPlan, parseTaskHelp } from '../../backend/application/ai/plan-parse';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput } from '../../backend/application/ai/plan-prompt';
import { AiGenerationError } from '../../backend/application/ports/idea-generator';
import type { MilestoneRequestData, PlanRequestData, TaskHelpRequestData } from '../../backend/application/ports/plan-generator';
import { OpenAiIdeaGenerator } from '../../backend/infrastructure/ai/openai-idea-generator';
import { startOpenAiProtocolServer, type OpenAiProtocolServer } from '../support/openai-protocol-server';

/**
 * Plans, next milestones and task help through the real openai SDK against a local server that
 * speaks OpenAI's chat-completions protocol and honours max_tokens
 * (tests/support/openai-protocol-server.ts): what is sent, what comes back, and each failure
 * the member is told about (member-product §8).
 */

const idea: PlanRequestData = { ideaTitle: 'Custom Pet Portraits', ideaDescription: 'Paint pets from photos.', category: 'fiverr' };

const tasks = (week: number) =>
  Array.from({ length: 6 }, (_, i) => ({ title: `Week ${week} task ${i + 1}`, description: `Step ${i + 1} of week ${week}.` }));
const detailedMilestone = (week: number) => ({
  title: `Week ${week}: Portfolio and Pricing`,
  description: 'Make three pet portraits and price the gig.',
  timeEstimate: '1 week',
  tasks: tasks(week),
  freeResources: [{ name: 'Fiverr', url: 'https://www.fiverr.com' }],
  paidResources: [{ name: 'Skillshare', url: 'https://www.skillshare.com' }],
  successCriteria: 'Three samples and three price tiers ready.',
});
const planAnswer = JSON.stringify({
  title: 'Pet Portraits in Six Weeks',
  description: 'From first sample to steady orders.',
  category: 'fiverr',
  timeEstimate: '6 weeks',
  milestones: [
    { ...detailedMilestone(1), isDetailed: true },
    ...[2, 3, 4, 5, 6].map((week) => ({ title: `Week ${week}`, description: `Outline ${week}.`, timeEstimate: '1 week', isDetailed: false, tasks: [], freeResources: [], paidResources: [], successCriteria: '' })),
  ],
});

const milestoneRequest: MilestoneRequestData = {
  planTitle: 'Pet Portraits in Six Weeks',
  planDescription: 'From first sample to steady orders.',
  planCategory: 'fiverr',
  weekNumber: 2,
  totalWeeks: 6,
  outline: { title: 'Week 2', description: 'Outline 2.', tasks: [] },
  previous: [{ title: 'Week 1', description: 'Samples.', tasks: [{ title: 'Week 1 task 1', completed: true }] }],
};
const helpRequest: TaskHelpRequestData = {
  taskTitle: 'Set three price tiers',
  taskDescription: 'Starter, standard and premium.',
  milestoneTitle: 'Portfolio and Pricing',
  milestoneDescription: 'Make samples and price the gig.',
  planTitle: 'Pet Portraits in Six Weeks',
  planCategory: 'fiverr',
};

let server: OpenAiProtocolServer;
let generator: OpenAiIdeaGenerator;

beforeAll(async () => {
  server = await startOpenAiProtocolServer({ answer: planAnswer });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.reset();
  generator = new OpenAiIdeaGenerator({ apiKey: 'sk-test-plan-key', baseURL: server.baseURL, retryBaseMs: 10, timeoutMs: 2_000 });
});

async function failure(run: () => Promise<unknown>): Promise<AiGenerationError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AiGenerationError);
    return error as AiGenerationError;
  }
  throw new Error('expected a failure');
}

describe('plans through an OpenAI-compatible server', () => {
  it('sends the plan prompt with its token limit and answer schema, and the answer parses into a plan', async () => {
    const input = buildPlanPromptInput(defaultAiSettings, idea);
    const { text, usage, finishReason } = await generator.generatePlan(input);

    const [request] = server.chatRequests();
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: defaultAiSettings.maxTokens, temperature: 0.7, stream: true });
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'action_plan', strict: true } });
    expect(request.body.messages.at(-1).content).toContain('Idea: Custom Pet Portraits');
    expect(finishReason).toBe('stop');
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(usage.costUsd).toBeGreaterThan(0);

    const plan = parseGeneratedPlan(text, { ...input, category: idea.category, defaultTimeEstimate: input.milestoneTimeEstimate });
    expect(plan.firstMilestone.tasks).toHaveLength(6);
    expect(plan.outlines).toHaveLength(5);
  });

  it('details the next milestone with the milestone token limit', async () => {
    server.script({ answer: `\`\`\`json\n${JSON.stringify(detailedMilestone(2))}\n\`\`\`` });
    const input = buildMilestonePromptInput(defaultAiSettings, milestoneRequest);
    const { text } = await generator.generateMilestone(input);
    expect(server.chatRequests()[0].body).toMatchObject({ max_tokens: defaultAiSettings.milestoneMaxTokens, response_format: { json_schema: { name: 'milestone' } } });
    expect(server.chatRequests()[0].body.messages.at(-1).content).toContain('Detail week 2 of 6');
    expect(parseGeneratedMilestone(text, { tasks: input.tasks, defaultTimeEstimate: '1 week' }).tasks[0].title).toBe('Week 2 task 1');
  });

  it('asks for task help as plain text (no answer schema)', async () => {
    server.script({ answer: '1. List ten competitors.\n2. Price the middle tier as the obvious choice.' });
    const { text } = await generator.generateTaskHelp(buildTaskHelpPromptInput(defaultAiSettings, helpRequest));
    const body = server.chatRequests()[0].body;
    expect(body.response_format).toBeUndefined();
    expect(body.max_tokens).toBe(defaultAiSettings.helpMaxTokens);
    expect(body.messages.at(-1).content).toContain('Task: Set three price tiers');
    expect(parseTaskHelp(text)).toMatch(/^1\. List ten competitors/);
  });

  it('an answer cut at the token limit is a parse_error with the plan wording and what it cost', async () => {
    const input = { ...buildPlanPromptInput(defaultAiSettings, idea), maxTokens: 40 };
    const error = await failure(() => generator.generatePlan(input));
    expect(error.type).toBe('parse_error');
    expect(error.message).toBe('AI response was invalid. Please try again.');
    expect(error.detail.finishReason).toBe('length');
    expect(error.detail.usage?.outputTokens).toBe(40);
  });

  it('retries a rate limit before the answer starts, then answers', async () => {
    server.script({ error: { status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded', headers: { 'retry-after-ms': '20' } } });
    const { text } = await generator.generateTaskHelp(buildTaskHelpPromptInput(defaultAiSettings, helpRequest));
    expect(text).toContain('Pet Portraits in Six Weeks');
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('tells the member about a lasting rate limit, an unavailable server and a timeout', async () => {
    const limited = { error: { status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded', headers: { 'retry-after-ms': '10' } } };
    server.script(limited, limited, limited);
    const rate = await failure(() => generator.generateMilestone(buildMilestonePromptInput(defaultAiSettings, milestoneRequest)));
    expect(rate.type).toBe('rate_limit');
    expect(rate.message).toMatch(/^Too many requests\. Please wait/);

    const down = { error: { status: 503, message: 'Service unavailable', type: 'server_error' } };
    server.script(down, down, down);
    const unavailable = await failure(() => generator.generatePlan(buildPlanPromptInput(defaultAiSettings, idea)));
    expect(unavailable.type).toBe('unavailable');
    expect(unavailable.message).toBe('Failed to generate plan. Please try again.');

    const slow = new OpenAiIdeaGenerator({ apiKey: 'sk-test-plan-key', baseURL: server.baseURL, timeoutMs: 150, maxRetries: 0 });
    server.script({ delayMs: 600 });
    const timeout = await failure(() => slow.generatePlan(buildPlanPromptInput(defaultAiSettings, idea)));
    expect(timeout.type).toBe('timeout');
    expect(timeout.message).toBe('Request timed out. Please try again.');
  });

  it('falls back to the plain prompt when the server refuses response_format', async () => {
    server.script({ refuseResponseFormat: true });
    const { text } = await generator.generatePlan(buildPlanPromptInput(defaultAiSettings, idea));
    const [refused, plain] = server.chatRequests();
    expect(refused.body.response_format).toBeDefined();
    expect(plain.body.response_format).toBeUndefined();
    expect(JSON.parse(text).milestones).toHaveLength(6);
  });
});
