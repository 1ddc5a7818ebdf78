import type { BillingEvent } from '../../domain/billing/billing-events';
import type { CreditAccountEvent, CreditPaidFor } from '../../domain/credits/credit-account';
import type { UserEvent } from '../../domain/identity/user';
import type { AuditEntryDto, AuditKind } from '../contracts/admin-members';
import { comparePositions, type RecordedEvent } from '../ports/event-store';
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

function paidForText(paidFor: CreditPaidFor): string {
  if (paidFor.taskId) return ` for task ${paidFor.taskId}`;
  if (paidFor.milestoneId) return ` for milestone ${paidFor.milestoneId}`;
  if (paidFor.planId) return ` for plan ${paidFor.planId}`;
  if (paidFor.ideaSetId) return ` for idea set ${paidFor.ideaSetId}`;
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
function describe(event: AuditedEvent, before: Profile | null): { kind: AuditKind; summary: string } {
  switch (event.type) {
    case 'UserRegistered':
      return { kind: 'account', summary: `Signed up as ${event.data.firstName} ${event.data.lastName} (${event.data.email}), role ${event.data.role}` };
    case 'UserProfileUpdated':
      return { kind: 'account', summary: profileChanges(before, event.data) };
    case 'UserPasswordChanged':
      return { kind: 'account', summary: event.data.via === 'reset' ? 'Password reset' : 'Password changed' };
    case 'UserRoleChanged':
      return { kind: 'role', summary: `Role changed from ${event.data.from} to ${event.data.to}` };
    case 'UserDisabled':
      return { kind: 'access', summary: 'Account disabled' };
    case 'UserEnabled':
      return { kind: 'access', summary: 'Account enabled' };
    case 'UserDeleted':
      return { kind: 'account', summary: 'Account deleted' };
    case 'UserDataReset':
      return { kind: 'content', summary: `Data reset: ${plural(event.data.deletedIdeas, 'idea set')} and ${plural(event.data.deletedPlans, 'plan')} deleted` };
    case 'CreditAccountOpened':
      return { kind: 'credits', summary: `Credits opened on the ${event.data.tier} tier` };
    case 'CreditPeriodStarted':
      return { kind: 'credits', summary: `New credit period on the ${event.data.tier} tier, until ${event.data.resetAt.slice(0, 10)}` };
    case 'CreditTierChanged':
      return { kind: 'credits', summary: `Credit tier changed from ${event.data.from} to ${event.data.to}` };
    case 'CreditConsumed':
      return { kind: 'credits', summary: `Spent a ${creditName[event.data.kind]} credit${paidForText(event.data.paidFor)}` };
    case 'CreditRefunded':
      return { kind: 'credits', summary: `Refunded a ${creditName[event.data.kind]} credit${paidForText(event.data.paidFor)}` };
    case 'CreditsGranted':
      return { kind: 'credits', summary: `Granted ${plural(event.data.amount, `${creditName[event.data.kind]} credit`)}` };
    case 'CheckoutStarted':
      return { kind: 'payments', summary: `Checkout started (${event.data.mode})` };
    case 'SubscriptionActivated':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} started (${event.data.mode})` };
    case 'SubscriptionRenewed':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} renewed` };
    case 'SubscriptionPaymentFailed':
      return { kind: 'payments', summary: `Payment for subscription ${event.data.subscriptionId} failed` };
    case 'SubscriptionCancellationScheduled':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} set to end${event.data.endsAt ? ` on ${event.data.endsAt.slice(0, 10)}` : ''}` };
    case 'SubscriptionCancellationWithdrawn':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} will go on (cancellation withdrawn)` };
    case 'SubscriptionSuspended':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} suspended (${event.data.status})` };
    case 'SubscriptionResumed':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} resumed` };
    case 'SubscriptionEnded':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} ended` };
    case 'PaymentRecorded': {
      const { payment } = event.data;
      return { kind: 'payments', summary: `Payment of ${payment.amount.toFixed(2)} ${payment.currency.toUpperCase()} recorded (${payment.status}, ${payment.mode})` };
    }
    case 'DuplicateSubscriptionFound':
      return { kind: 'payments', summary: `Subscription ${event.data.subscriptionId} is a second one (${event.data.keptSubscriptionId} is kept): it is cancelled and refunded` };
    case 'DuplicateSubscriptionCancelled':
      return { kind: 'payments', summary: `Second subscription ${event.data.subscriptionId} cancelled at the payment provider` };
    case 'PaymentRefunded':
      return { kind: 'payments', summary: `Payment of ${event.data.amount.toFixed(2)} ${event.data.currency.toUpperCase()} refunded (second subscription)` };
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
 * given. `names`: the current names of the user actors, by id (absent: deleted).
 */
export function auditTrail(events: readonly RecordedEvent[], names: ReadonlyMap<string, MemberName>, kind?: AuditKind): AuditEntryDto[] {
  const oldestFirst = [...events].sort((a, b) => comparePositions(a.position, b.position));
  let profile: Profile | null = null;
  const entries: AuditEntryDto[] = [];
  for (const recorded of oldestFirst) {
    const event = { type: recorded.type, data: recorded.data } as AuditedEvent;
    const described = describe(event, profile);
    if (event.type === 'UserRegistered') {
      const { firstName, lastName, email } = event.data;
      profile = { firstName, lastName, email, country: null, profilePicture: null };
    } else if (event.type === 'UserProfileUpdated') {
      profile = { ...event.data };
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
      reason: typeof recorded.data.reason === 'string' ? recorded.data.reason : null,
    });
  }
  return entries.reverse();
}
