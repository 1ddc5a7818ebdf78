import { sql, type Kysely, type Migration } from 'kysely';
import type { PersonalDataEraser } from '../../application/account/personal-data';
import type { TestCheckoutSession, TestPaymentProvider, TestPortalSession } from '../../application/billing/test-payments';
import { simulatedOffer } from '../../application/billing/test-payments';
import type { Database } from '../../application/ports/database';
import type { CheckoutRequest, PaymentGateway, PortalRequest, ProviderEvent } from '../../application/ports/payment-gateway';
import type { Clock, IdGenerator } from '../../application/ports/system';
import type { PaymentFacts } from '../../domain/billing/billing-events';
import { toMinorUnits } from '../../domain/billing/currency';
import { addMonthsUtc } from '../../domain/credits/allowances';
import { DomainError } from '../../domain/shared/domain-error';
import { AlreadySubscribed } from '../../domain/billing/billing-account';

/**
 * The simulated payment gateway (issue 29), used when no Stripe keys are set: checkout and
 * portal are the app's own TEST pages (`/billing/test-checkout/{id}`, `/billing/test-portal/{id}`),
 * and it keeps its sessions and subscriptions in its own tables as the real provider would. Each
 * action answers the provider events Stripe would send (`checkout_completed`, `invoice_paid`
 * with a `sim_in_…` payment, `subscription_updated` with `cancelAtPeriodEnd`,
 * `subscription_deleted`), which the caller feeds to the billing intake like a webhook. Every
 * payment is in TEST mode: $9.99 a month, "Skilly Pro (monthly)". There is no webhook secret
 * without Stripe keys, so `readWebhook` refuses every delivery.
 */
export interface SimulatedSessionsTable {
  id: string;
  kind: 'checkout' | 'portal';
  user_id: string;
  email: string;
  customer_id: string;
  /** 'expired': closed when the member opened another checkout (one open checkout per member). */
  status: 'open' | 'completed' | 'expired';
  /** Checkout: success; portal: return. */
  success_url: string;
  cancel_url: string;
  created_at: Date;
  /** Checkout: the subscription its payment started, and when (null while open). */
  subscription_id: string | null;
  completed_at: Date | null;
}

export interface SimulatedSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  email: string;
  status: 'active' | 'canceled';
  cancel_at_period_end: boolean;
  current_period_end: Date;
  /** Its `subscription_deleted` was taken by the intake (until then each sweep sends it again, under the same event id). */
  end_reported: boolean;
  created_at: Date;
}

export interface SimulatedGatewayTables {
  simulated_payment_sessions: SimulatedSessionsTable;
  simulated_subscriptions: SimulatedSubscriptionsTable;
}

export const simulatedGatewayMigration: Migration = {
  async up(db) {
    await sql`
      create table simulated_payment_sessions (
        id text primary key,
        kind text not null,
        user_id text not null,
        email text not null,
        customer_id text not null,
        status text not null,
        success_url text not null,
        cancel_url text not null,
        created_at timestamptz not null,
        subscription_id text,
        completed_at timestamptz
      )`.execute(db);
    await sql`
      create table simulated_subscriptions (
        id text primary key,
        user_id text not null,
        customer_id text not null,
        email text not null,
        status text not null,
        cancel_at_period_end boolean not null default false,
        current_period_end timestamptz not null,
        end_reported boolean not null default false,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index simulated_subscriptions_user on simulated_subscriptions (user_id)`.execute(db);
  },
};

export interface SimulatedGatewayOptions {
  db: Kysely<Database>;
  ids: IdGenerator;
  clock: Clock;
  /** PUBLIC_URL when configured: the TEST pages' links are absolute on it; otherwise relative to the app. */
  publicUrl?: string;
}

export type SimulatedGateway = PaymentGateway & TestPaymentProvider;

/** The end of a monthly period started at `date` (31 January → 28 or 29 February, as the credit ledger counts months). */
const oneMonthAfter = (date: Date) => addMonthsUtc(date, 1);

