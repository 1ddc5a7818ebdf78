import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../application/ai/parse-ideas';
import { AiGenerationError } from '../../application/ports/idea-generator';
import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import { startOpenAiProtocolServer, type OpenAiProtocolServer } from '../../../tests/support/openai-protocol-server';
import { OpenAiIdeaGenerator, redactSecrets } from './openai-idea-generator';

/**
 * The adapter is exercised through the real openai SDK against a local server that speaks the
 * chat-completions streaming protocol (server-sent events, one `chat.completion.chunk` per line).
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

let server: Server;
let baseURL: string;
let received: Received[] = [];
let respond: (res: ServerResponse, body: any) => void | Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part) => (raw += part));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      void respond(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chunkLine = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_767_000_000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: null }],
    ...extra,
  })}\n\n`;

/** Streams `pieces` as deltas, then a finish chunk, a usage chunk (unless null) and [DONE]. */
function streamOf(pieces: string[], usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 812, completion_tokens: 1240 }) {
  return async (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const [i, piece] of pieces.entries()) {
      res.write(chunkLine(i === 0 ? { role: 'assistant', content: piece } : { content: piece }));
      await pause(2);
    }
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    if (usage) {
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  };
}

const splitInto = (text: string, size: number) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];

const modelAnswer = JSON.stringify({
  categories: [
    { id: 'fiverr', name: 'Fiverr Gigs', color: 'green' },
    { id: 'online', name: 'Online Business', color: 'blue' },
  ],
  ideas: [
    {
      id: 'fiverr-1',
      title: 'Sourdough Recipe Development Gig',
      subtitle: 'Custom recipes for cafés & home bakers',
      description: 'Develop and test sourdough recipes for cafés that want a signature loaf.',
      category: 'fiverr',
      industry: 'Food & Beverage',
      method: 'Fiverr gig packages',
      pricing: '$40-120 per recipe',
    },
    {
      id: 'online-1',
      title: 'Sourdough Starter Online Course',
      subtitle: 'A video course for beginners',
      description: 'Teach beginners to keep a starter alive and bake their first loaf.',
      category: 'online',
      industry: 'E-learning',
      method: 'Course sales on Teachable',
      pricing: '$49 one-time',
    },
  ],
  personalized: false,
});

const input = () => buildIdeaPromptInput(defaultAiSettings, { skill: 'baking sourdough bread' }, { personalized: false });
const generator = (options: { timeoutMs?: number; maxRetries?: number } = {}) =>
  new OpenAiIdeaGenerator({ apiKey: 'test-key', baseURL, ...options });

