import { createBillingRolePolicy } from '../../application/billing/billing-role-policy';
import { createBillingRoleSweeper } from '../../application/billing/billing-role-sweeper';
import { createBillingService } from '../../application/billing/billing-service';
import { createTestPayments } from '../../application/billing/test-payments';
import type { PaymentGateway } from '../../application/ports/payment-gateway';
import { listPayments, subscriptionOf, userIdOfCustomer } from '../../projections/billing/billing-projection';
import { billingRoleChecksIn } from '../../projections/billing-role-checks/billing-role-checks-projection';
import { findUserById } from '../../projections/users/users-projection';
import { createSimulatedGateway, type SimulatedGateway } from '../payments/simulated-gateway';
import { createStripeGateway } from '../payments/stripe-gateway';
import type { Config } from '../config/config';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';
import { billingInboxEraser } from '../../application/billing/billing-inbox';
import { billingAccountDecider } from '../../domain/billing/billing-account';
import { billingEventTypes, billingStream } from '../../domain/billing/billing-events';
import { billingEventCarriesPersonalData } from '../../domain/billing/billing-pseudonymisation';
import { listPaymentsOf } from '../../projections/billing/billing-projection';
import { billingReadModel } from '../../projections/billing/read-model';
import { billingRoleChecksReadModel } from '../../projections/billing-role-checks/read-model';
import { simulatedPaymentsEraser } from '../payments/simulated-gateway';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

export interface BillingOverrides {
  /** A payment gateway of the test's own (the Stripe adapter against a local Stripe-speaking server). */
  paymentGateway?: PaymentGateway;
}

/** With Stripe keys, the Stripe adapter; without, the simulated gateway and its TEST pages. */
function chooseGateway(platform: Platform, config: Config): { gateway: PaymentGateway; simulated: SimulatedGateway | null } {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId } = config;
  if (secretKey && webhookSecret && priceId) {
    return { gateway: createStripeGateway({ secretKey, webhookSecret, priceId, apiUrl: config.STRIPE_API_URL }), simulated: null };
  }
  // Said once at start, where an operator looks: anyone can "pay" on the TEST pages and be Pro.
  platform.logger.warn(
    { payments: 'simulated' },
    'payments are simulated (no STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID; production needs PAYMENTS_SIMULATED=true for this): the TEST checkout makes members Pro without charging them',
  );
  const simulated = createSimulatedGateway({
    db: platform.database.db,
    ids: platform.ids,
    clock: platform.clock,
    publicUrl: config.PUBLIC_URL_CONFIGURED ? config.PUBLIC_URL : undefined,
  });
  return { gateway: simulated, simulated };
}

/**
 * Billing: Pro subscriptions and payments (issue 29). The intake of provider events, the role
 * policy that makes the member's role (and credit ledger) follow their billing account, its
 * sweeper (started where the projections run), and the simulated gateway's TEST pages when no
 * Stripe keys are set.
 */
export function billingContext(platform: Platform, { credits }: Pick<CreditsContext, 'credits'>, overrides: BillingOverrides = {}) {
  const { database, eventStore, ids, clock, config, logger } = platform;
  const db = database.db;
  const chosen = overrides.paymentGateway ? { gateway: overrides.paymentGateway, simulated: null } : chooseGateway(platform, config);
  // Links the provider sends the browser to: absolute for Stripe (it needs them so), and on PUBLIC_URL when it is set.
  const base = chosen.gateway.kind === 'stripe' || config.PUBLIC_URL_CONFIGURED ? config.PUBLIC_URL : '';
  const log = logger.child({ component: 'billing' });
  const policy = createBillingRolePolicy({ eventStore, ids, clock, credits, mailer: platform.mailer, publicUrl: config.PUBLIC_URL, log });
  const billing = createBillingService({
    db,
    eventStore,
    ids,
    clock,
    gateway: chosen.gateway,
    policy,
    urls: { success: `${base}/dashboard?success=true`, cancel: `${base}/upsell`, portalReturn: `${base}/dashboard` },
    reads: {
      subscription: (userId) => subscriptionOf(db, userId),
      userIdOfCustomer: (customerId) => userIdOfCustomer(db, customerId),
      payments: () => listPayments(db),
      emailOf: async (userId) => (await findUserById(db, userId))?.email,
    },
    log,
  });
  return {
    billing,
    paymentGateway: chosen.gateway,
    testPayments: createTestPayments(chosen.simulated, billing),
    /** Repairs roles the billing accounts call for, and ends simulated subscriptions at their period's end. */
    billingSweeper: createBillingRoleSweeper({
      checks: billingRoleChecksIn(db),
      policy,
      clock,
      takeProviderEvent: (event, origin) => billing.takeProviderEvent(event, origin),
      ...(chosen.simulated ? { simulated: chosen.simulated } : {}),
      log,
    }),
  };
}

