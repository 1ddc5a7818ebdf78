import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aiConfigDecider } from './ai-config/ai-config';
import { aiCallDecider } from './ai-usage/ai-call';
import { billingAccountDecider } from './billing/billing-account';
import { creditAccountDecider, creditStatementLine, type CreditAccountEvent } from './credits/credit-account';
import { monthlyAllowances } from './credits/allowances';
import { defaultIdeaCategoryLines, defaultIdeaCount, defaultIdeasPerCategory } from './ideas/default-idea-count';
import { ideaSetDecider } from './ideas/idea-set';
import { emailClaimDecider } from './identity/email-claim';
import { erasureDecider } from './identity/erasure';
import { userDecider } from './identity/user';
import { planDecider } from './plans/plan';
import type { Decider, DomainEvent } from './shared/decider';
import { ticketDecider } from './support/ticket';

/** Every aggregate, with a history that leaves it in its busiest state. */
const aggregates: [string, Decider<unknown, DomainEvent, unknown>, DomainEvent[]][] = [
  ['user', userDecider as never, [{ type: 'UserRegistered', data: { userId: 'u', firstName: 'A', lastName: 'B', email: 'a@b.c', passwordHash: 'h', role: 'free' } }]],
  ['email claim', emailClaimDecider as never, [{ type: 'EmailClaimed', data: { userId: 'u', claimedAt: '2026-03-01T00:00:00.000Z' } }]],
  ['credit account', creditAccountDecider as never, [
    { type: 'CreditAccountOpened', data: { userId: 'u', tier: 'free', allowances: monthlyAllowances.free, periodStart: '2026-03-01T00:00:00.000Z', resetAt: '2026-04-01T00:00:00.000Z' } },
  ]],
  ['idea set', ideaSetDecider as never, [
    { type: 'IdeaSetCreated', data: { ideaSetId: 's', ownerId: 'u', skill: 'Painting', categories: [], ideas: [], personalized: false, source: 'saved' } },
  ]],
  ['AI call', aiCallDecider as never, []],
  ['plan', planDecider as never, [{ type: 'PlanCreated', data: { planId: 'p', ownerId: 'u', ideaId: 'i', title: 'T', description: '', category: 'c', timeEstimate: '1 week', firstMilestone: { milestoneId: 'm', title: 'M', description: '', timeEstimate: '1 week', freeResources: [], paidResources: [], tasks: [{ taskId: 't', title: 'T', description: '' }], successCriteria: '' }, outlines: [] } }]],
  ['support ticket', ticketDecider as never, [
    { type: 'TicketOpened', data: { ticketId: 't', memberId: 'u', subject: 'Help', messageId: 'm', message: 'Please' } },
  ]],
  ['billing account', billingAccountDecider as never, [
    { type: 'CheckoutStarted', data: { checkoutId: 'cs', mode: 'test', customerId: 'cus' } },
    { type: 'SubscriptionActivated', data: { providerEventId: 'e1', subscriptionId: 's', customerId: 'c', mode: 'test', currentPeriodEnd: null } },
    { type: 'SubscriptionCancellationScheduled', data: { providerEventId: 'e2', subscriptionId: 's', endsAt: null } },
  ]],
  ['erasure', erasureDecider as never, [{ type: 'MemberErased', data: { userId: 'u', streamsErased: 5, by: 'member' } }]],
  ['AI config', aiConfigDecider as never, [
    { type: 'AiConfigSaved', data: { version: 1, settings: { temperature: 1 }, changedFields: ['temperature'], restoredFrom: null, reason: null, savedBy: 'a', at: '2026-11-25T00:00:00.000Z' } },
  ]],
];

const domainFolder = dirname(fileURLToPath(import.meta.url));
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name))
    : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [join(folder, entry.name)]
    : [],
  );
const isDecider = (value: unknown) =>
  typeof value === 'object' && value !== null && ['initialState', 'decide', 'evolve', 'schemaVersions'].every((key) => key in value);

describe('every decider', () => {
  it('is in the list above: a decider exported anywhere under domain/ and missing there fails the test', async () => {
    const listed = new Set<unknown>(aggregates.map(([, decider]) => decider));
    const missing: string[] = [];
    let found = 0;
    for (const file of sourceFiles(domainFolder)) {
      const module: Record<string, unknown> = await import(file);
      for (const [name, value] of Object.entries(module).filter(([, value]) => isDecider(value))) {
        found += 1;
        if (!listed.has(value)) missing.push(`${relative(domainFolder, file)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(found).toBe(aggregates.length);
  });

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
      EmailAddressConfirmed: 1,
      UserEmailRestored: 1,
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
    expect(ideaSetDecider.schemaVersions).toEqual({ IdeaSetCreated: 1, IdeaSetDeleted: 1 });
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

  it.each(aggregates)('%s: refuses a command it does not know, never ignoring it silently', (_name, decider, history) => {
    const state = history.reduce(decider.evolve, decider.initialState);
    const unknown = { type: 'Unknown', data: {}, metadata: { actor: { kind: 'system', name: 'test' }, now: new Date() } };
    expect(() => decider.decide(unknown, state)).toThrow(/^Unhandled case: .*"Unknown"/);
  });

  it.each(aggregates)('%s: refuses to fold an event type it does not know', (_name, decider, history) => {
    const state = history.reduce(decider.evolve, decider.initialState);
    expect(() => decider.evolve(state, { type: 'Unknown', data: {} })).toThrow(/^Unhandled case: .*"Unknown"/);
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
