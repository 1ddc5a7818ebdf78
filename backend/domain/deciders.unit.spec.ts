import { describe, expect, it } from 'vitest';
import { aiConfigDecider } from './ai-config/ai-config';
import { aiCallDecider } from './ai-usage/ai-call';
import { billingAccountDecider } from './billing/billing-account';
import { creditAccountDecider, creditStatementLine, type CreditAccountEvent } from './credits/credit-account';
import { defaultIdeaCategoryLines, defaultIdeaCount, defaultIdeasPerCategory } from './ideas/default-idea-count';
import { ideaSetDecider } from './ideas/idea-set';
import { emailClaimDecider } from './identity/email-claim';
import { erasureDecider } from './identity/erasure';
import { userDecider } from './identity/user';
import { planDecider } from './plans/plan';
import { ticketDecider } from './support/ticket';

/** Each decider's event versions and initial state; that every decider is declared by a slice, and the specs from its busiest state: tests/architecture/slice-aggregates.unit.spec.ts. */
describe('every decider', () => {
  it('writes each event type at its schema version (stored events keep theirs; raising one needs an upcaster)', () => {
    expect(userDecider.schemaVersions).toEqual({
      UserRegistered: 1,
      UserProfileUpdated: 1,
      UserPasswordChanged: 1,
      UserRoleChanged: 1,
      UserDisabled: 1,
      UserEnabled: 1,
      UserDeleted: 1,
      UserDataReset: 1,
      UserDataRestored: 1,
      EmailAddressConfirmed: 1,
      UserEmailRestored: 1,
      GoogleAccountLinked: 1,
      SignedInWithGoogle: 1,
      SignedInFromNewDevice: 1,
      SignedOutEverywhere: 1,
    });
    expect(emailClaimDecider.schemaVersions).toEqual({ EmailClaimed: 1, EmailReleased: 1 });
    expect(creditAccountDecider.schemaVersions).toEqual({
      CreditAccountOpened: 1,
      CreditPeriodStarted: 1,
      CreditTierChanged: 1,
      CreditConsumed: 1,
      CreditRefunded: 1,
      CreditsGranted: 1,
    });
    expect(ideaSetDecider.schemaVersions).toEqual({ IdeaSetCreated: 1, IdeaSetDeleted: 1, IdeaSetRestored: 1 });
    expect(aiCallDecider.schemaVersions).toEqual({ AiCallRecorded: 3 });
    expect(planDecider.schemaVersions).toEqual({
      PlanCreated: 1,
      MilestoneDetailed: 1,
      TaskAdded: 1,
      TaskCompleted: 1,
      TaskReopened: 1,
      TaskHelpProvided: 1,
      PlanCompleted: 1,
      PlanDeleted: 1,
      PlanRestored: 1,
    });
    expect(billingAccountDecider.schemaVersions).toEqual({
      CheckoutStarted: 1,
      SubscriptionActivated: 1,
      SubscriptionRenewed: 1,
      SubscriptionPaymentFailed: 1,
      SubscriptionCancellationScheduled: 1,
      SubscriptionCancellationWithdrawn: 1,
      SubscriptionSuspended: 1,
      SubscriptionResumed: 1,
      SubscriptionEnded: 1,
      PaymentRecorded: 2,
      DuplicateSubscriptionFound: 1,
      DuplicateSubscriptionCancelled: 1,
      PaymentRefunded: 2,
    });
    expect(ticketDecider.schemaVersions).toEqual({
      TicketOpened: 1,
      TicketMessagePosted: 1,
      TicketStatusChanged: 1,
      TicketPriorityChanged: 1,
      TicketTagAdded: 1,
      TicketTagRemoved: 1,
      TicketReadByMember: 1,
      TicketReadByStaff: 1,
      TicketDeleted: 1,
    });
    expect(erasureDecider.schemaVersions).toEqual({ MemberErased: 1 });
    expect(aiConfigDecider.schemaVersions).toEqual({ AiConfigSaved: 1 });
  });

  it('starts from a state that says nothing has happened yet', () => {
    expect(userDecider.initialState).toEqual({ status: 'unregistered' });
    expect(emailClaimDecider.initialState).toEqual({ status: 'free' });
    expect(creditAccountDecider.initialState).toEqual({ status: 'unopened' });
    expect(ideaSetDecider.initialState).toEqual({ status: 'none' });
    expect(aiCallDecider.initialState).toEqual({ status: 'none' });
    expect(planDecider.initialState).toEqual({ status: 'none' });
    expect(ticketDecider.initialState).toEqual({ status: 'none' });
    expect(billingAccountDecider.initialState).toEqual({ subscriptions: {}, payments: {}, providerEventIds: {}, checkouts: 0, checkoutCustomers: {} });
    expect(erasureDecider.initialState).toEqual({ status: 'none' });
    expect(aiConfigDecider.initialState).toEqual({ status: 'defaults' });
  });

  it('has a statement line for every ledger event, and none for an unknown one', () => {
    expect(() => creditStatementLine({ type: 'Unknown', data: {} } as unknown as CreditAccountEvent)).toThrow('Unhandled case');
  });
});

describe('the default idea count', () => {
  it('is ideas per category times the default categories: 3 × 4 = 12', () => {
    expect(defaultIdeasPerCategory).toBe(3);
    expect(defaultIdeaCategoryLines).toHaveLength(4);
    expect(defaultIdeaCount).toBe(12);
  });
});
