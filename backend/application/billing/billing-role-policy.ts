import {
  billingAccountDecider,
  isEntitledToPro,
  liveSubscription,
  subscriptionsOf,
  type BillingAccountState,
} from '../../domain/billing/billing-account';
import { billingRoleReasons, billingStream } from '../../domain/billing/billing-events';
import { BILLING_SYSTEM, userDecider, userStreams, type ChangeRole, type UserRoleChanged } from '../../domain/identity/user';
import { systemActor, type Role } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { CreditsService } from '../credits/credits-service';
import { foldStream, handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import type { AllPosition, EventStore, RecordedEvent } from '../ports/event-store';
import type { Clock, IdGenerator, Mailer } from '../ports/system';

export interface BillingRolePolicyDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  credits: CreditsService;
  /** Tells the member their subscription started or ended (when the role change is recorded, so once). */
  mailer?: Mailer;
  /** PUBLIC_URL: the links in those emails. */
  publicUrl?: string;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What the policy decided for a member. */
export interface RolePolicyOutcome {
  /** The role the member holds afterwards (null: not a member any more, or staff: left alone). */
  role: Role | null;
  changed: boolean;
  /** Where the last write landed (role change or ledger), for read-your-writes. */
  position: AllPosition | null;
}

/** The subscription started (now pro) or ended (now free) email, in the member's name. */
function notifySubscription(mailer: Mailer, appUrl: string, userId: string, user: { email: string; firstName: string }, role: 'pro' | 'free') {
  return role === 'pro'
    ? mailer.send({ to: user.email, recipientId: userId, template: 'subscription-started', variables: { firstName: user.firstName, dashboardLink: `${appUrl}/dashboard`, appUrl } })
    : mailer.send({ to: user.email, recipientId: userId, template: 'subscription-ended', variables: { firstName: user.firstName, upgradeLink: `${appUrl}/upsell`, appUrl } });
}

/** The role the billing policy last gave: whether the member's pro came from a subscription (an admin's pro is left alone). */
function proCameFromBilling(userEvents: RecordedEvent[]): boolean {
  const last = userEvents.filter((event) => event.type === 'UserRoleChanged').at(-1);
  return last !== undefined && (last.data as UserRoleChanged['data']).reason === billingRoleReasons.activated;
}

/**
 * The first process manager (design §1 "policies"): the member's role follows their billing
 * account. Entitled to Pro (some subscription not ended) while free: `UserRoleChanged` free→pro
 * (reason `subscription_active`); no longer entitled while pro by a subscription: pro→free
 * (`subscription_ended`). Each names the subscription, is written by the system actor
 * `billing` and caused by the provider event that started or ended the subscription. Then the
 * credit ledger follows the role (`credits.sync`: on upgrade, the pro allowances of the current
 * period at once). Staff are left alone.
 *
 * It decides from the truth only (the billing stream and the user stream, never read models)
 * and writes only what is missing, so it can run any number of times: inline after each billing
 * command (the intake), and again from the sweeper for every member the billing events marked.
 */
export function createBillingRolePolicy(deps: BillingRolePolicyDeps) {
  const { eventStore, ids, clock, credits } = deps;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  /** The role the billing account calls for, with the subscription and provider event behind it; undefined: leave it. */
  function wanted(role: Role, billing: BillingAccountState, userEvents: RecordedEvent[]) {
    if (role === 'free' && isEntitledToPro(billing)) {
      const subscription = liveSubscription(billing)!;
      return { role: 'pro' as const, reason: billingRoleReasons.activated, subscription, cause: subscription.activatedBy };
    }
    if (role === 'pro' && !isEntitledToPro(billing) && proCameFromBilling(userEvents)) {
      const subscription = subscriptionsOf(billing).find((s) => s.status === 'ended' || s.status === 'suspended');
      if (!subscription) return undefined;
      return { role: 'free' as const, reason: billingRoleReasons.ended, subscription, cause: subscription.endedBy };
    }
    return undefined;
  }

  return {
    /**
     * Brings the member's role and ledger in line with their billing account. `correlationId`
     * is the request or sweep that asked; `fallbackCause` the provider event being taken, for a
     * subscription whose own cause is not recorded.
     */
    async apply(userId: string, correlationId: string, fallbackCause?: string): Promise<RolePolicyOutcome> {
      const billing = foldStream(billingAccountDecider, await eventStore.readStream(billingStream.name(userId)));
      const userEvents = await eventStore.readStream(userStreams.name(userId));
      const user = foldStream(userDecider, userEvents);
      if (user.status !== 'active' && user.status !== 'disabled') return { role: null, changed: false, position: null };
      if (user.role !== 'free' && user.role !== 'pro') return { role: null, changed: false, position: null };
      let role: Role = user.role;
      let position: AllPosition | null = null;
      const change = wanted(user.role, billing, userEvents);
      if (change) {
        const causationId = change.cause ?? fallbackCause ?? correlationId;
        try {
          const outcome = await handleCommand(
            { eventStore, ids },
            userDecider,
            userStreams.name(userId),
            (): CommandInput<ChangeRole> => ({
              type: 'ChangeRole',
              data: { role: change.role, reason: change.reason, subscriptionId: change.subscription.subscriptionId },
            }),
            { actor: systemActor(BILLING_SYSTEM), causationId, correlationId, now: clock.now() },
          );
          position = outcome.position;
          if (outcome.state.status === 'active' || outcome.state.status === 'disabled') role = outcome.state.role;
          if (position) log.info({ userId, to: change.role, subscriptionId: change.subscription.subscriptionId }, 'billing changed a member\'s role');
          if (position && deps.mailer && user.status === 'active') await notifySubscription(deps.mailer, deps.publicUrl ?? '', userId, user, change.role).catch((error: unknown) => log.error({ err: error, userId }, 'could not queue the subscription email'));
        } catch (error) {
          // An admin made them staff meanwhile: billing leaves staff alone.
          if (error instanceof DomainError && error.kind === 'forbidden') return { role: null, changed: false, position: null };
          throw error;
        }
      }
      if (role !== 'free' && role !== 'pro') return { role: null, changed: false, position };
      // The ledger follows the role (a no-op when it already does): on upgrade, the pro allowances at once.
      const ledger = await credits.sync({ userId, role }, { actor: null, requestId: correlationId });
      return { role, changed: position !== null, position: ledger.position ?? position };
    },
  };
}

export type BillingRolePolicy = ReturnType<typeof createBillingRolePolicy>;
