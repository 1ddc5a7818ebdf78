/**
 * A rule of the domain said no. `code` is stable (clients switch on it); `message` is
 * written for the person using the product.
 *
 * Kinds: `limit` is a rate limit (try again later, HTTP 429); `quota` is a spent allowance
 * (the monthly credits, HTTP 403), see `QuotaExceeded`.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly kind: 'conflict' | 'forbidden' | 'not_found' | 'invalid' | 'unauthorized' | 'limit' | 'quota' = 'invalid',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * An allowance is used up. `upgradeRequired` says whether upgrading would help (a free
 * member) or only the next period will (a pro member); clients show an upgrade button on it.
 */
export class QuotaExceeded<Code extends string = string> extends DomainError<Code> {
  constructor(
    code: Code,
    message: string,
    readonly upgradeRequired: boolean,
  ) {
    super(code, message, 'quota');
    this.name = 'QuotaExceeded';
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
