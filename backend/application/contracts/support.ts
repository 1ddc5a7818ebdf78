import { z } from 'zod';
import { ticketLimits } from '../../domain/support/support-limits';
import { ticketPriorities, ticketStatuses, ticketTags, type SenderType as TicketSender } from '../../domain/support/ticket';
import { text } from './text';

/**
 * Support tickets and their chat (member-product §3 ticket and message, §7 support calls, §8;
 * back-office §3 support ticket, §7 admin support calls). Shared by the server and the React app.
 * Members call `/api/support/*`; staff (admins and moderators, design §5) call
 * `/api/admin/support-tickets*`.
 */

// The ticket's values and limits are the decider's (domain/support): stated once, read here.
export { ticketPriorities, ticketStatuses, ticketTags };

export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketPrioritySchema = z.enum(ticketPriorities);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const ticketTagSchema = z.enum(ticketTags);
export type TicketTag = z.infer<typeof ticketTagSchema>;

/** Who wrote a message, as the spec names it: the member (`user`) or the support team (`admin`, also a moderator's reply). */
export const senderTypes = ['user', 'admin'] as const satisfies readonly TicketSender[];
export type SenderType = (typeof senderTypes)[number];

/** What a member may type in a subject and a message: the decider's bounds (`ticketLimits`), for the schemas and the forms. */
export const supportLimits = { subject: ticketLimits.subject, message: ticketLimits.message } as const;

/**
 * The words of those rules (member-product §8: both fields trimmed and required), said alike by
 * the schemas below and by the decider's refusals: `application/errors/messages.ts` words
 * ticket_subject_required, ticket_subject_too_long, ticket_message_required and
 * ticket_message_too_long with them.
 */
export const missingTicketFieldsMessage = 'Missing fields: Please fill in both subject and message.';
export const emptyMessageMessage = 'Please enter a message';
export const subjectTooLongMessage = (max: number) => `A subject has at most ${max} characters`;
export const messageTooLongMessage = (max: number) => `A message has at most ${max} characters`;

// ---- requests ---------------------------------------------------------------------------

export const ticketIdParamsSchema = z.object({
  id: text({ max: 100, tooLong: 'The ticket id is not valid' }).trim().min(1, 'The ticket id is required'),
});

