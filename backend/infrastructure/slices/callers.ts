/**
 * Who may call an operation, as the role matrix states it (`Slice.callers`,
 * tests/reliability/role-matrix.int.spec.ts calls every operation as each caller and compares):
 * one outcome per caller, in the order visitor, free, pro, moderator, admin.
 *
 * - `401`: refused, sign in first; `403`: refused, not for this role.
 * - `ok`: let through: a 2xx, or a 4xx that is the operation's own answer to the test's minimal
 *   request (an empty body is a 400, a made-up id a 404), not a refusal of the caller.
 */
export type CallerOutcome = 'ok' | '401' | '403';
export type CallerOutcomes = readonly [visitor: CallerOutcome, free: CallerOutcome, pro: CallerOutcome, moderator: CallerOutcome, admin: CallerOutcome];

/** The usual rows. */
export const callers = {
  everyone: ['ok', 'ok', 'ok', 'ok', 'ok'],
  signedIn: ['401', 'ok', 'ok', 'ok', 'ok'],
  members: ['401', 'ok', 'ok', '403', '403'],
  staff: ['401', '403', '403', 'ok', 'ok'],
  admins: ['401', '403', '403', '403', 'ok'],
} as const satisfies Record<string, CallerOutcomes>;