async function failureOf(run: Promise<unknown>): Promise<AiGenerationError> {
  const error = await run.then(
    () => {
      throw new Error('expected the generation to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiGenerationError);
  return error as AiGenerationError;
}

describe('OpenAI idea generator over the streaming protocol', () => {
  it('streams the chunks in order, returns the full text and the usage with its cost', async () => {
    const pieces = splitInto(modelAnswer, 37);
    respond = streamOf(pieces);
    const chunks: string[] = [];
    const { text, usage } = await generator().generateIdeas(input(), (chunk) => chunks.push(chunk));

    expect(chunks).toEqual(pieces);
    expect(text).toBe(modelAnswer);
    expect(usage).toEqual({
      model: 'gpt-4o-mini',
      inputTokens: 812,
      outputTokens: 1240,
      costUsd: (812 * 2.5 + 1240 * 10) / 1e6,
    });
    const ideas = parseGeneratedIdeas(text, input().categories);
    expect(ideas.ideas.map((i) => i.title)).toEqual(['Sourdough Recipe Development Gig', 'Sourdough Starter Online Course']);
  });

  it('sends the configured model, temperature, token limit and the prompt with the skill', async () => {
    respond = streamOf(['{}']);
    await generator().generateIdeas(input(), () => {});

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      max_tokens: 3000,
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: 'json_schema', json_schema: { name: 'ideas', strict: true, schema: expect.objectContaining({ type: 'object', additionalProperties: false }) } },
    });
    // The schema is the parser's: every field of an idea, all required, nothing else allowed.
    const ideaItems = request.body.response_format.json_schema.schema.properties.ideas.items;
    expect(ideaItems.required).toEqual(['id', 'title', 'subtitle', 'description', 'category', 'industry', 'method', 'pricing']);
    expect(ideaItems.additionalProperties).toBe(false);
    expect(request.body.messages).toEqual([
      { role: 'system', content: defaultAiSettings.systemPrompt },
      { role: 'user', content: expect.stringContaining('"baking sourdough bread"') },
    ]);
  });

  it('counts tokens with the tokenizer, marked estimated, when the server reports no usage', async () => {
    respond = streamOf(splitInto(modelAnswer, 50), null);
    const prompt = input();
    const { usage } = await generator().generateIdeas(prompt, () => {});
    const inputTokens = countPromptTokens([{ content: prompt.systemPrompt }, { content: prompt.userPrompt }], 'gpt-4o-mini');
    const outputTokens = countTokens(modelAnswer, 'gpt-4o-mini');
    expect(usage).toEqual({ model: 'gpt-4o-mini', inputTokens, outputTokens, costUsd: expect.any(Number), estimated: true });
    expect(usage.costUsd).toBeCloseTo((inputTokens * 2.5 + outputTokens * 10) / 1e6, 10);
  });

  it('maps HTTP 429 to rate_limit once no retry is left, saying how long the provider asked to wait', async () => {
    respond = (res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '20' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', code: 'rate_limit_exceeded' } }));
    };
    const error = await failureOf(generator({ maxRetries: 0 }).generateIdeas(input(), () => {}));
    expect(error.type).toBe('rate_limit');
    expect(error.message).toBe('Too many requests. Please wait 20 seconds before trying again.');
    expect(received).toHaveLength(1);
  });

  it('says "a moment" when a 429 gives no retry-after', async () => {
    respond = (res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', code: 'rate_limit_exceeded' } }));
    };
    const error = await failureOf(generator({ maxRetries: 0 }).generateIdeas(input(), () => {}));
    expect(error.message).toBe('Too many requests. Please wait a moment before trying again.');
  });

  it('maps a server that never answers to timeout', async () => {
    respond = () => {
      /* accept the request and say nothing */
    };
    const started = Date.now();
    const error = await failureOf(generator({ timeoutMs: 300 }).generateIdeas(input(), () => {}));
    expect(error.type).toBe('timeout');
    expect(error.message).toBe('Request timed out. Please try again.');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('maps a stream that stalls midway to timeout, after passing on what arrived', async () => {
    respond = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunkLine({ role: 'assistant', content: '{"categories":' }));
    };
    const chunks: string[] = [];
    const error = await failureOf(generator({ timeoutMs: 300 }).generateIdeas(input(), (c) => chunks.push(c)));
    expect(error.type).toBe('timeout');
    expect(chunks).toEqual(['{"categories":']);
  });

  it('lets a slow but steady stream finish: the timeout is per chunk, not for the whole answer', async () => {
    // Each gap is an eighth of the timeout, so a loaded machine's late timers cannot stretch one gap
    // past it, while the whole stream still lasts longer than the timeout.
    const timeoutMs = 1_200;
    const gapMs = 150;
    const pieces = splitInto(modelAnswer, Math.ceil(modelAnswer.length / 10));
    respond = async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of pieces) {
        res.write(chunkLine({ content: piece }));
        await pause(gapMs);
      }
      res.end('data: [DONE]\n\n');
    };
    const started = Date.now();
    const { text } = await generator({ timeoutMs }).generateIdeas(input(), () => {});
    expect(Date.now() - started).toBeGreaterThan(timeoutMs);
    expect(text).toBe(modelAnswer);
  });

  it('passes malformed JSON through; parsing it then fails with parse_error', async () => {
    const truncated = modelAnswer.slice(0, 300);
    respond = streamOf(splitInto(truncated, 40));
    const { text } = await generator().generateIdeas(input(), () => {});
    expect(text).toBe(truncated);
    let error: unknown;
    try {
      parseGeneratedIdeas(text, input().categories);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AiGenerationError);
    expect((error as AiGenerationError).type).toBe('parse_error');
    expect((error as AiGenerationError).message).toBe('Failed to parse ideas. Please try again.');
  });

  it('parses an answer wrapped in code fences with HTML entities', async () => {
    const escaped = modelAnswer.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    respond = streamOf(splitInto(`Here you go:\n\`\`\`json\n${escaped}\n\`\`\`\n`, 30));
    const { text } = await generator().generateIdeas(input(), () => {});
    const ideas = parseGeneratedIdeas(text, input().categories);
    expect(ideas.ideas).toHaveLength(2);
    expect(ideas.ideas[0].subtitle).toBe('Custom recipes for cafés & home bakers');
  });

  it('maps a server error to unavailable', async () => {
    respond = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    };
    const logged: string[] = [];
    const failing = new OpenAiIdeaGenerator({ apiKey: 'test-key', baseURL, maxRetries: 0, log: (line) => logged.push(line) });
    const error = await failureOf(failing.generateIdeas(input(), () => {}));
    expect(error.type).toBe('unavailable');
    expect(error.message).toBe('Failed to generate ideas. Please try again.');
    expect(logged.join('\n')).toContain('HTTP 500');
    expect(logged.join('\n')).not.toContain('test-key');
  });

  it('maps an error sent inside the stream', async () => {
    respond = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunkLine({ content: '{"ideas": [' }));
      res.end(`data: ${JSON.stringify({ error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } })}\n\n`);
    };
    const error = await failureOf(generator().generateIdeas(input(), () => {}));
    expect(error.type).toBe('rate_limit');
  });

  it('maps an unreachable server to unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new OpenAiIdeaGenerator({ apiKey: 'k', baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    const error = await failureOf(unreachable.generateIdeas(input(), () => {}));
    expect(error.type).toBe('unavailable');
  });

  it('stops when the caller aborts, with an AbortError rather than a generation failure', async () => {
    respond = streamOf(splitInto(modelAnswer, 10));
    const controller = new AbortController();
    let chunks = 0;
    const run = generator().generateIdeas(
      input(),
      () => {
        if (++chunks === 2) controller.abort();
      },
      controller.signal,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toBe(2);
  });

  it('rethrows an error raised by the chunk callback unchanged', async () => {
    respond = streamOf(splitInto(modelAnswer, 10));
    const boom = new Error('client went away');
    await expect(
      generator().generateIdeas(input(), () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});

describe('OpenAI idea generator: retries, start-up check and redaction', () => {
  let protocol: OpenAiProtocolServer;
  beforeAll(async () => {
    protocol = await startOpenAiProtocolServer({ answer: modelAnswer });
  });
  afterAll(async () => protocol.close());
  beforeEach(() => protocol.reset());
  const logged = () => {
    const lines: string[] = [];
    return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
  };

  it('warns at start when the base URL answers 404 on the models endpoint (no /v1)', async () => {
    const { lines, log } = logged();
    const withoutV1 = protocol.baseURL.replace(/\/v1$/, '');
    const check = await new OpenAiIdeaGenerator({ apiKey: 'sk-test-key-0123456789', baseURL: withoutV1, log }).checkProvider();
    expect(check).toMatchObject({ ok: false });
    expect(lines.join('\n')).toContain('warn openai: GET');
    expect(lines.join('\n')).toContain('answered 404: does OPENAI_BASE_URL end in /v1?');
  });

  it('warns at start when the provider refuses the key, without logging the key', async () => {
    protocol.modelsStatus = 401;
    const { lines, log } = logged();
    const generator = new OpenAiIdeaGenerator({ apiKey: 'sk-test-abcdefghijklmnop1234', baseURL: protocol.baseURL, log });
    await generator.checkProvider();
    expect(lines.join('\n')).toContain('the provider refused the key (HTTP 401)');
    expect(generator.status().startupCheck).toMatchObject({ ok: false });
  });

  it('redacts anything shaped like a key from provider messages before logging them', async () => {
    const key = 'sk-proj-Abcdefghijklmnopqrstuvwxyz0123456789';
    protocol.script({ error: { status: 401, message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`, code: 'invalid_api_key' } });
    const { lines, log } = logged();
    const generator = new OpenAiIdeaGenerator({ apiKey: key, baseURL: protocol.baseURL, log });
    const error = await failureOf(generator.generateIdeas(input(), () => {}));
    expect(error.type).toBe('unavailable');
    expect(lines.join('\n')).toContain('HTTP 401');
    expect(lines.join('\n')).toContain('[redacted]');
    expect(lines.join('\n')).not.toContain('Abcdefghij');
    expect(JSON.stringify(generator.status())).not.toContain('Abcdefghij');
    expect(redactSecrets('Incorrect API key provided: sk-abc12***************************wxyz.')).toBe('Incorrect API key provided: [redacted].');
    expect(protocol.chatRequests()).toHaveLength(1);
  });

  it('never retries past the deadline: a 429 asking for 60 s fails at once and says so', async () => {
    protocol.script({ error: { status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded', headers: { 'retry-after': '60' } } });
    const started = Date.now();
    const error = await failureOf(new OpenAiIdeaGenerator({ apiKey: 'k', baseURL: protocol.baseURL, retryDeadlineMs: 5_000 }).generateIdeas(input(), () => {}));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ type: 'rate_limit', message: 'Too many requests. Please wait 60 seconds before trying again.' });
    expect(protocol.chatRequests()).toHaveLength(1);
  });

  it('retries connection errors and 502/503/504 at most twice, with backoff', async () => {
    for (const status of [502, 503, 504, 408]) {
      protocol.reset();
      protocol.script({ error: { status, message: 'upstream trouble' } }, { error: { status, message: 'upstream trouble' } }, { error: { status, message: 'upstream trouble' } });
      const error = await failureOf(new OpenAiIdeaGenerator({ apiKey: 'k', baseURL: protocol.baseURL, retryBaseMs: 10 }).generateIdeas(input(), () => {}));
      expect(error.type).toBe('unavailable');
      expect(protocol.chatRequests()).toHaveLength(3);
    }
    protocol.reset();
    protocol.script({ error: { status: 400, message: 'bad request' } });
    await failureOf(new OpenAiIdeaGenerator({ apiKey: 'k', baseURL: protocol.baseURL, retryBaseMs: 10 }).generateIdeas({ ...input(), answerSchema: undefined }, () => {}));
    expect(protocol.chatRequests()).toHaveLength(1);
  });

  it('a stream that stalls after output records what streamed, counted with the tokenizer', async () => {
    respond = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunkLine({ role: 'assistant', content: '{"categories": [{"id": "fiverr"' }));
    };
    const error = await failureOf(generator({ timeoutMs: 300 }).generateIdeas(input(), () => {}));
    expect(error.type).toBe('timeout');
    expect(error.detail.usage).toMatchObject({ estimated: true, outputTokens: countTokens('{"categories": [{"id": "fiverr"', 'gpt-4o-mini') });
    expect(received).toHaveLength(1);
  });
});
