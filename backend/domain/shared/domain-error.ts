/**
 * A rule of the domain said no. `code` is stable (clients switch on it); `message` is
 * written for the person using the product.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly kind: 'conflict' | 'forbidden' | 'not_found' | 'invalid' | 'unauthorized' | 'limit' = 'invalid',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
