/**
 * Preloaded (`--import`) into the server process by the bench harness: measures the event-loop
 * delay (`monitorEventLoopDelay`) and answers `{ type: 'probe' }` messages over IPC with it and
 * the resident memory, so the product needs no code for being measured. `reset: true` starts a
 * fresh event-loop window after answering.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeAnswer {
  type: 'probe';
  rssBytes: number;
  heapUsedBytes: number;
  eventLoop: { maxMs: number; p99Ms: number; meanMs: number };
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => Number((ns / 1e6).toFixed(1));

process.on('message', (message: { type?: string; reset?: boolean }) => {
  if (message?.type !== 'probe' || !process.send) return;
  const memory = process.memoryUsage();
  const answer: ProbeAnswer = {
    type: 'probe',
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    eventLoop: { maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), meanMs: ms(delay.mean) },
  };
  process.send(answer);
  if (message.reset) delay.reset();
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
