import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuWindow, microsecondsEach } from './cpu-time';

/** Keeps this thread busy until the process has spent at least `userMs` of CPU in user code and `systemMs` in system calls. */
function spinFor(userMs: number, systemMs: number) {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    const spent = process.cpuUsage(start);
    const userLeft = spent.user / 1000 < userMs;
    const systemLeft = spent.system / 1000 < systemMs;
    if (!userLeft && !systemLeft) return x;
    if (userLeft) for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
    if (systemLeft) for (let i = 0; i < 20; i++) x += readFileSync('/proc/self/stat').length;
  }
}

describe.skipIf(!existsSync('/proc/self/stat'))('the CPU time of processes, from /proc', () => {
  it('counts the CPU a named process spent in the window, in seconds, as the process itself counts it', async () => {
    const secondsBetween = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1e6;
    // Opening and closing the window scan /proc (every database process too), which takes this
    // process's CPU as well: the window's count lies between what the process spent inside those
    // two scans and what it spent around them.
    const beforeStart = process.cpuUsage();
    const window = cpuWindow({ bench: process.pid });
    const afterStart = process.cpuUsage();
    // Both parts, each well above the tolerance below: a count that dropped either would miss by more than it.
    spinFor(200, 100);
    // Asleep: no CPU, whatever else the machine is doing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const beforeStop = process.cpuUsage();
    const { processSeconds } = window.stop();
    const afterStop = process.cpuUsage();
    const inside = secondsBetween(afterStart, beforeStop);
    const around = secondsBetween(beforeStart, afterStop);
    expect(inside).toBeGreaterThanOrEqual(0.3);
    // /proc counts in whole ticks of 10 ms, user and system each, at the start and at the stop: up to 20 ms either way.
    expect(processSeconds.bench).toBeGreaterThan(inside - 0.025);
    expect(processSeconds.bench).toBeLessThan(around + 0.025);
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
