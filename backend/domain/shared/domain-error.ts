export type DomainErrorKind = 'conflict' | 'forbidden' | 'not_found' | 'invalid' | 'unauthorized' | 'limit' | 'quota' | 'unavailable' | 'busy';

/**
 * A rule of the domain said no. `code` is stable (clients switch on it), `kind` says what sort
 * of refusal it is (the HTTP layer maps it to a status) and `data` holds the facts a message
 * needs (a limit, a date). The domain writes no sentences: the application words each code
 * (`application/errors/messages.ts`).
 *
 * Kinds: `limit` is a rate limit (try again later, HTTP 429; `data.retryAfterMs` when known);
 * `quota` is a spent allowance (the monthly credits, HTTP 403), see `QuotaExceeded`; `busy`: the
 * server has no room for this work right now (HTTP 503; `data.retryAfterMs`).
 */
export class DomainError<Code extends string = string, Data extends object = Record<string, unknown>> extends Error {
  constructor(
    readonly code: Code,
    readonly kind: DomainErrorKind,
    readonly data: Data = {} as Data,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/**
 * An allowance is used up. `upgradeRequired` says whether upgrading would help (a free
 * member) or only the next period will (a pro member); clients show an upgrade button on it.
 */
export class QuotaExceeded<Code extends string = string, Data extends object = Record<string, unknown>> extends DomainError<
  Code,
  Data
> {
  constructor(
    code: Code,
    readonly upgradeRequired: boolean,
    data: Data = {} as Data,
  ) {
    super(code, 'quota', data);
    this.name = 'QuotaExceeded';
  }
}

/**
 * The actor may not do this. `action` names what was refused when the wording depends on it
 * (e.g. `change_role`); without it the refusal is the general one.
 */
export const NotAllowed = (action?: string) =>
  new DomainError('forbidden', 'forbidden', action === undefined ? {} : { action });

export const ReasonRequired = () => new DomainError('reason_required', 'invalid');

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
