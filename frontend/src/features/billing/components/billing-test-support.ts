import {
  type OfferDto,
  offerResponseSchema,
  type SubscriptionDto,
  subscriptionResponseSchema,
  type TestCheckoutDto,
  testCheckoutSchema,
  type TestPortalDto,
  testPortalSchema,
} from '@contracts/billing';
import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { browser } from '../browser';

/** Billing bodies for component tests, each checked against the contract the server answers with. */

export const offer = (overrides: Partial<OfferDto> = {}): OfferDto =>
  offerResponseSchema.parse({ endsAt: '2099-12-31T23:59:00.000Z', amount: 9.99, listAmount: 19.99, currency: 'usd', interval: 'month', ...overrides });

/** The offer ending `ms` from now. */
export const offerEndingIn = (ms: number) => offer({ endsAt: new Date(Date.now() + ms).toISOString() });

export const offerHandler = (body: OfferDto) => http.get('/api/billing/offer', () => HttpResponse.json(offerResponseSchema.parse(body)));

export const testCheckout = (overrides: Partial<TestCheckoutDto> = {}): TestCheckoutDto =>
  testCheckoutSchema.parse({
    id: 'sim_cs_1',
    status: 'open',
    email: 'ada@example.com',
    amount: 9.99,
    currency: 'usd',
    interval: 'month',
    description: 'Skilly Pro',
    successUrl: '/dashboard?success=true',
    cancelUrl: '/upsell',
    ...overrides,
  });

export const subscription = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto =>
  subscriptionResponseSchema.parse({ status: 'active', currentPeriodEnd: '2026-12-22T10:00:00.000Z', mode: 'test', canManage: true, ...overrides });

export const testPortal = (overrides: Partial<TestPortalDto> = {}): TestPortalDto =>
  testPortalSchema.parse({ id: 'sim_ps_1', email: 'ada@example.com', returnUrl: '/profile', subscription: subscription(), ...overrides });

/** Where the browser was sent (a full page load in the app; recorded here instead of leaving jsdom). */
export const watchBrowser = () => vi.spyOn(browser, 'go').mockImplementation(() => {});

/** GET /api/billing/subscription answering `body`. */
export const subscriptionHandler = (body: SubscriptionDto) => http.get('/api/billing/subscription', () => HttpResponse.json(subscriptionResponseSchema.parse(body)));

/** The browser shows the page again: from its back/forward cache (`persisted`, React's state as it was left), or a fresh load. */
export const pageShow = (persisted: boolean) => fireEvent(window, new PageTransitionEvent('pageshow', { persisted }));

/** The TEST gateway's 202: the action was saved, the server's read models are still catching up. */
export const acceptedPending = () =>
  HttpResponse.json({ message: 'Your change was saved and will show up in a moment. Please refresh shortly.', code: 'accepted_pending' }, { status: 202 });

/** An answer the test sends when it chooses, to look at the screen while the call is pending. */
export function held() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, wait: () => gate };
}
