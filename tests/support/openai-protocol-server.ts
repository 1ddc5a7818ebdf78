import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * A small server speaking OpenAI's chat-completions protocol, written from the public API
 * reference (https://platform.openai.com/docs/api-reference/chat): `POST /v1/chat/completions`
 * answers a `chat.completion` object, or with `stream: true` server-sent events of
 * `chat.completion.chunk` objects (`data: {...}` lines), a last chunk with `finish_reason`, a
 * usage chunk (`choices: []`) when `stream_options.include_usage` is true, and `data: [DONE]`.
 * `max_tokens` (or `max_completion_tokens`) is honoured as OpenAI does: the answer stops at that
 * many tokens (o200k) with `finish_reason: "length"`. Errors are `{ error: { message, type,
 * param, code } }` bodies with their HTTP status and, when scripted, `retry-after` headers.
 * `GET /v1/models` lists one model. Each test scripts what the next requests get.
 */

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** What one chat-completions request gets; unscripted requests get `{}` (the answer, streamed). */
export interface Step {
  /** Answer with this error status and body (`{ error: {...} }`) instead. */
  error?: { status: number; message: string; type?: string; code?: string | null; headers?: Record<string, string> };
  /** The assistant's answer text (default: the server's `answer`). */
  answer?: string;
  /** Send one `chat.completion` JSON even when `stream: true` was asked. */
  ignoreStream?: boolean;
  /** Leave out the usage chunk even when include_usage was asked. */
  noUsage?: boolean;
  /** Close the connection after this many content chunks (no finish, no usage, no [DONE]). */
  cutAfterChunks?: number;
  /** Wait this long before answering at all. */
  delayMs?: number;
  /** Answer 400 when the request carries `response_format` (a server that does not support it). */
  refuseResponseFormat?: boolean;
}

export interface OpenAiProtocolServer {
  /** Base URL including `/v1`, as OPENAI_BASE_URL takes it. */
  baseURL: string;
  requests: ReceivedRequest[];
  chatRequests(): ReceivedRequest[];
  /** The next chat requests get these steps, in order; later ones the default. */
  script(...steps: Step[]): void;
  /** The default answer text. */
  answer: string;
  /** Tokens per streamed chunk (default 4). */
  tokensPerChunk: number;
  /** Status of GET /v1/models (default 200). */
  modelsStatus: number;
  reset(): void;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An approximation of OpenAI's prompt count: each message's tokens plus a few of framing. */
function promptTokens(messages: { content?: unknown }[] = []): number {
  return messages.reduce<number>((sum, m) => sum + encode(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')).length + 4, 3);
}

export async function startOpenAiProtocolServer(options: { answer?: string } = {}): Promise<OpenAiProtocolServer> {
  let steps: Step[] = [];
  const state: OpenAiProtocolServer = {
    baseURL: '',
    requests: [],
    chatRequests: () => state.requests.filter((r) => r.url.endsWith('/chat/completions')),
    script: (...more) => {
      steps.push(...more);
    },
    answer: options.answer ?? '{"ideas":[]}',
    tokensPerChunk: 4,
    modelsStatus: 200,
    reset: () => {
      steps = [];
      state.requests = [];
      state.modelsStatus = 200;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const sendError = (res: ServerResponse, status: number, error: { message: string; type?: string; code?: string | null; param?: string | null }, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message: error.message, type: error.type ?? 'invalid_request_error', param: error.param ?? null, code: error.code ?? null } }));
  };

  async function chat(res: ServerResponse, body: any) {
    const step = steps.shift() ?? {};
    if (step.delayMs) await pause(step.delayMs);
    if (res.destroyed) return;
    if (step.error) {
      const { status, headers, ...error } = step.error;
      sendError(res, status, error, headers);
      return;
    }
    if (step.refuseResponseFormat && body?.response_format) {
      sendError(res, 400, { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", param: 'response_format', code: null });
      return;
    }
    const model = String(body?.model ?? 'gpt-4o-mini');
    const limit = Number(body?.max_completion_tokens ?? body?.max_tokens ?? Infinity);
    let tokens = encode(step.answer ?? state.answer);
    let finishReason = 'stop';
    if (tokens.length > limit) {
      tokens = tokens.slice(0, limit);
      finishReason = 'length';
    }
    const usage = { prompt_tokens: promptTokens(body?.messages), completion_tokens: tokens.length };
    const total = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const created = Math.floor(Date.now() / 1000);

    if (body?.stream !== true || step.ignoreStream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: decode(tokens), refusal: null }, logprobs: null, finish_reason: finishReason }],
          usage: total,
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    let sent = 0;
    for (let at = 0; at < tokens.length; at += state.tokensPerChunk) {
      if (res.destroyed) return;
      if (step.cutAfterChunks !== undefined && sent >= step.cutAfterChunks) {
        // Let what was written reach the client first, then drop the connection.
        await pause(100);
        res.destroy();
        return;
      }
      res.write(chunk({ content: decode(tokens.slice(at, at + state.tokensPerChunk)) }, null));
      sent++;
      if (sent % 50 === 0) await pause(1);
    }
    res.write(chunk({}, finishReason));
    if (body?.stream_options?.include_usage && !step.noUsage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: total })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part) => (raw += part));
    req.on('end', () => {
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        sendError(res, 400, { message: 'We could not parse the JSON body of your request.' });
        return;
      }
      state.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
        sendError(res, 401, { message: 'You did not provide an API key.', code: null });
        return;
      }
      if (req.method === 'GET' && req.url === '/v1/models') {
        if (state.modelsStatus !== 200) {
          sendError(res, state.modelsStatus, { message: state.modelsStatus === 401 ? 'Incorrect API key provided: sk-test*********************1234.' : 'Not found', code: state.modelsStatus === 401 ? 'invalid_api_key' : null });
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 1721172741, owned_by: 'system' }] }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        void chat(res, body).catch(() => res.destroy());
        return;
      }
      sendError(res, 404, { message: `Invalid URL (${req.method} ${req.url})`, code: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
