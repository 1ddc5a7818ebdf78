import { request as httpRequest } from 'node:http';
import { buildIdeaPromptInput } from '../../backend/application/ai/idea-prompt';
import { defaultAiSettings } from '../../backend/application/ai/ai-settings';
import { OfflineIdeaGenerator } from '../../backend/infrastructure/ai/offline-idea-generator';
import { target } from './targets';
import { startProductServer } from './support/load';

export interface FirstChunk {
  /** Generations started at once. */
  concurrent: number;
  completed: number;
  /** Through the real server process: request → first `data: {"content"` line (visitor trial). */
  throughHttp: { firstChunkMedianMs: number; firstChunkP95Ms: number; completeMedianMs: number; completeMaxMs: number };
  /** The server's longest event-loop delay while they ran (`monitorEventLoopDelay`). */
  maxEventLoopDelayMs: number;
  /** The offline generator called directly, one at a time, no HTTP, no database. */
  generatorAlone: { firstChunkMedianMs: number; completeMedianMs: number };
}

const crafts = ['pottery', 'sourdough bread', 'wedding photos', 'bicycles', 'wool scarves', 'garden furniture', 'logo design', 'spanish lessons', 'dog training', 'yoga classes'];
const verbs = ['I make', 'I repair', 'I teach', 'I sell', 'I design', 'I photograph', 'I restore', 'I write about', 'I coach people in', 'I build'];
/** A different skill sentence for each generation, so no reading of an earlier one is reused. */
const skillOf = (n: number) => `${verbs[n % verbs.length]} ${crafts[Math.floor(n / verbs.length) % crafts.length]}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (n: number) => Number(n.toFixed(1));

/**
 * One visitor's generation on a connection of its own (no keep-alive: a streamed answer's
 * socket left open by a client pool keeps the server from closing).
 */
function generate(url: string, n: number): Promise<{ firstMs: number; completeMs: number } | null> {
  const started = performance.now();
  const body = JSON.stringify({ skill: skillOf(n) });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/api/generate-ideas-stream`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
      (response) => {
        let buffer = '';
        let first: number | undefined;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          if (first === undefined && /data: \{"content"/.test(buffer)) first = performance.now() - started;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`generate-ideas-stream answered ${response.statusCode}: ${buffer}`));
          resolve(first === undefined || !buffer.includes('"done":true') ? null : { firstMs: first, completeMs: performance.now() - started });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * `concurrent` offline idea generations started at once against the real server process (as a
 * visitor's trial): first streamed chunk median and p95, how many completed, and the server's
 * longest event-loop delay meanwhile; beside it, the offline generator's own time alone.
 */
export async function benchFirstChunk(databaseUrl: string, concurrent = 20): Promise<FirstChunk> {
  const server = await startProductServer(databaseUrl, { TRIAL_GENERATIONS_PER_DAY: '10000' });
  let runs: ({ firstMs: number; completeMs: number } | null)[];
  let maxEventLoopDelayMs: number;
  try {
    // A warm-up generation (JIT, connections), then a fresh event-loop window.
    await generate(server.url, 0);
    await server.probe(true);
    runs = await Promise.all(Array.from({ length: concurrent }, (_, i) => generate(server.url, i + 1).catch(() => null)));
    maxEventLoopDelayMs = (await server.probe()).eventLoop.maxMs;
  } finally {
    await server.stop();
  }
  const done = runs.filter((run) => run !== null);
  const first = done.map((run) => run.firstMs);
  const complete = done.map((run) => run.completeMs);

  const generator = new OfflineIdeaGenerator();
  const aloneFirst: number[] = [];
  const aloneComplete: number[] = [];
  for (let i = 0; i < 5; i++) {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: skillOf(50 + i) }, { personalized: false });
    const started = performance.now();
    let firstChunk: number | undefined;
    await generator.generateIdeas(input, () => {
      firstChunk ??= performance.now() - started;
    });
    aloneFirst.push(firstChunk!);
    aloneComplete.push(performance.now() - started);
  }

  return {
    concurrent,
    completed: done.length,
    throughHttp: {
      firstChunkMedianMs: done.length ? round(median(first)) : NaN,
      firstChunkP95Ms: done.length ? round(p95(first)) : NaN,
      completeMedianMs: done.length ? round(median(complete)) : NaN,
      completeMaxMs: done.length ? round(Math.max(...complete)) : NaN,
    },
    maxEventLoopDelayMs,
    generatorAlone: { firstChunkMedianMs: round(median(aloneFirst)), completeMedianMs: round(median(aloneComplete)) },
  };
}

/** The concurrent generations' line: first chunk p95 (≤ 200 ms), all complete, event-loop delay (≤ 100 ms). */
export function printFirstChunk(f: FirstChunk) {
  console.log(
    `${f.concurrent} concurrent idea generations  first chunk median ${f.throughHttp.firstChunkMedianMs} ms p95 ${f.throughHttp.firstChunkP95Ms} ms ` +
      `${target('idea generations first chunk p95', f.throughHttp.firstChunkP95Ms, 'max', 200, ' ms')}; ` +
      `complete ${f.completed}/${f.concurrent} ${target('idea generations completed', f.completed, 'min', f.concurrent)} ` +
      `(median ${f.throughHttp.completeMedianMs} ms, max ${f.throughHttp.completeMaxMs} ms); ` +
      `server event-loop delay max ${f.maxEventLoopDelayMs} ms ${target('idea generations event-loop delay', f.maxEventLoopDelayMs, 'max', 100, ' ms')}; ` +
      `generator alone first chunk ${f.generatorAlone.firstChunkMedianMs} ms (complete ${f.generatorAlone.completeMedianMs} ms)`,
  );
}