/** POST /api/support/tickets */
export const createTicketRequestSchema = z.object({
  subject: text({ max: supportLimits.subject, tooLong: subjectTooLongMessage(supportLimits.subject), required: missingTicketFieldsMessage })
    .trim()
    .min(1, missingTicketFieldsMessage),
  message: text({ max: supportLimits.message, tooLong: messageTooLongMessage(supportLimits.message), required: missingTicketFieldsMessage })
    .trim()
    .min(1, missingTicketFieldsMessage),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;
export const createTicketResponseSchema = z.object({ id: z.string() });

/** POST /api/support/tickets/{id}/messages and POST /api/admin/support-tickets/{id}/messages */
export const postMessageRequestSchema = z.object({
  message: text({ max: supportLimits.message, tooLong: messageTooLongMessage(supportLimits.message), required: emptyMessageMessage })
    .trim()
    .min(1, emptyMessageMessage),
});
export type PostMessageRequest = z.infer<typeof postMessageRequestSchema>;

/** Messages in one read of a thread when `limit` is not given, and the most one read returns (issue 48). */
export const THREAD_PAGE_DEFAULT = 50;
export const THREAD_PAGE_MAX = 100;
/** The response header that carries the `before` cursor of the earlier messages, when there are any. */
export const EARLIER_CURSOR_HEADER = 'x-earlier-cursor';

/**
 * GET …/tickets/{id}/messages query, all optional (issue 48): without them the latest
 * THREAD_PAGE_DEFAULT messages, oldest first as the spec lists them. `before` (a message id, as
 * the x-earlier-cursor header gives it) reads the messages before that one; `after` (the id of the
 * last message the caller has) reads only the newer ones, oldest first, for the 3-second polls.
 */
export const threadPageQuerySchema = z
  .object({
    limit: text({ max: 4 })
      .regex(/^\d+$/, 'limit must be a whole number')
      .refine((v) => Number(v) >= 1 && Number(v) <= THREAD_PAGE_MAX, `limit must be between 1 and ${THREAD_PAGE_MAX}`)
      .optional(),
    before: text({ max: 100, tooLong: 'The cursor is not valid' }).min(1, 'The cursor is not valid').optional(),
    after: text({ max: 100, tooLong: 'The cursor is not valid' }).min(1, 'The cursor is not valid').optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, { message: 'Send before or after, not both' });
export type ThreadPageQuery = z.infer<typeof threadPageQuerySchema>;
/** What both thread reads (the member's and the desk's) say of their paging. */
export const threadReadDescription =
  `At most \`limit\` messages (default ${THREAD_PAGE_DEFAULT}, at most ${THREAD_PAGE_MAX}), oldest first: without a cursor the latest ` +
  'ones; with `before` (a message id) those before it; with `after` (the id of the last message the caller has) only the newer ' +
  `ones, for polling. When earlier messages exist, the \`${EARLIER_CURSOR_HEADER}\` response header holds the \`before\` cursor that reads them. ` +
  'A cursor that is not a message of this ticket answers 400.';

/** PATCH /api/admin/support-tickets/{id}/status */
export const changeTicketStatusRequestSchema = z.object({ status: ticketStatusSchema });

/** PATCH /api/admin/support-tickets/{id}: any of status, priority, tags (the whole set of tags the ticket should carry). */
export const updateTicketRequestSchema = z
  .object({
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    tags: z.array(ticketTagSchema).max(ticketTags.length).optional(),
  })
  .refine((body) => body.status !== undefined || body.priority !== undefined || body.tags !== undefined, {
    message: 'Nothing to change: send status, priority or tags',
  });
export type UpdateTicketRequest = z.infer<typeof updateTicketRequestSchema>;

// ---- responses --------------------------------------------------------------------------

/** A member's ticket (member-product §3). */
export const memberTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatusSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: the last message or change. */
  updatedAt: z.string(),
  /** Support-team messages the member has not read yet. */
  unreadCount: z.number().int(),
});
export type MemberTicketDto = z.infer<typeof memberTicketSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  senderType: z.enum(senderTypes),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TicketMessageDto = z.infer<typeof ticketMessageSchema>;

/** Which messages of a thread one read asks for: at most `limit`, before or after a message (by id). */
export interface ThreadPage {
  limit: number;
  before?: string;
  after?: string;
}
/** One read of a thread: its messages oldest first, and the `before` cursor of earlier ones when there are any. */
export interface ThreadSlice {
  messages: TicketMessageDto[];
  earlierCursor: string | null;
}

export const unreadCountResponseSchema = z.object({ count: z.number().int() });

/** A ticket as staff see it (back-office §3). */
export const staffTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  tags: z.array(ticketTagSchema),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Member messages no staff member has read yet. */
  unreadCount: z.number().int(),
});
export type StaffTicketDto = z.infer<typeof staffTicketSchema>;

/** GET /api/admin/support-tickets/{id}/history: every event of the ticket, oldest first. */
export const ticketHistoryEntrySchema = z.object({
  /** The event type, e.g. TicketOpened, TicketMessagePosted, TicketStatusChanged. */
  type: z.string(),
  /** ISO 8601. */
  at: z.string(),
  actor: z.object({
    kind: z.enum(['user', 'system']),
    /** The person's id, or the system part's name. */
    id: z.string(),
    /** The person's name now, or '(deleted account)'. */
    name: z.string(),
    /** The role they held when they acted. */
    role: z.string().nullable(),
  }),
  /** What changed, in words: 'Status: pending → resolved', 'Message: …', 'Tag added: Bug'. */
  summary: z.string(),
});
export type TicketHistoryEntryDto = z.infer<typeof ticketHistoryEntrySchema>;

/** GET /api/admin/support-tickets/{id}/member: the member behind a ticket, from the read models. */
export const ticketMemberContextSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  memberSince: z.string(),
  credits: z.object({
    ideas: z.object({ used: z.number().int(), limit: z.number().int() }),
    plans: z.object({ used: z.number().int(), limit: z.number().int() }),
    milestones: z.object({ used: z.number().int(), limit: z.number().int() }),
    help: z.object({ used: z.number().int(), limit: z.number().int() }),
    resetsAt: z.string().nullable(),
  }),
  planCount: z.number().int(),
  /** The member's last payment; null until they paid (payments arrive with billing). */
  lastPayment: z
    .object({ amount: z.number(), currency: z.string(), status: z.string(), createdAt: z.string() })
    .nullable(),
});
export type TicketMemberContextDto = z.infer<typeof ticketMemberContextSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });
