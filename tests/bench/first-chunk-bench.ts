import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIdeaPromptInput } from '../../backend/application/ai/idea-prompt';
import { defaultAiSettings } from '../../backend/application/ai/ai-settings';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { buildApp } from '../../backend/infrastructure/http/app';
import { OfflineIdeaGenerator } from '../../backend/infrastructure/ai/offline-idea-generator';
import { createLogger } from '../../backend/infrastructure/logging/logger';

export interface FirstChunk {
  runs: number;
  /** Through the whole product: HTTP request → first `data: {content}` line (visitor trial). */
  throughHttp: { firstChunkMedianMs: number; firstChunkP95Ms: number; completeMedianMs: number };
  /** The offline generator called directly, no HTTP, no database. */
  generatorAlone: { firstChunkMedianMs: number; completeMedianMs: number };
  /** HTTP first-chunk time divided by the generator's own: the product's overhead factor. */
  ratio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (n: number) => Number(n.toFixed(1));

/** Time to the first streamed idea chunk with the offline generator, through HTTP and alone. */
export async function benchFirstChunk(databaseUrl: string, runs: number): Promise<FirstChunk> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-bench-')),
    DATABASE_URL: databaseUrl,
    TRIAL_GENERATIONS_PER_DAY: String(runs + 10),
    PORT: '0',
  });
  const database = await openServerDatabase(databaseUrl);
  const services = await compose(config, { database, logger: createLogger('silent') });
  await services.runner.start();
  const app = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const httpFirst: number[] = [];
  const httpComplete: number[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/api/generate-ideas-stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skill: `I bake sourdough bread and teach it, run ${i}` }),
      });
      if (response.status !== 200) throw new Error(`generate-ideas-stream answered ${response.status}: ${await response.text()}`);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let first: number | undefined;
      let done = false;
      while (!done) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += decoder.decode(value, { stream: true });
        if (first === undefined && /data: \{"content"/.test(buffer)) first = performance.now() - started;
        if (buffer.includes('"done":true')) done = true;
      }
      if (first === undefined || !done) throw new Error('the stream ended without content or done');
      // The first run warms caches and connections; it is not counted.
      if (i > 0) {
        httpFirst.push(first);
        httpComplete.push(performance.now() - started);
      }
    }
  } finally {
    await app.close();
    await services.close();
  }

  const generator = new OfflineIdeaGenerator();
  const aloneFirst: number[] = [];
  const aloneComplete: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: `I bake sourdough bread and teach it, run ${i}` }, { personalized: false });
    const started = performance.now();
    let first: number | undefined;
    await generator.generateIdeas(input, () => {
      first ??= performance.now() - started;
    });
    aloneFirst.push(first!);
    aloneComplete.push(performance.now() - started);
  }

  const throughHttp = {
    firstChunkMedianMs: round(median(httpFirst)),
    firstChunkP95Ms: round(p95(httpFirst)),
    completeMedianMs: round(median(httpComplete)),
  };
  const generatorAlone = { firstChunkMedianMs: round(median(aloneFirst)), completeMedianMs: round(median(aloneComplete)) };
  return {
    runs,
    throughHttp,
    generatorAlone,
    ratio: round(throughHttp.firstChunkMedianMs / Math.max(0.1, generatorAlone.firstChunkMedianMs)),
  };
}
