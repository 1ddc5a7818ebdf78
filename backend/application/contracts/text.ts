import { z } from 'zod';

/**
 * The one place request strings are bounded (issue 8). Every string a client may send goes
 * through `text`: it has a maximum length, and it may not carry a NUL byte or a lone UTF-16
 * surrogate. PostgreSQL cannot store either in `text` or `jsonb` (the insert fails with a 500);
 * refusing them here answers a clear 400 before anything is written.
 */

/** A NUL, or a high surrogate not followed by a low one, or a low surrogate without a high one. */
// eslint-disable-next-line no-control-regex -- refusing NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unstorableTextMessage = 'Text must not contain NUL characters or broken Unicode characters';

/** True when PostgreSQL can store `value` as text (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

export interface TextOptions {
  /** Maximum length in UTF-16 code units (JavaScript string length). */
  max: number;
  /** The message when the text is longer than `max`. */
  tooLong?: string;
  /** The message when the field is absent (as when it is blank, usually); zod's own wording otherwise. */
  required?: string;
}

/**
 * A bounded, storable request string. Chain `.trim()`, `.min()`, `.pipe(z.email())` etc. as usual:
 * `text({ max: 254 }).trim().min(1, 'Please enter your email')`.
 */
export function text(options: TextOptions) {
  const { max } = options;
  const { required } = options;
  return z
    .string(required === undefined ? undefined : { error: (issue) => (issue.input === undefined ? required : undefined) })
    .max(max, options.tooLong ?? `Text must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage);
}

/**
 * Walks any parsed JSON value (body, query, params) and says whether some string in it, or some
 * object key, cannot be stored. The HTTP layer refuses such requests before any route runs, so a
 * route that forgot `text` still cannot reach the database with them.
 */
export function findUnstorableText(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some((item) => findUnstorableText(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key) || findUnstorableText(item, depth + 1)) return true;
    }
  }
  return false;
}
