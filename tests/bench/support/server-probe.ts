/**
 * Preloaded (`--import`) into the server process by the bench harness: measures the event-loop
 * delay (`monitorEventLoopDelay`) and answers `{ type: 'probe' }` messages over IPC with it and
 * the resident memory, so the product needs no code for being measured. `reset: true` starts a
 * fresh event-loop window after answering. `{ type: 'profile-start' }` and
 * `{ type: 'profile-stop', file }` take a CPU profile (`.cpuprofile`) of the process meanwhile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
let profiler: Session | undefined;

async function answer(message: { type?: string; reset?: boolean; file?: string }) {
  if (message?.type === 'probe') {
    const memory = process.memoryUsage();
    const probe: ProbeAnswer = {
      type: 'probe',
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      eventLoop: { maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), meanMs: ms(delay.mean) },
    };
    process.send!(probe);
    if (message.reset) delay.reset();
  } else if (message?.type === 'profile-start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send!({ type: 'profile-started' });
  } else if (message?.type === 'profile-stop' && profiler && message.file) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    process.send!({ type: 'profile-stopped', file: message.file });
  }
}

process.on('message', (message: { type?: string }) => {
  if (process.send) void answer(message);
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
