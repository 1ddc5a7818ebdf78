import type { BillingEvent } from '../../domain/billing/billing-events';
import { formatMinorUnits } from '../../domain/billing/currency';
import type { CreditAccountEvent, CreditPaidFor } from '../../domain/credits/credit-account';
import { UNDO_REASON } from '../../domain/admin-actions/admin-action';
import type { UserEvent } from '../../domain/identity/user';
import type { AuditEntryDto, AuditKind } from '../contracts/admin-members';
import { comparePositions, type RecordedEvent } from '../ports/event-store';
import { readableReason } from '../contracts/readable-reason';

export { readableReason };
import type { MemberName } from './members-reads';

/**
 * A member's audit trail (issue 32, beyond the spec): every event of their account, credit
 * ledger and billing streams as one line an admin reads, newest first: what happened, who did it
 * (a person by their current name, or the system by its policy's name), the request or event
 * that caused it, and the reason given. Pure: the service reads the streams and the names.
 * Only what a line needs is taken from an event: never a password hash or a token.
 */

/** Written on the user stream by the admin reset of a member's data (another slice of issue 32). */
type UserDataReset = { type: 'UserDataReset'; data: { reason: string; deletedIdeas: number; deletedPlans: number } };
type AuditedEvent = UserEvent | CreditAccountEvent | BillingEvent | UserDataReset;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const creditName = { idea: 'idea', plan: 'plan', milestone: 'milestone', help: 'task help' } as const;
/** "an idea credit", "a plan credit". */
const aCredit = (kind: keyof typeof creditName) => `${/^[aeiou]/.test(creditName[kind]) ? 'an' : 'a'} ${creditName[kind]} credit`;
const tierName = { free: 'Free', pro: 'Pro' } as const;
const modeText = (mode: string) => (mode === 'test' ? ' (test mode)' : '');
/** "1 December 2026", the app's en-GB long date; anything else as written. */
function dayText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
/** A code as words: 'past_due' → 'past due'. */
const words = (code: string) => code.replace(/[-_]+/g, ' ').trim();

/**
 * What a credit paid for, by its current name (the member's content, as the user view lists it):
 * ids become "the plan “Pet portraits”"; content deleted since is said to be gone.
 */
export interface ContentNames {
  ideaSets: ReadonlyMap<string, string>;
  plans: ReadonlyMap<string, string>;
  milestones: ReadonlyMap<string, string>;
  tasks: ReadonlyMap<string, string>;
}

function paidForText(paidFor: CreditPaidFor, content: ContentNames): string {
  const named = (names: ReadonlyMap<string, string>, id: string, what: string, prefix = `the ${what} `) => {
    const name = names.get(id);
    return name === undefined ? `a ${what} since deleted` : `${prefix}“${name}”`;
  };
  if (paidFor.taskId) return ` for help with ${named(content.tasks, paidFor.taskId, 'task')}`;
  if (paidFor.milestoneId) return ` for ${named(content.milestones, paidFor.milestoneId, 'milestone')}`;
  if (paidFor.planId) return ` for ${named(content.plans, paidFor.planId, 'plan')}`;
  if (paidFor.ideaSetId) return ` for ${named(content.ideaSets, paidFor.ideaSetId, 'idea set', 'ideas for ')}`;
  return '';
}

/** The profile fields a `UserProfileUpdated` changed, given the profile before it. */
type Profile = { firstName: string; lastName: string; email: string; country: string | null; profilePicture: string | null };
function profileChanges(before: Profile | null, after: Profile): string {
  if (!before) return 'Profile updated';
  const changed = [
    before.firstName !== after.firstName || before.lastName !== after.lastName ? 'name' : null,
    before.email !== after.email ? `email (now ${after.email})` : null,
    before.country !== after.country ? 'country' : null,
    before.profilePicture !== after.profilePicture ? (after.profilePicture ? 'picture' : 'picture removed') : null,
  ].filter((part): part is string => part !== null);
  return changed.length ? `Profile updated: ${changed.join(', ')}` : 'Profile saved unchanged';
}

