/**
 * Length and count limits of support tickets. Subject and message lengths are the project's
 * bounds for the spec's fields (member-product §8); the message counts keep one ticket's thread,
 * and one member's day, from growing without end (issue 48: 1,500 messages of 5,000 characters
 * made a 7.68 MB thread that the desk polled every 3 s). One place, read by the ticket decider,
 * the support service and the API contract (`application/contracts/support.ts`: the schemas' and
 * the forms' bounds).
 */
export const ticketLimits = {
  subject: 200,
  message: 5000,
  /** Messages a member writes to one ticket, the opening message included (the support team's replies are not counted). */
  memberMessagesPerTicket: 200,
  /** Messages a member writes over all their tickets in one UTC day (opening messages are counted by the ticket limit instead). */
  memberMessagesPerDay: 300,
} as const;
