/** Members for the HTTP measures: signed up through the API, each with one idea set and one plan. */

export interface BenchMember {
  email: string;
  password: string;
  cookie: string;
  planId: string;
  /** The plan's first detailed milestone: tasks can be added to it. */
  milestoneId: string;
  taskIds: string[];
}

const PASSWORD = 'correct horse battery';

function ideasFor(n: number) {
  return Array.from({ length: 12 }, (_, i) => ({
    id: `offline-${i + 1}`,
    title: `Weekend bread subscription ${i + 1}`,
    subtitle: 'Neighbours pay for fresh loaves every Saturday morning',
    description: `Bake sourdough on Friday night, deliver by bike on Saturday, and collect a monthly fee (member ${n}). `.repeat(6),
    category: 'offline',
    industry: 'Food',
    method: 'Local service',
    pricing: '$25 per month',
  }));
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
}

async function createMember(url: string, n: number, runId: string): Promise<BenchMember> {
  const email = `bench.${runId}.${n}@example.com`;
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: `Bench${n}`, email, password: PASSWORD }),
  });
  // 202: stored, but the read models lagged over 5 s (a busy machine): sign in once they caught up.
  if (signup.status !== 202) await expectStatus(signup, 201, 'signup');
  const cookie = signup.status === 201 ? cookieOf(signup) : await eventually(() => signIn(url, { email, password: PASSWORD }));
  const ideas = ideasFor(n);
  const saved = await fetch(`${url}/api/idea-sets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ skill: 'Sourdough baking', categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }], ideas }),
  });
  if (saved.status !== 202) await expectStatus(saved, 201, 'saving an idea set');
  const generated = await fetch(`${url}/api/plans/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ideaId: ideas[0].id, ideaTitle: ideas[0].title, ideaDescription: ideas[0].description.slice(0, 1000), category: ideas[0].category }),
  });
  if (generated.status !== 202) await expectStatus(generated, 201, 'generating a plan');
  const { planId } =
    generated.status === 201
      ? ((await generated.json()) as { planId: string })
      : await eventually(async () => {
          const plans = (await (await fetch(`${url}/api/plans`, { headers: { cookie } })).json()) as { id: string }[];
          if (!plans[0]) throw new Error('the plan is not listed yet');
          return { planId: plans[0].id };
        });
  const plan = await fetch(`${url}/api/plans/${planId}`, { headers: { cookie } });
  await expectStatus(plan, 200, 'reading the plan');
  const { milestones } = (await plan.json()) as { milestones: { id: string; isDetailed: string; tasks: { id: string }[] }[] };
  const detailed = milestones.find((m) => m.isDetailed === 'true' && m.tasks.length > 0);
  if (!detailed) throw new Error('the generated plan has no detailed milestone with tasks');
  return { email, password: PASSWORD, cookie, planId, milestoneId: detailed.id, taskIds: detailed.tasks.map((t) => t.id) };
}

const cookieOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');

/** Retries `attempt` for up to 30 s (the read models catching up). */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Signs up `count` members (a few at a time), each saving one idea set and generating one plan. */
export async function createMembers(url: string, count: number, parallel = 4): Promise<BenchMember[]> {
  const runId = Date.now().toString(36);
  const members: BenchMember[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const n = next++;
        members[n] = await createMember(url, n, runId);
      }
    }),
  );
  return members;
}

/** Signs a member in again (a fresh session), answering the session cookie. */
export async function signIn(url: string, member: Pick<BenchMember, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  await expectStatus(response, 200, 'signing in');
  return cookieOf(response);
}