export function createSimulatedGateway(options: SimulatedGatewayOptions): SimulatedGateway {
  const db = options.db as unknown as Kysely<SimulatedGatewayTables>;
  const { ids, clock } = options;
  const base = options.publicUrl ?? '';
  const newId = (prefix: string) => `${prefix}_${ids.next().replaceAll('-', '')}`;

  const common = (userId: string, customerId: string, now: Date) => ({
    eventId: newId('sim_evt'),
    created: now.toISOString(),
    mode: 'test' as const,
    userId,
    customerId,
  });

  function paidInvoice(
    subscription: { id: string; user_id: string; customer_id: string; email: string },
    periodEnd: Date,
    now: Date,
    paymentId = newId('sim_in'),
  ): ProviderEvent {
    const payment: PaymentFacts = {
      paymentId,
      mode: 'test',
      type: 'subscription',
      status: 'paid',
      amount: toMinorUnits(simulatedOffer.amount, simulatedOffer.currency),
      currency: simulatedOffer.currency,
      interval: simulatedOffer.interval,
      description: simulatedOffer.description,
      customerName: null,
      customerEmail: subscription.email,
      created: now.toISOString(),
      subscriptionId: subscription.id,
    };
    return {
      ...common(subscription.user_id, subscription.customer_id, now),
      kind: 'invoice_paid',
      subscriptionId: subscription.id,
      payment,
      currentPeriodEnd: periodEnd.toISOString(),
    };
  }

  /** A subscription's deletion, under one event id however often it is sent. */
  function deletion(subscription: SimulatedSubscriptionsTable): ProviderEvent {
    const endedAt = new Date(subscription.current_period_end);
    return {
      eventId: `sim_evt_deleted_${subscription.id}`,
      created: endedAt.toISOString(),
      mode: 'test',
      userId: subscription.user_id,
      customerId: subscription.customer_id,
      kind: 'subscription_deleted',
      subscriptionId: subscription.id,
      endedAt: endedAt.toISOString(),
    };
  }

  function liveSubscriptionOf(userId: string) {
    return db
      .selectFrom('simulated_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async function session(id: string, kind: 'checkout' | 'portal') {
    return db.selectFrom('simulated_payment_sessions').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  }

  return {
    kind: 'simulated',
    mode: 'test',

    async createCheckoutSession(request: CheckoutRequest) {
      const id = newId('sim_cs');
      const customerId = request.customerId ?? newId('sim_cus');
      // One open checkout per member: any other still open closes as this one opens.
      await db
        .updateTable('simulated_payment_sessions')
        .set({ status: 'expired' })
        .where('user_id', '=', request.userId)
        .where('kind', '=', 'checkout')
        .where('status', '=', 'open')
        .execute();
      await db
        .insertInto('simulated_payment_sessions')
        .values({
          id,
          kind: 'checkout',
          user_id: request.userId,
          email: request.email,
          customer_id: customerId,
          status: 'open',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          created_at: clock.now(),
          subscription_id: null,
          completed_at: null,
        })
        .execute();
      return { id, url: `${base}/billing/test-checkout/${id}`, customerId };
    },

    ownsCustomer: (customerId: string) => customerId.startsWith('sim_cus_'),

    async expireCheckoutSession(checkoutId: string) {
      const row = await db
        .updateTable('simulated_payment_sessions')
        .set({ status: 'expired' })
        .where('id', '=', checkoutId)
        .where('kind', '=', 'checkout')
        .where('status', '=', 'open')
        .returning('status')
        .executeTakeFirst();
      if (row) return 'closed';
      const existing = await session(checkoutId, 'checkout');
      return existing?.status === 'completed' ? 'completed' : 'closed';
    },

    async cancelSubscription(subscriptionId: string) {
      // Ended at once: the sweep reports its deletion (`dueEnds`), as Stripe sends customer.subscription.deleted.
      await db
        .updateTable('simulated_subscriptions')
        .set({ status: 'canceled', current_period_end: clock.now() })
        .where('id', '=', subscriptionId)
        .where('status', '=', 'active')
        .execute();
    },

    async refundPayment(payment: { paymentId: string }) {
      // Nobody was charged: the refund is the simulated provider's word, one per payment.
      return { refundId: `sim_re_${payment.paymentId.replace(/^sim_in_/, '')}` };
    },

    async createPortalSession(request: PortalRequest) {
      const id = newId('sim_ps');
      const subscription = await liveSubscriptionOf(request.userId);
      await db
        .insertInto('simulated_payment_sessions')
        .values({
          id,
          kind: 'portal',
          user_id: request.userId,
          email: subscription?.email ?? '',
          customer_id: request.customerId,
          status: 'open',
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          created_at: clock.now(),
          subscription_id: null,
          completed_at: null,
        })
        .execute();
      return { url: `${base}/billing/test-portal/${id}` };
    },

    async deleteCustomer(customerId: string) {
      // As the provider forgets a deleted customer: its sessions and subscriptions, ended at once.
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('simulated_payment_sessions').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('simulated_subscriptions').where('customer_id', '=', customerId).execute();
      });
    },

    readWebhook(): ProviderEvent | null {
      // No Stripe keys, no webhook secret: nothing can be verified, so nothing is taken.
      throw new DomainError('invalid_signature', 'invalid');
    },

    async checkoutSession(id: string): Promise<TestCheckoutSession | undefined> {
      const row = await session(id, 'checkout');
      // An expired session is gone for the member, as Stripe's page of an expired session is.
      if (row?.status === 'expired') return undefined;
      return row && { id: row.id, userId: row.user_id, email: row.email, status: row.status, successUrl: row.success_url, cancelUrl: row.cancel_url };
    },

    async portalSession(id: string): Promise<TestPortalSession | undefined> {
      const row = await session(id, 'portal');
      return row && { id: row.id, userId: row.user_id, email: row.email, returnUrl: row.success_url };
    },

    async pay(checkoutId: string): Promise<ProviderEvent[]> {
      const now = clock.now();
      const periodEnd = oneMonthAfter(now);
      const subscriptionId = newId('sim_sub');
      // One subscription per session, however many times "Pay" is pressed at once.
      const completed = await db.transaction().execute(async (trx) => {
        // The member's checkouts are locked (in one order, so two payments wait rather than
        // deadlock): two sessions paid at once make one subscription, the second is refused.
        const owner = await trx.selectFrom('simulated_payment_sessions').select('user_id').where('id', '=', checkoutId).where('kind', '=', 'checkout').executeTakeFirst();
        if (!owner) return undefined;
        await trx
          .selectFrom('simulated_payment_sessions')
          .select('id')
          .where('user_id', '=', owner.user_id)
          .where('kind', '=', 'checkout')
          .orderBy('id')
          .forUpdate()
          .execute();
        const current = await trx.selectFrom('simulated_payment_sessions').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
        if (current.status === 'open') {
          const live = await trx.selectFrom('simulated_subscriptions').select('id').where('user_id', '=', owner.user_id).where('status', '=', 'active').executeTakeFirst();
          if (live) throw AlreadySubscribed();
        }
        const started = await trx
          .updateTable('simulated_payment_sessions')
          .set({ status: 'completed', subscription_id: subscriptionId, completed_at: now })
          .where('id', '=', checkoutId)
          .where('kind', '=', 'checkout')
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst();
        if (started) {
          await trx
            .insertInto('simulated_subscriptions')
            .values({
              id: subscriptionId,
              user_id: started.user_id,
              customer_id: started.customer_id,
              email: started.email,
              status: 'active',
              cancel_at_period_end: false,
              current_period_end: periodEnd,
              end_reported: false,
              created_at: now,
            })
            .execute();
        }
        return trx.selectFrom('simulated_payment_sessions').selectAll().where('id', '=', checkoutId).where('kind', '=', 'checkout').executeTakeFirst();
      });
      if (!completed?.subscription_id || !completed.completed_at) return [];
      // The same events, under the same ids, each time the session is paid: a repeat is taken once,
      // and one whose first delivery was lost (the server died) is delivered now.
      const subscription = await db.selectFrom('simulated_subscriptions').selectAll().where('id', '=', completed.subscription_id).executeTakeFirstOrThrow();
      const at = new Date(completed.completed_at);
      const firstPeriodEnd = oneMonthAfter(at);
      const suffix = checkoutId.replace(/^sim_cs_/, '');
      return [
        {
          eventId: `sim_evt_checkout_${suffix}`,
          created: at.toISOString(),
          mode: 'test',
          userId: subscription.user_id,
          customerId: subscription.customer_id,
          kind: 'checkout_completed',
          subscriptionId: subscription.id,
          currentPeriodEnd: firstPeriodEnd.toISOString(),
        },
        { ...paidInvoice(subscription, firstPeriodEnd, at, `sim_in_${suffix}`), eventId: `sim_evt_paid_${suffix}` },
      ];
    },

    async cancelAtPeriodEnd(userId: string): Promise<ProviderEvent[]> {
      const now = clock.now();
      // Every live subscription, cancelled now or before: a retry after a failed intake sends the
      // same event again (its id is the subscription's), which the inbox takes once.
      const cancelled = await db
        .updateTable('simulated_subscriptions')
        .set({ cancel_at_period_end: true })
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .returningAll()
        .execute();
      return cancelled.map((subscription) => ({
        ...common(subscription.user_id, subscription.customer_id, now),
        eventId: `sim_evt_cancel_${subscription.id}`,
        kind: 'subscription_updated',
        subscriptionId: subscription.id,
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(subscription.current_period_end).toISOString(),
      }));
    },

    async endPeriod(userId: string): Promise<ProviderEvent[]> {
      const now = clock.now();
      const subscription = await liveSubscriptionOf(userId);
      if (!subscription) return [];
      if (subscription.cancel_at_period_end) {
        const ended = await db
          .updateTable('simulated_subscriptions')
          .set({ status: 'canceled', current_period_end: now })
          .where('id', '=', subscription.id)
          .where('status', '=', 'active')
          .returningAll()
          .executeTakeFirst();
        if (!ended) return [];
        return [deletion(ended)];
      }
      const periodEnd = oneMonthAfter(now);
      await db.updateTable('simulated_subscriptions').set({ current_period_end: periodEnd }).where('id', '=', subscription.id).execute();
      return [paidInvoice(subscription, periodEnd, now)];
    },

    async dueEnds(now: Date): Promise<ProviderEvent[]> {
      await db
        .updateTable('simulated_subscriptions')
        .set({ status: 'canceled' })
        .where('status', '=', 'active')
        .where('cancel_at_period_end', '=', true)
        .where('current_period_end', '<=', now)
        .execute();
      // Every ended subscription whose deletion the intake has not confirmed, ended now or by a sweep that failed.
      const unreported = await db.selectFrom('simulated_subscriptions').selectAll().where('status', '=', 'canceled').where('end_reported', '=', false).execute();
      return unreported.map(deletion);
    },

    async endReported(subscriptionId: string): Promise<void> {
      await db.updateTable('simulated_subscriptions').set({ end_reported: true }).where('id', '=', subscriptionId).execute();
    },
  };
}

/**
 * Account erasure: the simulated provider's sessions and subscriptions of the member, including
 * those of a customer the billing account never learned (a checkout opened but never recorded).
 */
export function simulatedPaymentsEraser(database: Kysely<Database>): PersonalDataEraser {
  const db = database as unknown as Kysely<SimulatedGatewayTables>;
  return {
    tables: ['simulated_payment_sessions', 'simulated_subscriptions'],
    async erase({ userId }) {
      await db.deleteFrom('simulated_payment_sessions').where('user_id', '=', userId).execute();
      await db.deleteFrom('simulated_subscriptions').where('user_id', '=', userId).execute();
    },
  };
}
