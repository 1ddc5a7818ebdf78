import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  EARLIER_CURSOR_HEADER,
  changeTicketStatusRequestSchema,
  postMessageRequestSchema,
  staffTicketSchema,
  successResponseSchema,
  threadPageQuerySchema,
  threadReadDescription,
  ticketHistoryEntrySchema,
  ticketIdParamsSchema,
  ticketMemberContextSchema,
  ticketMessageSchema,
  updateTicketRequestSchema,
} from '../../../../../application/contracts/support';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * The support desk (back-office §2 Support tab, §7 admin support calls): every member's tickets
 * for admins and moderators (design §5). Beyond the spec: the staff read mark, the ticket's
 * history from its event stream, and the member behind a ticket.
 */
export function supportDeskRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { support, progress } = services;

  return async (app) => {
    app.get(
      '/admin/support-tickets',
      {
        schema: {
          operationId: 'listAllSupportTickets',
          tags: ['support desk'],
          summary: 'Every support ticket, newest first, with its member’s name and email',
          response: { 200: z.array(staffTicketSchema), 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => support.list(memberOf(request)),
    );

    app.get(
      '/admin/support-tickets/:id/messages',
      {
        schema: {
          operationId: 'listSupportDeskMessages',
          tags: ['support desk'],
          summary: 'The messages of a ticket, oldest first, the latest page unless asked otherwise',
          description: threadReadDescription,
          querystring: threadPageQuerySchema,
          params: ticketIdParamsSchema,
          response: { 200: z.array(ticketMessageSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { messages, earlierCursor } = await support.messages(memberOf(request), request.params.id, request.query);
        if (earlierCursor !== null) reply.header(EARLIER_CURSOR_HEADER, earlierCursor);
        return messages;
      },
    );

    app.post(
      '/admin/support-tickets/:id/messages',
      {
        schema: {
          operationId: 'replyToSupportTicket',
          tags: ['support desk'],
          summary: 'Reply to a ticket as the support team',
          description:
            'Also queues a ticket reply email to the ticket’s member. Allowed on a resolved ticket. With an `Idempotency-Key` ' +
            'header a repeat answers the first reply and sends no second email.',
          params: ticketIdParamsSchema,
          body: postMessageRequestSchema,
          response: { 201: ticketMessageSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const posted = await support.reply(memberOf(request), request.params.id, request.body.message, { requestId: request.id });
        if (!(await awaitProjections(progress, posted.position, reply))) return reply;
        return reply.status(201).send(posted.message);
      },
    );

    app.patch(
      '/admin/support-tickets/:id/status',
      {
        schema: {
          operationId: 'changeSupportTicketStatus',
          tags: ['support desk'],
          summary: 'Set a ticket’s status (pending, in-progress, resolved)',
          params: ticketIdParamsSchema,
          body: changeTicketStatusRequestSchema,
          response: { 200: staffTicketSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const staff = memberOf(request);
        const { position } = await support.update(staff, request.params.id, { status: request.body.status }, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return support.ticket(staff, request.params.id);
      },
    );

    app.patch(
      '/admin/support-tickets/:id',
      {
        schema: {
          operationId: 'updateSupportTicket',
          tags: ['support desk'],
          summary: 'Set any of a ticket’s status, priority and tags (the whole set it should carry)',
          params: ticketIdParamsSchema,
          body: updateTicketRequestSchema,
          response: { 200: staffTicketSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const staff = memberOf(request);
        const { position } = await support.update(staff, request.params.id, request.body, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return support.ticket(staff, request.params.id);
      },
    );

    app.delete(
      '/admin/support-tickets/:id',
      {
        schema: {
          operationId: 'deleteSupportTicket',
          tags: ['support desk'],
          summary: 'Delete a ticket: it is gone for the member and from the desk (its history stays in the event log)',
          params: ticketIdParamsSchema,
          response: { 200: successResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { position } = await support.remove(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { success: true as const };
      },
    );

    app.patch(
      '/admin/support-tickets/:id/read',
      {
        schema: {
          operationId: 'markSupportDeskTicketRead',
          tags: ['support desk'],
          summary: 'Mark the member’s messages on a ticket as read by the support team',
          params: ticketIdParamsSchema,
          response: { 200: successResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { position } = await support.markReadByStaff(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { success: true as const };
      },
    );

    app.get(
      '/admin/support-tickets/:id/history',
      {
        schema: {
          operationId: 'getSupportTicketHistory',
          tags: ['support desk'],
          summary: 'Every event of a ticket, oldest first, with who did it, when, and what changed',
          params: ticketIdParamsSchema,
          response: { 200: z.array(ticketHistoryEntrySchema), ...errors },
        },
      },
      async (request) => support.history(memberOf(request), request.params.id),
    );

    app.get(
      '/admin/support-tickets/:id/member',
      {
        schema: {
          operationId: 'getSupportTicketMember',
          tags: ['support desk'],
          summary: 'The member behind a ticket: role, credits this period, plan count, last payment',
          params: ticketIdParamsSchema,
          response: { 200: ticketMemberContextSchema, ...errors },
        },
      },
      async (request) => support.memberContext(memberOf(request), request.params.id),
    );
  };
}

export default apiRoutes(supportDeskRoutes);
