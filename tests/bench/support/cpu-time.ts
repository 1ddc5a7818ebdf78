/**
 * CPU time spent by processes of this machine, from `/proc` (Linux): what a write costs each side
 * (the server process, the database server's processes), to tell where its time goes when the
 * server, the database and the load share the machine's cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux build Node supports

/** User and system CPU seconds of one process, all its threads; undefined where `/proc` cannot tell. */
function cpuSecondsOf(pid: number | string): number | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields counted after its last ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The processes of the PostgreSQL server on this machine (postmaster, backends, background workers), whichever database they serve. */
function databasePids(): string[] {
  try {
    return readdirSync('/proc').filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        // Backends and workers retitle themselves `postgres: …`; the postmaster keeps its path.
        const program = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0];
        return program.startsWith('postgres') || program.endsWith('/postgres');
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

export interface CpuWindow<Name extends string> {
  /**
   * CPU seconds since the start: of the database server's processes together, and of each named
   * process; undefined where `/proc` cannot tell.
   */
  stop(): { databaseSeconds?: number; processSeconds: Record<Name, number | undefined> };
}

/**
 * Starts counting the CPU time of the local PostgreSQL server's processes (those alive at the
 * start and the stop: a backend that ends in between is not counted, so start after the
 * connections are open and stop before they close) and of each of `processes` (name: pid).
 */
export function cpuWindow<Name extends string>(processes: Record<Name, number>): CpuWindow<Name> {
  const named = Object.entries(processes) as [Name, number][];
  const databaseBefore = new Map(databasePids().map((p) => [p, cpuSecondsOf(p)]));
  const processesBefore = named.map(([, pid]) => cpuSecondsOf(pid));
  return {
    stop() {
      let databaseSeconds: number | undefined;
      for (const [p, was] of databaseBefore) {
        const now = cpuSecondsOf(p);
        if (was !== undefined && now !== undefined) databaseSeconds = (databaseSeconds ?? 0) + now - was;
      }
      const processSeconds = Object.fromEntries(
        named.map(([name, pid], i) => {
          const was = processesBefore[i];
          const now = cpuSecondsOf(pid);
          return [name, was !== undefined && now !== undefined ? now - was : undefined];
        }),
      ) as Record<Name, number | undefined>;
      return { databaseSeconds, processSeconds };
    },
  };
}

/** Microseconds of CPU per operation, or undefined. */
export function microsecondsEach(seconds: number | undefined, operations: number): number | undefined {
  return seconds === undefined || operations <= 0 ? undefined : Math.round((seconds * 1e6) / operations);
}