export type BillingContext = ReturnType<typeof billingContext>;

/** Billing's slice: subscriptions and payments (the `stripe` and `stripe-webhook` routes). */
export const billingSlice = defineSlice({
  name: 'billing',
  context: (platform, built: Pick<CreditsContext, 'credits'>, overrides: BillingOverrides) => billingContext(platform, built, overrides),
  readModels: [billingReadModel, billingRoleChecksReadModel],
  aggregates: [
    {
      name: 'billing account',
      decider: billingAccountDecider,
      history: [
        { type: 'CheckoutStarted', data: { checkoutId: 'cs', mode: 'test', customerId: 'cus' } },
        { type: 'SubscriptionActivated', data: { providerEventId: 'e1', subscriptionId: 's', customerId: 'c', mode: 'test', currentPeriodEnd: null } },
        { type: 'SubscriptionCancellationScheduled', data: { providerEventId: 'e2', subscriptionId: 's', endsAt: null } },
      ],
    },
  ],
  // A member's billing stream is named by their id, and theirs while an event of it names them
  // (erasure keeps the books and writes that stream again without the person).
  streamOwners: [
    {
      eventTypes: billingEventTypes,
      ownerOf: (event) => (event.streamName.startsWith(billingStream.prefix) && billingEventCarriesPersonalData(event) ? billingStream.idOf(event.streamName) : undefined),
    },
  ],
  routeFolders: ['stripe', 'stripe-webhook'],
  erasers: (platform) => [billingInboxEraser(platform.database.db), simulatedPaymentsEraser(platform.database.db)],
  exportSections: ({ billing }, platform) => ({
    subscription: (member) => billing.subscriptionOf(member),
    payments: (member) => listPaymentsOf(platform.database.db, member.userId),
  }),
  background: ({ billingSweeper }) => [billingSweeper],
  async memberExamples(api): Promise<Record<string, string>> {
    // The simulated gateway's TEST checkout (paid: the member is Pro) and portal; none with Stripe.
    const checkout = await api.call('POST', '/api/stripe/create-checkout-session');
    const testCheckout = String(checkout.body?.url ?? '').match(/test-checkout\/([^/?]+)/)?.[1];
    if (checkout.status !== 200 || !testCheckout) return {};
    const paid = await api.call('POST', `/api/stripe/test-checkout/${testCheckout}/pay`);
    if (paid.status !== 200) throw new Error(`paying the TEST checkout answered ${paid.status}`);
    const portal = await api.call('POST', '/api/stripe/create-portal-session');
    if (portal.status !== 200) throw new Error(`opening the TEST portal answered ${portal.status}`);
    return { testCheckout, testPortal: String(portal.body.url).split('/').at(-1)! };
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    createCheckoutSession: callers.members,
    // A free member is refused by the route itself (403 manage_subscription): the portal is for Pro members.
    createPortalSession: ['401', '403', 'ok', '403', '403'],
    getBillingSubscription: callers.members,
    getTestCheckout: callers.members,
    payTestCheckout: callers.members,
    getTestPortal: callers.members,
    cancelTestSubscription: callers.members,
    endTestPeriod: callers.members,
    receiveStripeWebhook: callers.everyone,
    getBillingOffer: callers.everyone,
    listStripePayments: callers.admins,
  },
});
