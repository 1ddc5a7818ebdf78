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
export function billingContext(platform: Platform, { credits }: CreditsContext, overrides: BillingOverrides = {}) {
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
