/**
 * A reason stored in an event, as a person reads it: the admin's audit trail and the member's
 * own account activity show reasons this way. The system stores some reasons as codes; what a
 * person typed is kept as they typed it.
 */

/** A code as words: 'past_due' → 'past due'. */
const words = (code: string) => code.replace(/[-_]+/g, ' ').trim();
const capitalised = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** What the AI failures stored in refund reasons mean (`AiErrorType`, and the catch-all `error`). */
const failureText: Record<string, string> = {
  timeout: 'the AI took too long to answer',
  rate_limit: 'the AI service was busy',
  parse_error: "the AI's answer could not be read",
  validation_error: "the AI's answer was incomplete",
  unavailable: 'the AI service was unavailable',
  error: 'an unexpected error',
};
/** Reasons the system stores as codes, in words (`billingRoleReasons`, `ABANDONED_REASON`). */
const codedReasons: Record<string, string> = {
  subscription_active: 'The Pro subscription became active',
  subscription_ended: 'The Pro subscription ended',
  generation_abandoned: 'The generation never finished, so the credit was given back',
};

/**
 * A stored reason as a person reads it: the system's codes in words ("subscription_active" →
 * "The Pro subscription became active", "plan generation failed (timeout)" → "The plan generation
 * failed: the AI took too long to answer"); what a person typed stays as they typed it.
 */
export function readableReason(reason: string): string {
  const known = codedReasons[reason];
  if (known) return known;
  const failed = /^(\w+) generation failed \(([\w-]+)\)$/i.exec(reason);
  if (failed) {
    const [, kind, code] = failed as unknown as [string, string, string];
    return `The ${kind.toLowerCase()} generation failed: ${failureText[code] ?? words(code)}`;
  }
  return /^[a-z]+(_[a-z]+)+$/.test(reason) ? capitalised(words(reason)) : reason;
}
