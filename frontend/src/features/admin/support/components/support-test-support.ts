import {
  type StaffTicketDto,
  staffTicketSchema,
  type TicketHistoryEntryDto,
  ticketHistoryEntrySchema,
  type TicketMemberContextDto,
  ticketMemberContextSchema,
  type TicketMessageDto,
  ticketMessageSchema,
} from '@contracts/support';
import { http, HttpResponse } from 'msw';
import { meHandler, member } from '../../../../test/api';
import { threadPage } from '../../../../test/thread-page';
import { server } from '../../../../test/server';

/** Staff support bodies for component tests, each checked against the contract the server answers with. */

export const staffTicket = (id: string, overrides: Partial<StaffTicketDto> = {}): StaffTicketDto =>
  staffTicketSchema.parse({
    id,
    subject: `Ticket ${id}`,
    status: 'pending',
    priority: 'medium',
    tags: [],
    userId: `member-of-${id}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    unreadCount: 0,
    ...overrides,
  });

export const ticketMessage = (id: string, senderType: TicketMessageDto['senderType'], message: string): TicketMessageDto =>
  ticketMessageSchema.parse({ id, message, senderType, createdAt: '2026-11-20T09:05:00.000Z' });

export const historyEntry = (overrides: Partial<TicketHistoryEntryDto> = {}): TicketHistoryEntryDto =>
  ticketHistoryEntrySchema.parse({
    type: 'TicketOpened',
    at: '2026-11-20T09:00:00.000Z',
    actor: { kind: 'user', id: 'member-1', name: 'Ada Lovelace', role: 'free' },
    summary: 'Opened: Ticket t1',
    ...overrides,
  });

export const memberContext = (overrides: Partial<TicketMemberContextDto> = {}): TicketMemberContextDto =>
  ticketMemberContextSchema.parse({
    userId: 'member-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'free',
    memberSince: '2026-11-01T10:00:00.000Z',
    credits: {
      ideas: { used: 1, limit: 1 },
      plans: { used: 2, limit: 2 },
      milestones: { used: 0, limit: 3 },
      help: { used: 4, limit: 5 },
      resetsAt: '2026-12-01T00:00:00.000Z',
    },
    planCount: 2,
    lastPayment: null,
    ...overrides,
  });

type Recorded = { method: string; path: string; body: unknown };

/**
 * The staff support API as a test sets it up: the tickets (kept up to date by the calls that
 * change them, as the server would), each ticket's thread, history and member, and every
 * changing call recorded with its body, so a test asserts what was sent.
 */
export function staffSupportApi({
  tickets,
  messages = {},
  history = {},
  members = {},
}: {
  tickets: StaffTicketDto[];
  messages?: Record<string, TicketMessageDto[]>;
  history?: Record<string, TicketHistoryEntryDto[]>;
  members?: Record<string, TicketMemberContextDto>;
}) {
  const state = { tickets: [...tickets], messages: { ...messages } };
  const calls: Recorded[] = [];
  /** The query of each thread read, in order ('' for none). */
  const reads: string[] = [];
  const record = async (request: Request) => {
    const text = await request.clone().text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  const change = (id: string, patch: Partial<StaffTicketDto>) => {
    state.tickets = state.tickets.map((ticket) => (ticket.id === id ? { ...ticket, ...patch } : ticket));
    return state.tickets.find((ticket) => ticket.id === id);
  };

  server.use(
    meHandler(member({ id: 'admin-1', firstName: 'Grace', lastName: 'Hopper', role: 'admin' })),
    http.get('/api/admin/support-tickets', () => HttpResponse.json(state.tickets)),
    http.get('/api/admin/support-tickets/:id/messages', ({ params, request }) => {
      reads.push(new URL(request.url).search);
      return threadPage(state.messages[String(params.id)] ?? [], request.url);
    }),
    http.get('/api/admin/support-tickets/:id/history', ({ params }) => HttpResponse.json(history[String(params.id)] ?? [historyEntry()])),
    http.get('/api/admin/support-tickets/:id/member', ({ params }) => HttpResponse.json(members[String(params.id)] ?? memberContext())),
    http.post('/api/admin/support-tickets/:id/messages', async ({ request, params }) => {
      await record(request);
      const { message } = (await request.json()) as { message: string };
      const posted = ticketMessage(`reply-${calls.length}`, 'admin', message);
      state.messages[String(params.id)] = [...(state.messages[String(params.id)] ?? []), posted];
      return HttpResponse.json(posted, { status: 201 });
    }),
    http.patch('/api/admin/support-tickets/:id/read', async ({ request, params }) => {
      await record(request);
      change(String(params.id), { unreadCount: 0 });
      return HttpResponse.json({ success: true });
    }),
    http.patch('/api/admin/support-tickets/:id/status', async ({ request, params }) => {
      await record(request);
      const { status } = (await request.json()) as Pick<StaffTicketDto, 'status'>;
      return HttpResponse.json(change(String(params.id), { status }));
    }),
    http.patch('/api/admin/support-tickets/:id', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(change(String(params.id), (await request.json()) as Partial<StaffTicketDto>));
    }),
    http.delete('/api/admin/support-tickets/:id', async ({ request, params }) => {
      await record(request);
      state.tickets = state.tickets.filter((ticket) => ticket.id !== String(params.id));
      return HttpResponse.json({ success: true });
    }),
  );

  return {
    /** The changing calls made so far (method, path, JSON body), in order. */
    calls: () => calls,
    threadReads: () => reads,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** Something happening on the server meanwhile (a member writes, a new ticket), for the next poll to find. */
    memberWrites: (ticketId: string, message: TicketMessageDto) => {
      state.messages[ticketId] = [...(state.messages[ticketId] ?? []), message];
    },
    ticketOpened: (ticket: StaffTicketDto) => {
      state.tickets = [ticket, ...state.tickets];
    },
  };
}
