import { configOrExit, startServer, stopOnSignals } from '../../backend/infrastructure/bin/server';

/**
 * The real server as `npm start` runs it (server.ts, configured from the environment), started
 * by the soak as a child process (`fork`, with `--expose-gc`) so that its memory is its own.
 * It tells its parent its address, and on a `'memory'` message collects garbage and answers
 * the heap it still uses: the soak's reading of "heap after GC". Unlike start.ts it never
 * builds the frontend (the API does not need it).
 */
const server = await startServer(configOrExit());
stopOnSignals(server.stop);

export interface SoakServerMessage {
  url?: string;
  memory?: { heapUsed: number; rss: number };
}

const tell = (message: SoakServerMessage) => process.send?.(message);
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  tell({ memory: { heapUsed, rss } });
});
tell({ url: server.url });
