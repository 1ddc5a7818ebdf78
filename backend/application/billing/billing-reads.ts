import type { PaymentDto, SubscriptionDto } from '../contracts/billing';

/**
 * What billing reads from the read models (answered by the context module with the billing
 * projection's queries; the application never imports projections).
 */
export interface BillingReads {
  /** The member's current subscription as `GET /api/billing/subscription` shows it. */
  subscription(userId: string): Promise<SubscriptionDto>;
  /** The member whose billing account knows this provider customer. */
  userIdOfCustomer(customerId: string): Promise<string | undefined>;
  /** Every payment, newest first (the admin Billing tab). */
  payments(): Promise<PaymentDto[]>;
  /** The member's email, for the provider's checkout. */
  emailOf(userId: string): Promise<string | undefined>;
}
