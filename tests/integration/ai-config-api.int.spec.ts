import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../backend/application/ai/ai-settings';
import { AI_CALL_STREAM_PREFIX } from '../../backend/domain/ai-usage/ai-call';
import { staffMember } from '../support/member-data';
import { startOpenAiProtocolServer, type OpenAiProtocolServer } from '../support/openai-protocol-server';
import { streamMessages } from '../support/scripted-idea-generator';
import { Client, everyEvent, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The AI configuration as events (issue 33; back-office §2 Model, Skilly AI, Skilly Prompts tabs,
 * §5 ranges, §7 calls): saves and restores become versions, the preview shows the exact prompt,
 * the prompt history lists the latest generations, and each AI call names the version it used.
 * The product talks to a local OpenAI-protocol server through the real SDK.
 */

let server: OpenAiProtocolServer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;

const answer = JSON.stringify({
  categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }],
  ideas: [1, 2, 3, 4].map((n) => ({
    id: `fiverr-${n}`, title: `Idea ${n}`, subtitle: 'Who pays', description: 'A description of the idea.', category: 'fiverr',
    industry: 'Art', method: 'Gigs', pricing: '$40',
  })),
  personalized: false,
});

beforeAll(async () => {
  server = await startOpenAiProtocolServer({ answer });
  t = await startTestApp({ OPENAI_API_KEY: 'sk-test-abcdefghijklmnopqrstuvwxyz123456', OPENAI_BASE_URL: server.baseURL, TRIAL_GENERATIONS_PER_DAY: '1000' });
  admin = await staffMember(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

async function signedUp() {
  const c = new Client(t.url);
  const details = newMember();
  const res = await c.post('/api/auth/signup', details);
  expect(res.status).toBe(201);
  return { c, id: res.body.user.id as string, details };
}

async function aiCalls() {
  const page = await everyEvent(t);
  return page.filter((e) => e.streamName.startsWith(AI_CALL_STREAM_PREFIX)).map((e) => e.data as Record<string, unknown>);
}

const endpoints: [string, string, unknown?][] = [
  ['GET', '/api/admin/ai-config'],
  ['POST', '/api/admin/ai-config', { temperature: 0.5 }],
  ['GET', '/api/admin/ai-config/versions'],
  ['GET', '/api/admin/ai-config/versions/0'],
  ['POST', '/api/admin/ai-config/versions/0/restore', {}],
  ['POST', '/api/admin/ai-config/preview', { kind: 'ideas' }],
  ['GET', '/api/admin/idea-sets'],
];

const call = (c: Client, method: string, path: string, body?: unknown) => (method === 'GET' ? c.get(path) : c.post(path, body));

describe('who may see and change the AI configuration', () => {
  it('admins only: a visitor is told to sign in (401), free, pro and moderator are refused (403), and nothing is saved', async () => {
    const free = await signedUp();
    const pro = await signedUp();
    await t.services.identity.changeRole(pro.id, 'pro', 'test', { actor: null, requestId: 'pro' });
    const moderator = await staffMember(t, 'moderator');
    await t.services.runner.catchUpAll();
    const callers: [string, Client, number][] = [
      ['visitor', new Client(t.url), 401],
      ['free', free.c, 403],
      ['pro', pro.c, 403],
      ['moderator', moderator.client, 403],
    ];
    for (const [name, client, status] of callers) {
      for (const [method, path, body] of endpoints) {
        expect((await call(client, method, path, body)).status, `${name} ${method} ${path}`).toBe(status);
      }
    }
    expect((await admin.client.get('/api/admin/ai-config/versions')).body).toEqual([]);
    expect((await admin.client.get('/api/admin/ai-config')).body).toMatchObject({ version: 0, savedBy: null, temperature: defaultAiSettings.temperature });
  });
});

describe('§5 ranges', () => {
  const cases: [string, number, number, string][] = [
    ['ideaMaxTokens', 500, 3000, 'Idea tokens must be between 500 and 3000'],
    ['maxTokens', 1000, 10000, 'Plan tokens must be between 1000 and 10000'],
    ['milestoneMaxTokens', 500, 5000, 'Milestone tokens must be between 500 and 5000'],
    ['helpMaxTokens', 300, 2000, 'Help tokens must be between 300 and 2000'],
    ['temperature', 0, 2, 'Temperature must be between 0 and 2'],
  ];
  it.each(cases)('%s: past either bound is a 400 with the schema message and nothing saved; at the bounds it saves', async (field, min, max, message) => {
    const before = (await admin.client.get('/api/admin/ai-config/versions')).body.length;
    const step = field === 'temperature' ? 0.1 : 1;
    for (const value of [min - step, max + step]) {
      const res = await admin.client.post('/api/admin/ai-config', { [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.client.get('/api/admin/ai-config/versions')).body).toHaveLength(before);
    // At the lower bound the range lets it through; the token budget (token-budget.ts) may still refuse a limit that
    // cannot hold the answer the builder settings ask for, in its own words, never the range's.
    const atMin = await admin.client.post('/api/admin/ai-config', {
      [field]: min,
      ...(field === 'ideaMaxTokens' ? { promptBuilderSettings: { ideasPerCategory: 1, ideaDescriptionLength: 100 } } : {}),
    });
    if (atMin.status !== 200) expect(atMin.body).toMatchObject({ code: 'invalid_ai_config', message: expect.not.stringContaining('must be between') });
    else expect(atMin.body[field]).toBe(min);
    const atMax = await admin.client.post('/api/admin/ai-config', { [field]: max });
    expect(atMax.status, atMax.text).toBe(200);
    expect(atMax.body[field]).toBe(max);
    await admin.client.post('/api/admin/ai-config/versions/0/restore', {});
  });

  it('temperature in steps of 0.1, costs 0 or more in steps of 0.01', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ temperature: 0.75 }, 'Temperature must be in steps of 0.1'],
      [{ inputTokenCostPer1M: -0.01 }, 'Input token cost must be 0 or more'],
      [{ outputTokenCostPer1M: 1.005 }, 'Output token cost must be in steps of 0.01'],
    ];
    for (const [body, message] of refused) {
      const res = await admin.client.post('/api/admin/ai-config', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const ok = await admin.client.post('/api/admin/ai-config', { inputTokenCostPer1M: 0, outputTokenCostPer1M: 12.34 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ inputTokenCostPer1M: 0, outputTokenCostPer1M: 12.34 });
  });
});

describe('versions and restore', () => {
  it('a save is listed with who made it and what changed; a restore brings the earlier settings back as a new version', async () => {
    const saved = await admin.client.post('/api/admin/ai-config', { modelName: 'gpt-4.1-mini', reason: 'Cheaper' });
    expect(saved.status).toBe(200);
    const first = saved.body.version as number;
    expect(saved.body).toMatchObject({ modelName: 'gpt-4.1-mini', savedBy: { id: admin.userId, name: `${admin.firstName} ${admin.lastName}` } });
    const second = await admin.client.post('/api/admin/ai-config', { modelName: 'gpt-4o' });
    expect(second.body.version).toBe(first + 1);

    const versions = (await admin.client.get('/api/admin/ai-config/versions')).body;
    expect(versions[0]).toMatchObject({ version: first + 1, changedFields: ['modelName'], restoredFrom: null, savedBy: { id: admin.userId } });
    expect(versions[1]).toMatchObject({ version: first, reason: 'Cheaper' });
    expect((await admin.client.get(`/api/admin/ai-config/versions/${first}`)).body.modelName).toBe('gpt-4.1-mini');

    const unchanged = await admin.client.post('/api/admin/ai-config', { modelName: 'gpt-4o' });
    expect(unchanged.body.version).toBe(first + 1);

    const restored = await admin.client.post(`/api/admin/ai-config/versions/${first}/restore`, { reason: 'Back' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: first + 2, modelName: 'gpt-4.1-mini' });
    expect((await admin.client.get('/api/admin/ai-config/versions')).body[0]).toMatchObject({ version: first + 2, restoredFrom: first, reason: 'Back' });

    const missing = await admin.client.post('/api/admin/ai-config/versions/9999/restore', {});
    expect(missing.status).toBe(404);
    expect((await admin.client.get('/api/admin/ai-config/versions/9999')).status).toBe(404);
  });
});

describe('sending back what was read', () => {
  it('takes the whole GET answer with a change (its version, savedAt and savedBy ignored); an unknown key is refused', async () => {
    const read = (await admin.client.get('/api/admin/ai-config')).body;
    const saved = await admin.client.post('/api/admin/ai-config', { ...read, systemPrompt: 'You are Skilly, briefly.' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ systemPrompt: 'You are Skilly, briefly.', version: read.version + 1 });
    const refused = await admin.client.post('/api/admin/ai-config', { temperature: 0.5, colour: 'blue' });
    expect(refused.status).toBe(400);
    expect((await admin.client.get('/api/admin/ai-config')).body.temperature).toBe(saved.body.temperature);
  });
});

describe('two admins saving at once', () => {
  it('saves of different fields made together both hold, every round, as consecutive versions', async () => {
    const other = await staffMember(t, 'admin');
    const before = (await admin.client.get('/api/admin/ai-config')).body;
    expect(before.temperature).toBeLessThan(0.8);
    expect(before.outputTokenCostPer1M).not.toBeGreaterThan(20);
    const start = before.version as number;
    const rounds = 12;
    for (let round = 1; round <= rounds; round++) {
      // A new value each round (never the one in force), so each save changes its field and makes a version.
      const temperature = Number(((round + 7) / 10).toFixed(1));
      const outputTokenCostPer1M = Number((20 + round / 100).toFixed(2));
      const [a, b] = await Promise.all([
        admin.client.post('/api/admin/ai-config', { temperature }),
        other.client.post('/api/admin/ai-config', { outputTokenCostPer1M }),
      ]);
      expect(a.status, a.text).toBe(200);
      expect(b.status, b.text).toBe(200);
      const current = (await admin.client.get('/api/admin/ai-config')).body;
      expect(current, `round ${round}`).toMatchObject({ temperature, outputTokenCostPer1M, version: start + 2 * round });
    }
    const versions = (await admin.client.get('/api/admin/ai-config/versions')).body as { version: number; changedFields: string[]; savedBy: { id: string } }[];
    const made = versions.filter((v) => v.version > start);
    expect(made.map((v) => v.version)).toEqual(Array.from({ length: 2 * rounds }, (_, i) => start + 2 * rounds - i));
    // Each version changed only its own admin's field: no save put back the other's older value.
    for (const v of made) {
      expect(v.changedFields).toEqual([v.savedBy.id === admin.userId ? 'temperature' : 'outputTokenCostPer1M']);
    }
    await admin.client.post('/api/admin/ai-config/versions/0/restore', {});
  });
});

describe('the prompt the adapter sends', () => {
  it('follows the builder settings and the idea prompt; a restore restores the prompt; the preview shows the same messages; the call names the version', async () => {
    await admin.client.post('/api/admin/ai-config/versions/0/restore', {});
    const before = (await admin.client.get('/api/admin/ai-config')).body.version as number;
    const changed = await admin.client.post('/api/admin/ai-config', {
      ideaGenerationPrompt: 'Ideas for {skill}: exactly {ideasPerCategory} per category, {totalIdeas} in all. MARKER-ONE',
      promptBuilderSettings: { ideasPerCategory: 2, ideaCustomInstructions: 'Mention a kiln. MARKER-TWO' },
    });
    expect(changed.status, changed.text).toBe(200);
    const version = changed.body.version as number;

    const { c } = await signedUp();
    server.reset();
    const generated = await c.post('/api/generate-ideas-stream', { skill: 'pottery' });
    expect(streamMessages(generated.text).at(-1)).toMatchObject({ done: true });
    const [request] = server.chatRequests();
    const sent = request.body.messages as { role: string; content: string }[];
    const user = sent.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Ideas for pottery: exactly 2 per category, 8 in all. MARKER-ONE');
    expect(user).toContain('MARKER-TWO');

    const preview = await admin.client.post('/api/admin/ai-config/preview', { kind: 'ideas', sample: { skill: 'pottery' } });
    expect(preview.status).toBe(200);
    expect(preview.body.user).toBe(user);
    expect(preview.body.system).toBe(sent.find((m) => m.role === 'system')!.content);
    expect(preview.body).toMatchObject({ model: request.body.model, maxTokens: request.body.max_tokens, temperature: request.body.temperature });

    const unsaved = await admin.client.post('/api/admin/ai-config/preview', { kind: 'ideas', changes: { promptBuilderSettings: { ideasPerCategory: 1 } } });
    expect(unsaved.status, unsaved.text).toBe(200);
    expect(unsaved.body.user).toContain('exactly 1 per category, 4 in all');
    for (const kind of ['plan', 'nextMilestone', 'taskHelp']) {
      const res = await admin.client.post('/api/admin/ai-config/preview', { kind });
      expect(res.status, kind).toBe(200);
      expect(res.body.user.length).toBeGreaterThan(0);
    }

    await t.services.runner.catchUpAll();
    const calls = await aiCalls();
    expect(calls.at(-1)).toMatchObject({ kind: 'ideas', outcome: 'succeeded', configVersion: version });
    const history = (await admin.client.get('/api/admin/idea-sets')).body;
    expect(history[0]).toMatchObject({ skill: 'pottery', configVersion: version, ideaCount: 4 });

    const restored = await admin.client.post(`/api/admin/ai-config/versions/${before}/restore`, {});
    expect(restored.status).toBe(200);
    server.reset();
    // Another member: a free member's monthly idea credit went on the first generation.
    const again = await (await signedUp()).c.post('/api/generate-ideas-stream', { skill: 'pottery' });
    expect(streamMessages(again.text).at(-1)).toMatchObject({ done: true });
    const restoredUser = (server.chatRequests()[0].body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
    expect(restoredUser).not.toContain('MARKER-ONE');
    expect(restoredUser).not.toContain('MARKER-TWO');
    expect(restoredUser).toContain('"pottery"');
  });
});

describe('prompt history', () => {
  it('shows the 10 most recent idea sets of all members, newest first, with name, email and idea count', async () => {
    const idea = { id: 'a', title: 'Pet portraits', subtitle: 's', description: 'Paint pets', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40' };
    const skills: string[] = [];
    let last: Awaited<ReturnType<typeof signedUp>> | undefined;
    for (let i = 0; i < 11; i++) {
      if (i % 4 === 0) last = await signedUp();
      const skill = `History skill ${i}`;
      skills.push(skill);
      const res = await last!.c.post('/api/idea-sets', { skill, categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea, { ...idea, id: 'b' }] });
      expect(res.status, res.text).toBe(201);
    }
    const history = (await admin.client.get('/api/admin/idea-sets')).body;
    expect(history).toHaveLength(10);
    expect(history.map((h: { skill: string }) => h.skill)).toEqual(skills.slice(1).reverse());
    expect(history[0]).toMatchObject({
      ideaCount: 2,
      userEmail: last!.details.email.toLowerCase(),
      userFirstName: last!.details.firstName,
      userLastName: last!.details.lastName,
      configVersion: null,
      personalized: false,
      categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }],
    });
    expect(history[0].ideas.map((i: { title: string }) => i.title)).toEqual(['Pet portraits', 'Pet portraits']);
  });
});
