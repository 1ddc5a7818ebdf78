import { target } from './targets';
import { runLoad, startProductServer, type RequestSpec } from './support/load';
import { createMembers, signIn, type BenchMember } from './support/members';

export interface MemoryFigures {
  members: number;
  /** The journey's req/s at saturation, and the rate driven for the measure (half of it). */
  saturatedRequestsPerSecond: number;
  drivenRequestsPerSecond: number;
  /** Resident memory of the server at the end of each window (a minute unless BENCH_MEMORY_WINDOW_SECONDS says otherwise). */
  perMinute: { minute: number; rssMb: number; heapUsedMb: number; requestsPerSecond: number; p99Ms: number; non2xx: number }[];
  /** The last window's RSS divided by the first's. */
  ratio: number;
}

const json = { 'content-type': 'application/json' };
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** A member's journey: who am I, credits, idea sets, plans, the plan, a task toggled, a task added. */
function journey(member: BenchMember, cookie: string, round: number): RequestSpec[] {
  const headers = { cookie };
  return [
    { method: 'GET', path: '/api/auth/me', headers },
    { method: 'GET', path: '/api/credits', headers },
    { method: 'GET', path: '/api/idea-sets', headers },
    { method: 'GET', path: '/api/plans', headers },
    { method: 'GET', path: `/api/plans/${member.planId}`, headers },
    { method: 'PATCH', path: `/api/tasks/${member.taskIds[round % member.taskIds.length]}/toggle`, headers: { ...headers, ...json }, body: '{}' },
    {
      method: 'POST',
      path: `/api/plans/${member.planId}/milestones/${member.milestoneId}/tasks`,
      headers: { ...headers, ...json },
      body: JSON.stringify({ title: `Journey task ${round}`, description: 'Added on the way' }),
    },
  ];
}

/**
 * The server's resident memory over `minutes` minutes of the member journey at half capacity:
 * the journey's saturated req/s is measured first (`saturationSeconds`), then autocannon drives
 * half that rate (overallRate) window after window, and the server's RSS is read after each.
 * The ratio is the last window's RSS to the first's.
 */
export async function benchMemory(databaseUrl: string, minutes: number, memberCount = 50, connections = 50, saturationSeconds = 10): Promise<MemoryFigures> {
  const windowSeconds = Number(process.env.BENCH_MEMORY_WINDOW_SECONDS ?? 60);
  const server = await startProductServer(databaseUrl);
  try {
    const members = await createMembers(server.url, memberCount);
    const cookies: string[] = [];
    for (const member of members) cookies.push(await signIn(server.url, member));
    // Each connection takes the next request in turn: member after member, each walking its journey.
    const rounds = 10;
    const requests: RequestSpec[] = [];
    for (let round = 0; round < rounds; round++) {
      const journeys = members.map((member, i) => journey(member, cookies[i], round));
      for (let step = 0; step < journeys[0].length; step++) for (const steps of journeys) requests.push(steps[step]);
    }
    const saturated = await runLoad({ url: server.url, connections, seconds: saturationSeconds, requests });
    const rate = Math.max(1, Math.round(saturated.requestsPerSecond / 2));
    const perMinute: MemoryFigures['perMinute'] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const load = await runLoad({ url: server.url, connections, seconds: windowSeconds, overallRate: rate, requests });
      const probe = await server.probe();
      const figure = {
        minute,
        rssMb: mb(probe.rssBytes),
        heapUsedMb: mb(probe.heapUsedBytes),
        requestsPerSecond: load.requestsPerSecond,
        p99Ms: load.p99Ms,
        non2xx: load.non2xx + load.errors,
      };
      perMinute.push(figure);
      console.log(
        `  memory minute ${String(minute).padStart(2)}: RSS ${figure.rssMb} MB, heap ${figure.heapUsedMb} MB, ${figure.requestsPerSecond} req/s, p99 ${figure.p99Ms} ms` +
          `${figure.non2xx ? `, ${figure.non2xx} non-2xx` : ''}`,
      );
    }
    return {
      members: memberCount,
      saturatedRequestsPerSecond: saturated.requestsPerSecond,
      drivenRequestsPerSecond: rate,
      perMinute,
      ratio: Number((perMinute[perMinute.length - 1].rssMb / perMinute[0].rssMb).toFixed(3)),
    };
  } finally {
    await server.stop();
  }
}

/** The memory line: first and last minute's RSS and their ratio against the target (≤ 1.2×). */
export function printMemory(f: MemoryFigures) {
  const first = f.perMinute[0];
  const last = f.perMinute[f.perMinute.length - 1];
  console.log(
    `server RSS over ${f.perMinute.length} min of the member journey (${f.members} members, ${f.drivenRequestsPerSecond} of ${f.saturatedRequestsPerSecond} req/s) ` +
      `minute 1 ${first.rssMb} MB, minute ${last.minute} ${last.rssMb} MB, ratio ${f.ratio}× ${target('server RSS last/first minute', f.ratio, 'max', 1.2, '×')}`,
  );
}
