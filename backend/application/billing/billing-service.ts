import type { Kysely } from 'kysely';
import {
  AlreadySubscribed,
  billingAccountDecider,
  checkCanCheckout,
  duplicatesToSettle,
  customerOf,
  customersOf,
  type BillingAccountState,
  type BillingCommand,
} from '../../domain/billing/billing-account';
import { billingStream } from '../../domain/billing/billing-events';
import { userDecider, userStreams } from '../../domain/identity/user';
import { systemActor, type UserActor } from '../../domain/shared/actor';
import { DomainError, NotAllowed } from '../../domain/shared/domain-error';
import type { PaymentDto, SubscriptionDto } from '../contracts/billing';
import { foldStream, handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import { commandContext, type CommandContext } from '../event-sourcing/command-context';
import type { Database } from '../ports/database';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { PaymentGateway, ProviderEvent } from '../ports/payment-gateway';
import type { Clock, IdGenerator } from '../ports/system';
import { alreadyProcessed, markProcessed, receive, refuse } from './billing-inbox';
import type { BillingReads } from './billing-reads';
import type { BillingRolePolicy } from './billing-role-policy';

/** The system actor every provider event is taken as. */
export const BILLING_INTAKE = 'billing';

/** A Pro member without a provider customer (made Pro by an admin) asks for the portal. */
export const NoSubscriptionToManage = () => new DomainError('no_subscription_to_manage', 'conflict');

export interface BillingUrls {
  /** After payment: `{PUBLIC_URL}/dashboard?success=true`. */
  success: string;
  /** On Cancel in the checkout: `{PUBLIC_URL}/upsell`. */
  cancel: string;
  /** The portal's return link: `{PUBLIC_URL}/dashboard`. */
  portalReturn: string;
}

export interface BillingDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  gateway: PaymentGateway;
  policy: BillingRolePolicy;
  reads: BillingReads;
  urls: BillingUrls;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type Origin = { requestId: string };

/** What taking a provider event did. */
export interface TakenProviderEvent {
  userId: string;
  /** False when the event id was processed before (answered at once), or names no member of ours. */
  taken: boolean;
  /** Where the last write landed (billing, role or ledger): the caller may wait for the read models on it. */
  position: AllPosition | null;
}

/**
 * Pro subscriptions and payments (issue 29): the checkout and portal a member asks for, and the
 * intake of the provider's events. Every provider event, from a Stripe webhook or the simulated
 * gateway's TEST pages, goes through `takeProviderEvent`: the inbox answers an event processed
 * before at once; the member is the one the event names, else the one whose billing account
 * knows its customer (none: recorded in the inbox as not ours, nothing else changed); the billing decider
 * takes it (once per event id, whatever the order of delivery); then the role policy runs inline
 * so the member is Pro (or free) when the call answers. A crash between those writes is repaired
 * by the sweeper (`billing-role-sweeper.ts`).
 */
export function createBillingService(deps: BillingDeps) {
  const { db, eventStore, ids, clock, gateway, policy, reads, urls } = deps;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  function run(userId: string, context: CommandContext, command: CommandInput<BillingCommand>) {
    return handleCommand({ eventStore, ids }, billingAccountDecider, billingStream.name(userId), () => command, context);
  }

  async function account(userId: string): Promise<BillingAccountState> {
    return foldStream(billingAccountDecider, await eventStore.readStream(billingStream.name(userId)));
  }

  /** The member's customer at the gateway in use (none from another mode or provider: the simulated gateway's, before Stripe keys were set). */
  function ownCustomerOf(state: BillingAccountState): string | undefined {
    const customerId = customerOf(state, gateway.mode);
    return customerId && gateway.ownsCustomer(customerId) ? customerId : undefined;
  }

  /** Whether the account exists and is not deleted (the truth: the user stream, gone once erased). */
  async function isMember(userId: string): Promise<boolean> {
    const user = foldStream(userDecider, await eventStore.readStream(userStreams.name(userId)));
    return user.status === 'active' || user.status === 'disabled';
  }

  /**
   * One member, one subscription: a duplicate the billing account found (two checkouts paid at
   * once) is cancelled at the provider and each of its paid payments refunded, then recorded
   * (`DuplicateSubscriptionCancelled`, `PaymentRefunded`). Runs after every provider event of the
   * member (a duplicate's invoice may come after it was found); a provider failure is logged and
   * settled on the member's next event (the provider calls are idempotent).
   */
  async function settleDuplicates(userId: string, context: CommandContext): Promise<AllPosition | null> {
    let position: AllPosition | null = null;
    for (const duplicate of duplicatesToSettle(await account(userId))) {
      try {
        if (duplicate.cancel) await gateway.cancelSubscription(duplicate.subscriptionId);
        const refunds = [];
        for (const payment of duplicate.payments) {
          const { refundId } = await gateway.refundPayment({ paymentId: payment.paymentId, subscriptionId: payment.subscriptionId });
          refunds.push({ paymentId: payment.paymentId, refundId, refundedAt: clock.now().toISOString() });
        }
        const outcome = await run(userId, context, {
          type: 'SettleDuplicate',
          data: { subscriptionId: duplicate.subscriptionId, cancelled: duplicate.cancel, refunds },
        });
        position = outcome.position ?? position;
        log.info({ userId, subscriptionId: duplicate.subscriptionId, refunds: refunds.length }, 'cancelled and refunded a second subscription of the member');
      } catch (error) {
        log.error({ err: error, userId, subscriptionId: duplicate.subscriptionId }, 'could not cancel or refund a second subscription; retried on the member\'s next provider event');
      }
    }
    return position;
  }

  const latest = (...positions: (AllPosition | null)[]) => positions.filter((p): p is AllPosition => p !== null).at(-1) ?? null;

  return {
    gatewayKind: gateway.kind,

    /** The member's billing account folded from its stream (the truth the read models derive from). */
    account,

    /** POST /api/stripe/create-checkout-session: a Pro member, or one subscribed, is refused (409) before the provider is asked. */
    async startCheckout(member: UserActor, origin: Origin): Promise<{ url: string; position: AllPosition | null }> {
      const state = await account(member.userId);
      checkCanCheckout(member, member.userId, state);
      // One open checkout per member (two tabs, a double click): the previous one is closed at the
      // provider first; paid already, the member is subscribed and its events are on their way.
      const previous = state.lastCheckout;
      if (previous && previous.mode === gateway.mode && (await gateway.expireCheckoutSession(previous.checkoutId)) === 'completed') {
        throw AlreadySubscribed();
      }
      const email = (await reads.emailOf(member.userId)) ?? '';
      const customerId = ownCustomerOf(state);
      const session = await gateway.createCheckoutSession({
        userId: member.userId,
        email,
        successUrl: urls.success,
        cancelUrl: urls.cancel,
        ...(customerId ? { customerId } : {}),
      });
      const outcome = await run(member.userId, commandContext(clock, { actor: member, requestId: origin.requestId }, BILLING_INTAKE), {
        type: 'StartCheckout',
        data: { userId: member.userId, checkoutId: session.id, mode: gateway.mode, customerId: session.customerId },
      });
      return { url: session.url, position: outcome.position };
    },

    /** POST /api/stripe/create-portal-session: Pro members with a provider customer only. */
    async openPortal(member: UserActor): Promise<{ url: string }> {
      if (member.role !== 'pro') throw NotAllowed('manage_subscription');
      const customerId = ownCustomerOf(await account(member.userId));
      if (!customerId) throw NoSubscriptionToManage();
      return gateway.createPortalSession({ userId: member.userId, customerId, returnUrl: urls.portalReturn });
    },

    /** A signed delivery the gateway could not read: kept in the inbox as refused, nothing taken. */
    async refuseProviderEvent(delivery: { eventId: string; eventType: string; detail: string }): Promise<void> {
      await refuse(db, delivery, clock.now());
      log.error({ eventId: delivery.eventId, type: delivery.eventType, detail: delivery.detail }, 'a signed provider event could not be read: refused (400), kept in the inbox');
    },

    /** The intake: every provider event, from the webhook or the simulated gateway. */
    async takeProviderEvent(event: ProviderEvent, origin: Origin): Promise<TakenProviderEvent> {
      const named = event.userId ?? (await reads.userIdOfCustomer(event.customerId));
      if (await alreadyProcessed(db, event.eventId)) return { userId: named ?? '', taken: false, position: null };
      const now = clock.now();
      // A member whose account is deleted is nobody's any more: an event about them (the
      // subscription deletion their erasure caused at the provider) must not bring a billing
      // stream back.
      const userId = named && (await isMember(named)) ? named : undefined;
      if (!userId) {
        // Not one of ours (another product on the provider account, an invoice made by hand, a
        // deleted account): every checkout we open names the member, and so do its
        // subscription's events. Kept in the inbox and answered as received, so the provider
        // neither retries it for days nor disables the endpoint.
        await receive(db, event, null, now);
        await markProcessed(db, event.eventId, now);
        log.info({ eventId: event.eventId, kind: event.kind, customerId: event.customerId }, 'a provider event names no member: recorded, not taken');
        return { userId: '', taken: false, position: null };
      }
      await receive(db, event, userId, now);
      const context: CommandContext = { actor: systemActor(BILLING_INTAKE), causationId: event.eventId, correlationId: origin.requestId, now };
      const outcome = await run(userId, context, { type: 'TakeProviderEvent', data: { event } });
      let rolePosition: AllPosition | null = null;
      try {
        rolePosition = (await policy.apply(userId, origin.requestId, event.eventId)).position;
      } catch (error) {
        // The billing fact is recorded; the sweeper brings the role in line later.
        log.error({ err: error, userId, eventId: event.eventId }, 'the billing role policy failed; the sweeper will repair it');
      }
      const settled = await settleDuplicates(userId, context);
      await markProcessed(db, event.eventId, clock.now());
      return { userId, taken: true, position: latest(outcome.position, rolePosition, settled) };
    },

    settleDuplicates,

    /**
     * Account erasure, first step: deletes every customer the member's billing account knows
     * at the provider in use, which ends their subscriptions there at once. Throws when the
     * provider fails (`payment_provider_failed`, 502), before anything of the account is erased.
     */
    async deleteCustomers(userId: string): Promise<number> {
      const customers = customersOf(await account(userId)).filter((customerId) => gateway.ownsCustomer(customerId));
      for (const customerId of customers) await gateway.deleteCustomer(customerId);
      if (customers.length) log.info({ userId, customers: customers.length }, 'deleted the member\'s customers at the payment provider');
      return customers.length;
    },

    /** GET /api/billing/subscription */
    subscriptionOf(member: UserActor): Promise<SubscriptionDto> {
      return reads.subscription(member.userId);
    },

    /** GET /api/admin/stripe-payments: every payment, newest first. */
    payments(): Promise<PaymentDto[]> {
      return reads.payments();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
