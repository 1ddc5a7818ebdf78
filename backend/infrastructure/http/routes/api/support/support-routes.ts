import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  EARLIER_CURSOR_HEADER,
  createTicketRequestSchema,
  createTicketResponseSchema,
  memberTicketSchema,
  missingTicketFieldsMessage,
  postMessageRequestSchema,
  successResponseSchema,
  threadPageQuerySchema,
  threadReadDescription,
  ticketIdParamsSchema,
  ticketMessageSchema,
  unreadCountResponseSchema,
} from '../../../../../application/contracts/support';
import { TICKETS_PER_DAY } from '../../../../../application/support/ticket-opens';
import { ticketLimits } from '../../../../../domain/support/support-limits';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections, READ_YOUR_WRITES_TIMEOUT_MS } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in member's support tickets and their chat (member-product §2 Support, §7). Another member's ticket is a 404. */
export function supportRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { support, progress } = services;

  return async (app) => {
    app.get(
      '/support/unread-count',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'getSupportUnreadCount',
          tags: ['support'],
          summary: 'Support-team replies the member has not read yet, over all their tickets',
          response: { 200: unreadCountResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => ({ count: await support.unreadCount(memberOf(request)) }),
    );

    app.get(
      '/support/tickets',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'listSupportTickets',
          tags: ['support'],
          summary: 'The member’s support tickets, newest first',
          response: { 200: z.array(memberTicketSchema), 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => support.listOwn(memberOf(request)),
    );

    app.get(
      '/support/tickets/:id/messages',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'listSupportTicketMessages',
          tags: ['support'],
          summary: 'The messages of one of the member’s tickets, oldest first, the latest page unless asked otherwise',
          description: threadReadDescription,
          querystring: threadPageQuerySchema,
          params: ticketIdParamsSchema,
          response: { 200: z.array(ticketMessageSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { messages, earlierCursor } = await support.messagesOfOwn(memberOf(request), request.params.id, request.query);
        if (earlierCursor !== null) reply.header(EARLIER_CURSOR_HEADER, earlierCursor);
        return messages;
      },
    );

    app.patch(
      '/support/tickets/:id/read',
      {
        schema: {
          operationId: 'markSupportTicketRead',
          tags: ['support'],
          summary: 'Mark the support team’s replies on one of the member’s tickets as read',
          params: ticketIdParamsSchema,
          response: { 200: successResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { position } = await support.markRead(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { success: true as const };
      },
    );

    app.post(
      '/support/tickets/:id/messages',
      {
        schema: {
          operationId: 'postSupportTicketMessage',
          tags: ['support'],
          summary: 'Write to one of the member’s tickets',
          description:
            '409 ticket_resolved "This ticket has been resolved. Create a new ticket if you need further assistance." on a resolved ' +
            `ticket, and nothing is written. A member writes at most ${ticketLimits.memberMessagesPerTicket} messages to one ticket ` +
            `(429 ticket_message_limit) and ${ticketLimits.memberMessagesPerDay} a UTC day over all their tickets (429 ticket_message_daily_limit). ` +
            'With an `Idempotency-Key` header a repeat answers the first message.',
          params: ticketIdParamsSchema,
          body: postMessageRequestSchema,
          response: { 201: ticketMessageSchema, 202: errorResponseSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const posted = await support.post(memberOf(request), request.params.id, request.body.message, { requestId: request.id });
        if (!(await awaitProjections(progress, posted.position, reply))) return reply;
        return reply.status(201).send(posted.message);
      },
    );

    app.post(
      '/support/tickets',
      {
        schema: {
          operationId: 'createSupportTicket',
          tags: ['support'],
          summary: 'Open a support ticket with its first message',
          description:
            `Subject and message are trimmed and both required (400 "${missingTicketFieldsMessage}"). ` +
            `A member opens at most ${TICKETS_PER_DAY} tickets a UTC day (429 ticket_limit). With an \`Idempotency-Key\` header a repeat answers the first ticket.`,
          body: createTicketRequestSchema,
          response: { 201: createTicketResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { id, position } = await support.open(memberOf(request), request.body, { requestId: request.id });
        // The ticket is stored either way, and the member needs its id; a slow read model only means the next read may lag.
        if (position) await progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
        return reply.status(201).send({ id });
      },
    );
  };
}

export default apiRoutes(supportRoutes);
