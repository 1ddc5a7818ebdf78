import { describe, expect, it } from 'vitest';
import { ticketLimits } from '../../domain/support/support-limits';
import * as ticket from '../../domain/support/ticket';
import { messageOf } from '../errors/messages';
import { createTicketRequestSchema, postMessageRequestSchema, supportLimits, ticketPriorities, ticketStatuses, ticketTags } from './support';

/** The first message zod gives for `body`, as the error handler sends it. */
function refusal(schema: typeof createTicketRequestSchema | typeof postMessageRequestSchema, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

describe('the support contract states the decider’s rules once', () => {
  it('takes the ticket’s values and bounds from the domain', () => {
    expect(ticketStatuses).toBe(ticket.ticketStatuses);
    expect(ticketPriorities).toBe(ticket.ticketPriorities);
    expect(ticketTags).toBe(ticket.ticketTags);
    expect(supportLimits).toEqual({ subject: ticketLimits.subject, message: ticketLimits.message });
  });

  it('refuses in the same words as the decider, the words members read today', () => {
    const long = (limit: number) => 'x'.repeat(limit + 1);
    const cases = [
      {
        zod: refusal(createTicketRequestSchema, { subject: long(supportLimits.subject), message: 'm' }),
        decider: messageOf(ticket.SubjectTooLong()),
        words: 'A subject has at most 200 characters',
      },
      {
        zod: refusal(createTicketRequestSchema, { subject: 's', message: long(supportLimits.message) }),
        decider: messageOf(ticket.MessageTooLong()),
        words: 'A message has at most 5000 characters',
      },
      {
        zod: refusal(postMessageRequestSchema, { message: long(supportLimits.message) }),
        decider: messageOf(ticket.MessageTooLong()),
        words: 'A message has at most 5000 characters',
      },
      {
        zod: refusal(createTicketRequestSchema, { subject: '  ', message: 'm' }),
        decider: messageOf(ticket.SubjectRequired()),
        words: 'Missing fields: Please fill in both subject and message.',
      },
      {
        zod: refusal(postMessageRequestSchema, { message: ' ' }),
        decider: messageOf(ticket.MessageRequired()),
        words: 'Please enter a message',
      },
    ];
    for (const { zod, decider, words } of cases) expect({ zod, decider }).toEqual({ zod: words, decider: words });
    expect(refusal(createTicketRequestSchema, { subject: 's' })).toBe('Missing fields: Please fill in both subject and message.');
    expect(refusal(postMessageRequestSchema, {})).toBe('Please enter a message');
  });
});
