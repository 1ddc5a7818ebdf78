import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuWindow, microsecondsEach } from './cpu-time';

/** Keeps this thread busy, in user code and in system calls, until the process has spent `ms` more of CPU time. */
function spinFor(ms: number) {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    const spent = process.cpuUsage(start);
    if ((spent.user + spent.system) / 1000 >= ms) return x;
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
    for (let i = 0; i < 20; i++) x += readFileSync('/proc/self/stat').length;
  }
}

describe.skipIf(!existsSync('/proc/self/stat'))('the CPU time of processes, from /proc', () => {
  it('counts the CPU a named process spent in the window, in seconds, as the process itself counts it', async () => {
    const usageBefore = process.cpuUsage();
    const window = cpuWindow({ bench: process.pid });
    spinFor(300);
    // Asleep: no CPU, whatever else the machine is doing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { processSeconds } = window.stop();
    const usage = process.cpuUsage(usageBefore);
    const byItself = (usage.user + usage.system) / 1e6;
    expect(byItself).toBeGreaterThanOrEqual(0.3);
    // Both parts are counted: the system calls took a good share of it.
    expect(usage.system / 1e6).toBeGreaterThan(0.06);
    // /proc counts in ticks of 10 ms, user and system each.
    expect(processSeconds.bench).toBeGreaterThan(byItself - 0.03);
    expect(processSeconds.bench).toBeLessThan(byItself + 0.03);
  });

  it('tells nothing of a process that is not there', () => {
    const window = cpuWindow({ gone: 2 ** 22 + 1 });
    expect(window.stop().processSeconds.gone).toBeUndefined();
  });
});

describe('microseconds each', () => {
  it('divides CPU seconds among the operations, and tells nothing without either', () => {
    expect(microsecondsEach(0.5, 1000)).toBe(500);
    expect(microsecondsEach(undefined, 1000)).toBeUndefined();
    expect(microsecondsEach(0.5, 0)).toBeUndefined();
  });
});
