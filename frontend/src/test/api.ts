import { type User, userSchema } from '@contracts/auth';
import { type CreditsResponse, creditsResponseSchema } from '@contracts/credits';
import { type GeneratedIdeas, generatedIdeasSchema, type IdeaStreamMessage, ideaStreamMessageSchema } from '@contracts/ideas';
import { http, HttpResponse } from 'msw';

/** API bodies for component tests, each checked against the shared contract the server answers with. */

export const member = (overrides: Partial<User> = {}): User =>
  userSchema.parse({
    id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'free',
    profilePicture: null,
    country: null,
    googleId: null,
    disabled: 'false',
    ideasGenerated: 0,
    activePlans: 0,
    milestoneCredits: 0,
    helpCredits: 0,
    creditsResetAt: null,
    tokenUsage: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

/** GET /api/auth/me: the member, or 401 for a visitor. */
export const meHandler = (user: User | null) =>
  http.get('/api/auth/me', () =>
    user ? HttpResponse.json(userSchema.parse(user)) : HttpResponse.json({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 }),
  );

export const credits = (overrides: Partial<CreditsResponse> = {}): CreditsResponse =>
  creditsResponseSchema.parse({
    tier: 'free',
    periodStart: '2026-11-01T00:00:00.000Z',
    creditsResetAt: '2026-12-01T00:00:00.000Z',
    allowances: { idea: 5, plan: 1, milestone: 3, help: 3 },
    granted: { idea: 0, plan: 0, milestone: 0, help: 0 },
    used: { idea: 2, plan: 0, milestone: 0, help: 0 },
    balances: { idea: 3, plan: 1, milestone: 3, help: 3 },
    ...overrides,
  });

export const ideasFixture: GeneratedIdeas = generatedIdeasSchema.parse({
  categories: [
    { id: 'fiverr', name: 'Fiverr Gigs', color: 'green' },
    { id: 'offline', name: 'Local Services', color: 'orange' },
  ],
  ideas: [
    {
      id: 'fiverr-1',
      title: 'Pet Portrait Commissions',
      subtitle: 'Custom illustrations of pets',
      description: 'Draw pets from photos sent by their owners.',
      category: 'fiverr',
      industry: 'Pets',
      method: 'Fiverr gig with three tiers',
      pricing: '$40-$120 per portrait',
    },
    {
      id: 'offline-1',
      title: 'Market Stall Sketches',
      subtitle: 'Live drawing at weekend markets',
      description: 'Sketch visitors and their dogs on the spot.',
      category: 'offline',
      industry: 'Events',
      method: 'Weekend stall',
      pricing: '$15 per sketch',
    },
  ],
  personalized: false,
});

/**
 * POST /api/generate-ideas-stream answered as a server-sent stream the test writes to: each
 * `send` is one `data:` message (checked against the contract), `end` closes the stream.
 */
export function ideaStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const requests: Promise<unknown>[] = [];
  const signals: AbortSignal[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(': generating\n\n'));
    },
  });
  const handler = http.post('/api/generate-ideas-stream', async ({ request }) => {
    // Recorded before anything is awaited, so a request the client aborts at once still counts.
    signals.push(request.signal);
    const json = request.clone().json();
    requests.push(json);
    await json;
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  return {
    handler,
    /** The bodies of the generations asked for. */
    requests: () => Promise.all(requests),
    /** Whether the client gave up every request it made (it left). */
    abandoned: () => signals.length > 0 && signals.every((signal) => signal.aborted),
    send: (message: IdeaStreamMessage) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(ideaStreamMessageSchema.parse(message))}\n\n`)),
    end: () => controller.close(),
  };
}
