import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/shared/actor';
import { accountActivityLine, accountAfter } from './activity-lines';

const member = 'member-1';
const you: Actor = { kind: 'user', userId: member, role: 'free' };
const admin: Actor = { kind: 'user', userId: 'admin-7', role: 'admin' };
const moderator: Actor = { kind: 'user', userId: 'mod-3', role: 'moderator' };
const system = (name: string): Actor => ({ kind: 'system', name });
const event = (type: string, data: Record<string, unknown>, actor: Actor) => ({ type, data, actor });

describe("a member's account activity line", () => {
  it('names any staff member as Skilly support, the member as You, and keeps the reason staff gave', () => {
    expect(accountActivityLine(event('UserDisabled', { reason: 'Chargeback opened' }, admin), member, { email: null })).toEqual({
      summary: 'Account disabled: every session was signed out',
      by: 'Skilly support',
      reason: 'Chargeback opened',
    });
    expect(accountActivityLine(event('UserRoleChanged', { from: 'pro', to: 'free', reason: 'Asked to' }, moderator), member, { email: null })?.by).toBe('Skilly support');
    expect(accountActivityLine(event('UserPasswordChanged', { passwordHash: 'h', via: 'change' }, you), member, { email: null })?.by).toBe('You');
  });

  it("says the member's own steps through the system are theirs, billing's are Billing's, and the rest Skilly's", () => {
    expect(accountActivityLine(event('UserRegistered', { email: 'a@b.c' }, system('signup')), member, { email: null })?.by).toBe('You');
    expect(accountActivityLine(event('UserPasswordChanged', { passwordHash: 'h', via: 'reset' }, system('password-reset')), member, { email: null })?.by).toBe('You');
    expect(accountActivityLine(event('UserRoleChanged', { from: 'free', to: 'pro', reason: 'subscription_active' }, system('billing')), member, { email: null })).toEqual({
      summary: 'Plan changed from Free to Pro',
      by: 'Billing',
      reason: 'The Pro subscription became active',
    });
    expect(accountActivityLine(event('CreditTierChanged', { from: 'free', to: 'pro' }, system('credits-sync')), member, { email: null })?.by).toBe('Skilly');
  });

  it('lists an email change with the new address, and a profile saved with the same address not at all', () => {
    const profile = (email: string) => event('UserProfileUpdated', { firstName: 'A', lastName: 'B', email, country: null, profilePicture: null }, you);
    expect(accountActivityLine(profile('new@b.c'), member, { email: 'old@b.c' })?.summary).toBe('Email address changed to new@b.c');
    expect(accountActivityLine(profile('old@b.c'), member, { email: 'old@b.c' })).toBeNull();
    expect(accountAfter(profile('new@b.c'), { email: 'old@b.c' })).toEqual({ email: 'new@b.c' });
    expect(accountAfter(event('CreditsGranted', { kind: 'idea', amount: 1 }, admin), { email: 'old@b.c' })).toEqual({ email: 'old@b.c' });
  });

  it('leaves out spending and what the member cannot act on, and words credits and payments', () => {
    expect(accountActivityLine(event('CreditConsumed', { kind: 'idea', paidFor: {}, balanceAfter: 2 }, you), member, { email: null })).toBeNull();
    expect(accountActivityLine(event('CheckoutStarted', { mode: 'test' }, you), member, { email: null })).toBeNull();
    expect(accountActivityLine(event('CreditsGranted', { kind: 'help', amount: 3, reason: 'Sorry for the outage' }, admin), member, { email: null })).toEqual({
      summary: '3 task help credits granted',
      by: 'Skilly support',
      reason: 'Sorry for the outage',
    });
    expect(accountActivityLine(event('CreditRefunded', { kind: 'idea', reason: 'idea generation failed (timeout)' }, system('credit-refund')), member, { email: null })).toEqual({
      summary: 'An idea credit given back',
      by: 'Skilly',
      reason: 'The idea generation failed: the AI took too long to answer',
    });
    const payment = { paymentId: 'in_1', mode: 'live', type: 'subscription', status: 'paid', amount: 999, currency: 'usd', interval: 'month', description: 'Pro' };
    expect(accountActivityLine(event('PaymentRecorded', { payment }, system('billing')), member, { email: null })?.summary).toBe('Payment of 9.99 USD received');
    expect(accountActivityLine(event('PaymentRecorded', { payment: { ...payment, status: 'open' } }, system('billing')), member, { email: null })?.summary).toBe('Payment of 9.99 USD is open');
  });

  it('words sign-ins and sessions: Google, a new device (not the first one), signing out everywhere, all by You', () => {
    const none = { email: null };
    expect(accountActivityLine(event('SignedInWithGoogle', { googleId: 'g-1' }, system('google-sign-in')), member, none)).toEqual({ summary: 'Signed in with Google', by: 'You', reason: null });
    expect(accountActivityLine(event('GoogleAccountLinked', { googleId: 'g-1', email: 'ada@gmail.example' }, you), member, none)?.summary).toBe(
      'Google account ada@gmail.example connected: you can sign in with it',
    );
    expect(accountActivityLine(event('SignedInFromNewDevice', { device: 'Firefox on Linux', firstDevice: false }, you), member, none)).toEqual({
      summary: 'Signed in from a new device: Firefox on Linux',
      by: 'You',
      reason: null,
    });
    expect(accountActivityLine(event('SignedInFromNewDevice', { device: 'Safari on iOS', firstDevice: true }, you), member, none)).toBeNull();
    expect(accountActivityLine(event('SignedOutEverywhere', {}, you), member, none)?.summary).toBe('Signed out of every session, on every device');
  });
});
