import type { PaymentGateway } from '../../application/ports/payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** A Stripe-compatible API server (`STRIPE_API_URL`); Stripe's own when absent. */
  apiUrl?: string;
}

/** The Stripe adapter through the official SDK (issue 29). */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  void options;
  throw new Error('The Stripe adapter is being written (issue 29); run without Stripe keys for the simulated gateway');
}
