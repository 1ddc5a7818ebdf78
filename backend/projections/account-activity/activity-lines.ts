import type { BillingEvent } from '../../domain/billing/billing-events';
import { formatMinorUnits } from '../../domain/billing/currency';
import type { CreditAccountEvent } from '../../domain/credits/credit-account';
import type { UserEvent } from '../../domain/identity/user';
import type { Actor } from '../../domain/shared/actor';
import { readableReason } from '../../application/contracts/readable-reason';

/**
 * A member's own account activity (issue 52): what happened to their account, as a line they
 * read on their profile. Words a person understands: no ids, no codes, no staff member's name
 * (staff are "Skilly support") and never a staff note; what was the member's own doing says "You".
 * Pure: the projection (`account-activity-projection.ts`) stores what this answers for each event of the member's
 * account, credit ledger and billing streams. The admin's audit trail
 * (`application/admin/audit-trail.ts`) shows the same events to staff, in staff's words.
 */

export interface AccountActivityLine {
  summary: string;
  /** Who did it: "You", "Skilly support", "Billing" (the subscription) or "Skilly" (an automatic step). */
  by: string;
  /** Why, as given (a staff member's reason, or the system's in words); null when none was given. */
  reason: string | null;
}

/** The member's account as it stood before an event, for lines that say what changed. */
export interface AccountBefore {
  email: string | null;
}

type ActivityEvent = UserEvent | CreditAccountEvent | BillingEvent;

const roleName: Record<string, string> = { free: 'Free', pro: 'Pro', moderator: 'Moderator', admin: 'Admin' };
const creditName: Record<string, string> = { idea: 'idea', plan: 'plan', milestone: 'milestone', help: 'task help' };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
const money = (amount: number, currency: string) => `${formatMinorUnits(amount, currency)} ${currency.toUpperCase()}`;

/**
 * The system's steps the member took themself, with no account to act as yet or through a link
 * sent to them (signing up, a password reset, undoing an email change from the notice).
 */
const MEMBER_STEPS = new Set(['signup', 'password-reset', 'email-restore', 'google-sign-in']);

/**
 * Who acted, as the member reads it: "You"; "Skilly support" for any staff member (never by name);
 * "Billing" for the subscription's policy; "Skilly" for the product's other automatic steps.
 */
export function actorAsTheMemberReadsIt(actor: Actor, memberId: string): string {
  if (actor.kind === 'system') {
    if (MEMBER_STEPS.has(actor.name)) return 'You';
    return actor.name === 'billing' ? 'Billing' : 'Skilly';
  }
  if (actor.userId === memberId) return 'You';
  return 'Skilly support';
}

/** The summary of one event, or null when the member's activity does not list it (spending a credit, a checkout begun, internal bookkeeping). */
function summaryOf(event: ActivityEvent, before: AccountBefore): string | null {
  switch (event.type) {
    case 'UserRegistered':
      return 'Account created';
    case 'UserProfileUpdated':
      return before.email !== null && before.email !== event.data.email ? `Email address changed to ${event.data.email}` : null;
    case 'UserPasswordChanged':
      return event.data.via === 'reset' ? 'Password reset from the email link; every other session was signed out' : 'Password changed; every other session was signed out';
    case 'UserRoleChanged':
      return `Plan changed from ${roleName[event.data.from] ?? event.data.from} to ${roleName[event.data.to] ?? event.data.to}`;
    case 'UserDisabled':
      return 'Account disabled: every session was signed out';
    case 'UserEnabled':
      return 'Account enabled again';
    case 'UserDataReset':
      return `Ideas and plans reset: ${plural(event.data.deletedIdeas, 'idea set')} and ${plural(event.data.deletedPlans, 'plan')} deleted`;
    case 'UserDataRestored':
      return `Ideas and plans restored: ${plural(event.data.restoredIdeas, 'idea set')} and ${plural(event.data.restoredPlans, 'plan')} are back`;
    case 'EmailAddressConfirmed':
      return `Email address confirmed (${event.data.email})`;
    case 'UserEmailRestored':
      return `Email address restored to ${event.data.email}; every session was signed out`;
    case 'GoogleAccountLinked':
      return `Google account ${event.data.email} connected: you can sign in with it`;
    case 'SignedInWithGoogle':
      return 'Signed in with Google';
    case 'SignedInFromNewDevice':
      // The account's first device is its sign-up: "Account created" says it.
      return event.data.firstDevice ? null : `Signed in from a new device: ${event.data.device}`;
    case 'SignedOutEverywhere':
      return 'Signed out of every session, on every device';
    case 'CreditPeriodStarted':
      return `Credits reset for a new period, until ${day(event.data.resetAt)}`;
    case 'CreditTierChanged':
      return `Credits moved to the ${roleName[event.data.to] ?? event.data.to} allowance`;
    case 'CreditRefunded':
      return `${creditName[event.data.kind] === 'idea' ? 'An' : 'A'} ${creditName[event.data.kind] ?? event.data.kind} credit given back`;
    case 'CreditsGranted':
      return `${plural(event.data.amount, `${creditName[event.data.kind] ?? event.data.kind} credit`)} granted`;
    case 'SubscriptionActivated':
      return 'Pro subscription started';
    case 'SubscriptionRenewed':
      return 'Pro subscription renewed';
    case 'SubscriptionPaymentFailed':
      return 'A payment for the Pro subscription failed';
    case 'SubscriptionCancellationScheduled':
      return `Pro subscription cancelled: it ends ${event.data.endsAt ? `on ${day(event.data.endsAt)}` : 'at the end of the period'}`;
    case 'SubscriptionCancellationWithdrawn':
      return 'Pro subscription cancellation withdrawn: it goes on';
    case 'SubscriptionSuspended':
      return 'Pro subscription paused: a payment is due';
    case 'SubscriptionResumed':
      return 'Pro subscription resumed';
    case 'SubscriptionEnded':
      return 'Pro subscription ended';
    case 'PaymentRecorded': {
      const { payment } = event.data;
      const outcome = payment.status === 'paid' ? 'received' : payment.status === 'failed' ? 'failed' : `is ${payment.status.replace(/[-_]+/g, ' ')}`;
      return `Payment of ${money(payment.amount, payment.currency)} ${outcome}${payment.mode === 'test' ? ' (test mode)' : ''}`;
    }
    case 'PaymentRefunded':
      return `Payment of ${money(event.data.amount, event.data.currency)} refunded (a second subscription was cancelled)`;
    default:
      return null;
  }
}

/**
 * The line of an event of the member's streams, or null when their activity does not list it.
 * `memberId`: whose account it is; `before`: the account as it stood before the event.
 */
export function accountActivityLine(
  event: { type: string; data: Record<string, unknown>; actor: Actor },
  memberId: string,
  before: AccountBefore,
): AccountActivityLine | null {
  const summary = summaryOf({ type: event.type, data: event.data } as ActivityEvent, before);
  if (summary === null) return null;
  const reason = typeof event.data.reason === 'string' && event.data.reason.trim() !== '' ? readableReason(event.data.reason) : null;
  return { summary, by: actorAsTheMemberReadsIt(event.actor, memberId), reason };
}

/** The account after an event, for the next line (`before`). */
export function accountAfter(event: { type: string; data: Record<string, unknown> }, before: AccountBefore): AccountBefore {
  if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated' || event.type === 'UserEmailRestored') {
    return { email: typeof event.data.email === 'string' ? event.data.email : before.email };
  }
  return before;
}