/** The kind and the line of one event; `before` is the profile as it stood before it. */
function describe(event: AuditedEvent, before: Profile | null, content: ContentNames): { kind: AuditKind; summary: string } {
  switch (event.type) {
    case 'UserRegistered':
      return { kind: 'account', summary: `Signed up as ${event.data.firstName} ${event.data.lastName} (${event.data.email}), role ${event.data.role}` };
    case 'UserProfileUpdated':
      return { kind: 'account', summary: profileChanges(before, event.data) };
    case 'UserPasswordChanged':
      return { kind: 'account', summary: event.data.via === 'reset' ? 'Password reset' : 'Password changed' };
    case 'UserRoleChanged':
      return { kind: 'role', summary: `Role changed from ${event.data.from} to ${event.data.to}${event.data.reason === UNDO_REASON ? ' (undo of an admin action)' : ''}` };
    case 'UserDisabled':
      return { kind: 'access', summary: 'Account disabled' };
    case 'UserEnabled':
      return { kind: 'access', summary: 'Account enabled' };
    case 'UserDeleted':
      return { kind: 'account', summary: 'Account deleted' };
    case 'UserDataReset':
      return { kind: 'content', summary: `Data reset: ${plural(event.data.deletedIdeas, 'idea set')} and ${plural(event.data.deletedPlans, 'plan')} deleted` };
    case 'UserDataRestored':
      return { kind: 'content', summary: `Data reset undone: ${plural(event.data.restoredIdeas, 'idea set')} and ${plural(event.data.restoredPlans, 'plan')} restored` };
    case 'EmailAddressConfirmed':
      return { kind: 'account', summary: `Email address confirmed (${event.data.email})` };
    case 'UserEmailRestored':
      return { kind: 'access', summary: `Email address restored to ${event.data.email} from the change notice; every session ended` };
    case 'GoogleAccountLinked':
      return { kind: 'access', summary: `Google sign-in linked (${event.data.email})` };
    case 'SignedInWithGoogle':
      return { kind: 'access', summary: 'Signed in with Google' };
    case 'SignedInFromNewDevice':
      return { kind: 'access', summary: event.data.firstDevice ? `First sign-in, on ${event.data.device}` : `Signed in from a new device: ${event.data.device}` };
    case 'SignedOutEverywhere':
      return { kind: 'access', summary: 'Signed out of every session' };
    case 'CreditAccountOpened':
      return { kind: 'credits', summary: `Credits opened on the ${tierName[event.data.tier]} tier` };
    case 'CreditPeriodStarted':
      return { kind: 'credits', summary: `New credit period on the ${tierName[event.data.tier]} tier, until ${dayText(event.data.resetAt)}` };
    case 'CreditTierChanged':
      return { kind: 'credits', summary: `Credit tier changed from ${tierName[event.data.from]} to ${tierName[event.data.to]}` };
    case 'CreditConsumed':
      return { kind: 'credits', summary: `Spent ${aCredit(event.data.kind)}${paidForText(event.data.paidFor, content)}` };
    case 'CreditRefunded':
      return { kind: 'credits', summary: `Refunded ${aCredit(event.data.kind)}${paidForText(event.data.paidFor, content)}` };
    case 'CreditsGranted':
      return { kind: 'credits', summary: `Granted ${plural(event.data.amount, `${creditName[event.data.kind]} credit`)}` };
    case 'CheckoutStarted':
      return { kind: 'payments', summary: `Checkout for Pro started${modeText(event.data.mode)}` };
    case 'SubscriptionActivated':
      return { kind: 'payments', summary: `Pro subscription started${modeText(event.data.mode)}` };
    case 'SubscriptionRenewed':
      return { kind: 'payments', summary: 'Pro subscription renewed' };
    case 'SubscriptionPaymentFailed':
      return { kind: 'payments', summary: 'Payment for the Pro subscription failed' };
    case 'SubscriptionCancellationScheduled':
      return { kind: 'payments', summary: `Pro subscription cancelled: it ends${event.data.endsAt ? ` on ${dayText(event.data.endsAt)}` : ' at the end of the period'}` };
    case 'SubscriptionCancellationWithdrawn':
      return { kind: 'payments', summary: 'Pro subscription cancellation withdrawn: it goes on' };
    case 'SubscriptionSuspended':
      return { kind: 'payments', summary: `Pro subscription suspended (${words(event.data.status)})` };
    case 'SubscriptionResumed':
      return { kind: 'payments', summary: 'Pro subscription resumed' };
    case 'SubscriptionEnded':
      return { kind: 'payments', summary: 'Pro subscription ended' };
    case 'PaymentRecorded': {
      const { payment } = event.data;
      return { kind: 'payments', summary: `Payment of ${formatMinorUnits(payment.amount, payment.currency)} ${payment.currency.toUpperCase()} recorded (${payment.status}, ${payment.mode})` };
    }
    case 'DuplicateSubscriptionFound':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} is a second one (${event.data.keptSubscriptionId} is kept): it is cancelled and refunded` };
    case 'DuplicateSubscriptionCancelled':
      return { kind: 'payments', summary: `Second subscription ${event.data.subscriptionId} cancelled at the payment provider` };
    case 'PaymentRefunded':
      return { kind: 'payments', summary: `Payment of ${formatMinorUnits(event.data.amount, event.data.currency)} ${event.data.currency.toUpperCase()} refunded (second subscription)` };
    default:
      return unknownEvent(event);
  }
}

/** An event type this trail does not know yet (written by a newer slice): its type, never its data. */
function unknownEvent(event: never): { kind: AuditKind; summary: string } {
  return { kind: 'account', summary: (event as { type: string }).type };
}

/** A system actor's name as people write it: 'billing' → 'Billing', 'erasure-sweep' → 'Erasure sweep'. */
export const systemName = (name: string) => {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'System';
};

const DELETED_USER = 'Deleted user';

/**
 * The entries of the member's streams (any order in), newest first, only those of `kind` when
 * given. `names`: the current names of the user actors, by id (absent: deleted); `content`: the
 * member's idea sets, plans, milestones and tasks by id, to name what a credit paid for.
 */
export function auditTrail(events: readonly RecordedEvent[], names: ReadonlyMap<string, MemberName>, content: ContentNames, kind?: AuditKind): AuditEntryDto[] {
  const oldestFirst = [...events].sort((a, b) => comparePositions(a.position, b.position));
  let profile: Profile | null = null;
  const entries: AuditEntryDto[] = [];
  for (const recorded of oldestFirst) {
    const event = { type: recorded.type, data: recorded.data } as AuditedEvent;
    const described = describe(event, profile, content);
    if (event.type === 'UserRegistered') {
      const { firstName, lastName, email } = event.data;
      profile = { firstName, lastName, email, country: null, profilePicture: null };
    } else if (event.type === 'UserProfileUpdated') {
      profile = { ...event.data };
    } else if (event.type === 'UserEmailRestored') {
      if (profile) profile = { ...(profile as Profile), email: event.data.email };
    }
    if (kind && described.kind !== kind) continue;
    const { actor } = recorded;
    const name = actor.kind === 'user' ? names.get(actor.userId) : undefined;
    entries.push({
      id: recorded.eventId,
      at: recorded.occurredAt.toISOString(),
      kind: described.kind,
      type: recorded.type,
      summary: described.summary,
      actor:
        actor.kind === 'user'
          ? { kind: 'user', id: actor.userId, name: name ? `${name.firstName} ${name.lastName}`.trim() : DELETED_USER, role: actor.role }
          : { kind: 'system', id: null, name: systemName(actor.name), role: null },
      cause: recorded.causationId,
      reason: typeof recorded.data.reason === 'string' ? readableReason(recorded.data.reason) : null,
    });
  }
  return entries.reverse();
}
