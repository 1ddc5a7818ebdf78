import { isEntitledToPro, AlreadySubscribed } from '../../domain/billing/billing-account';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import { proPrice, type TestCheckoutDto, type TestPortalDto } from '../contracts/billing';
import type { AllPosition } from '../ports/event-store';
import type { ProviderEvent } from '../ports/payment-gateway';
import type { BillingService } from './billing-service';
import type { DueSimulatedEnds } from './billing-role-sweeper';

/** What the simulated gateway's TEST checkout shows (member-product §2 Upsell, issue 29). */
export const simulatedOffer = { ...proPrice, description: 'Skilly Pro (monthly)' } as const;

export interface TestCheckoutSession {
  id: string;
  userId: string;
  email: string;
  status: 'open' | 'completed';
  successUrl: string;
  cancelUrl: string;
}

export interface TestPortalSession {
  id: string;
  userId: string;
  email: string;
  returnUrl: string;
}

/**
 * The simulated gateway as its TEST pages drive it (`infrastructure/payments/simulated-gateway.ts`):
 * it keeps its own sessions and subscriptions, as the real provider does, and answers each
 * action with the provider events it would send. Those go through the billing intake, the same
 * path as a webhook.
 */
export interface TestPaymentProvider extends DueSimulatedEnds {
  checkoutSession(id: string): Promise<TestCheckoutSession | undefined>;
  portalSession(id: string): Promise<TestPortalSession | undefined>;
  /** Completes the checkout: `checkout_completed` and the first `invoice_paid`, the same events (same ids) when it was completed already. */
  pay(checkoutId: string): Promise<ProviderEvent[]>;
  /** The member's live subscription cancels at its period's end: `subscription_updated`. */
  cancelAtPeriodEnd(userId: string): Promise<ProviderEvent[]>;
  /** TEST: the period's end arrives now: a cancelling subscription is deleted, another renews (a new paid invoice). */
  endPeriod(userId: string): Promise<ProviderEvent[]>;
}

/** No such session, another member's, or the Stripe gateway is in use: as if there were none. */
export const TestSessionNotFound = () => new DomainError('test_session_not_found', 'not_found');

/** The simulated gateway's TEST checkout and portal pages, for the member whose session it is. */
export function createTestPayments(provider: TestPaymentProvider | null, billing: BillingService) {
  function available(): TestPaymentProvider {
    if (!provider) throw TestSessionNotFound();
    return provider;
  }

  async function ownCheckout(member: UserActor, id: string) {
    const session = await available().checkoutSession(id);
    if (!session || session.userId !== member.userId) throw TestSessionNotFound();
    return session;
  }

  async function ownPortal(member: UserActor, id: string) {
    const session = await available().portalSession(id);
    if (!session || session.userId !== member.userId) throw TestSessionNotFound();
    return session;
  }

  /** Feeds the provider's events through the intake, in order; answers where the last write landed. */
  async function feed(events: ProviderEvent[], requestId: string): Promise<AllPosition | null> {
    let position: AllPosition | null = null;
    for (const event of events) {
      position = (await billing.takeProviderEvent(event, { requestId })).position ?? position;
      if (event.kind === 'subscription_deleted') await available().endReported(event.subscriptionId);
    }
    return position;
  }

  return {
    async checkout(member: UserActor, id: string): Promise<TestCheckoutDto> {
      const session = await ownCheckout(member, id);
      const { amount, currency, interval, description } = simulatedOffer;
      return { id, status: session.status, email: session.email, amount, currency, interval, description, successUrl: session.successUrl, cancelUrl: session.cancelUrl };
    },

    /** "Pay $9.99": once per session (a second pay changes nothing and answers the same url). */
    async pay(member: UserActor, id: string, origin: { requestId: string }): Promise<{ url: string; position: AllPosition | null }> {
      const session = await ownCheckout(member, id);
      // A completed session answers its own events again: each is taken once (a lost first delivery is taken now).
      if (session.status === 'open' && (member.role === 'pro' || isEntitledToPro(await billing.account(member.userId)))) throw AlreadySubscribed();
      const position = await feed(await available().pay(id), origin.requestId);
      return { url: session.successUrl, position };
    },

    async portal(member: UserActor, id: string): Promise<TestPortalDto> {
      const session = await ownPortal(member, id);
      return { id, email: session.email, returnUrl: session.returnUrl, subscription: await billing.subscriptionOf(member) };
    },

    async cancelSubscription(member: UserActor, id: string, origin: { requestId: string }) {
      const session = await ownPortal(member, id);
      const position = await feed(await available().cancelAtPeriodEnd(member.userId), origin.requestId);
      return { url: session.returnUrl, position };
    },

    async endPeriod(member: UserActor, id: string, origin: { requestId: string }) {
      const session = await ownPortal(member, id);
      const position = await feed(await available().endPeriod(member.userId), origin.requestId);
      return { url: session.returnUrl, position };
    },
  };
}

export type TestPayments = ReturnType<typeof createTestPayments>;
