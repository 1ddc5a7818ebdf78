import { type MemberTicketDto, memberTicketSchema, type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { http, HttpResponse } from 'msw';
import { threadPage } from '../../../test/thread-page';

/** Support bodies for component tests, each checked against the contract the server answers with. */

export const ticket = (id: string, overrides: Partial<MemberTicketDto> = {}): MemberTicketDto =>
  memberTicketSchema.parse({
    id,
    subject: `Ticket ${id}`,
    status: 'pending',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    unreadCount: 0,
    ...overrides,
  });

export const message = (id: string, senderType: TicketMessageDto['senderType'], text: string, createdAt = '2026-11-20T09:05:00.000Z'): TicketMessageDto =>
  ticketMessageSchema.parse({ id, message: text, senderType, createdAt });

/**
 * The member's support API as the server keeps it: tickets newest first, each with its messages;
 * reading a ticket clears its unread count and the member's total. Records what the screen sent.
 */
export function supportApi(initial: { tickets: MemberTicketDto[]; messages?: Record<string, TicketMessageDto[]>; holdMessages?: Promise<void> }) {
  const tickets = [...initial.tickets];
  const messages: Record<string, TicketMessageDto[]> = { ...initial.messages };
  const sent: { ticketId: string; message: string }[] = [];
  const keys: (string | null)[] = [];
  let slowReadModels = false;
  const created: { subject: string; message: string }[] = [];
  const reads: string[] = [];
  let failSend = false;
  let failCreate = false;
  let next = 1;

  const find = (id: string | readonly string[] | undefined) => tickets.find((t) => t.id === id);
  const handlers = [
    http.get('/api/support/unread-count', () => HttpResponse.json({ count: tickets.reduce((sum, t) => sum + t.unreadCount, 0) })),
    http.get('/api/support/tickets', () => HttpResponse.json(tickets)),
    http.get('/api/support/tickets/:id/messages', async ({ params, request }) => {
      await initial.holdMessages;
      const found = find(params.id);
      return found ? threadPage(messages[found.id] ?? [], request.url) : HttpResponse.json({ message: 'Ticket not found', code: 'ticket_not_found' }, { status: 404 });
    }),
    http.patch('/api/support/tickets/:id/read', ({ params }) => {
      const found = find(params.id);
      if (!found) return HttpResponse.json({ message: 'Ticket not found', code: 'ticket_not_found' }, { status: 404 });
      reads.push(found.id);
      found.unreadCount = 0;
      return HttpResponse.json({ success: true });
    }),
    http.post('/api/support/tickets/:id/messages', async ({ params, request }) => {
      const body = (await request.json()) as { message: string };
      const found = find(params.id);
      if (!found) return HttpResponse.json({ message: 'Ticket not found', code: 'ticket_not_found' }, { status: 404 });
      if (failSend) return HttpResponse.json({ message: 'Something went wrong', code: 'internal' }, { status: 500 });
      if (found.status === 'resolved') return HttpResponse.json({ message: 'This ticket is resolved', code: 'ticket_resolved' }, { status: 409 });
      sent.push({ ticketId: found.id, message: body.message });
      keys.push(request.headers.get('Idempotency-Key'));
      const posted = message(`sent-${next++}`, 'user', body.message, '2026-11-23T10:00:00.000Z');
      messages[found.id] = [...(messages[found.id] ?? []), posted];
      // Saved, but the server's read models are behind: 202 (read-your-writes.ts).
      if (slowReadModels) return HttpResponse.json({ message: 'Your change was saved and will show up in a moment. Please refresh shortly.', code: 'accepted_pending' }, { status: 202 });
      return HttpResponse.json(posted, { status: 201 });
    }),
    http.post('/api/support/tickets', async ({ request }) => {
      const body = (await request.json()) as { subject: string; message: string };
      if (failCreate) return HttpResponse.json({ message: 'Something went wrong', code: 'internal' }, { status: 500 });
      created.push(body);
      const id = `new-${next++}`;
      tickets.unshift(ticket(id, { subject: body.subject, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z' }));
      messages[id] = [message(`${id}-m1`, 'user', body.message, '2026-11-23T10:00:00.000Z')];
      return HttpResponse.json({ id }, { status: 201 });
    }),
  ];

  return {
    handlers,
    sent,
    created,
    reads,
    /** The support team answers: a new message the member has not read. */
    reply(ticketId: string, text: string) {
      messages[ticketId] = [...(messages[ticketId] ?? []), message(`reply-${next++}`, 'admin', text, '2026-11-23T11:00:00.000Z')];
      find(ticketId)!.unreadCount += 1;
    },
    failSending: () => void (failSend = true),
    /** The Idempotency-Key of each message sent. */
    keys,
    answerPending: () => void (slowReadModels = true),
    failCreating: () => void (failCreate = true),
  };
}
