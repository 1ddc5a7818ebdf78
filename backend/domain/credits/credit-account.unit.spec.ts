import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor, type Role } from '../shared/actor';
import { QuotaExceeded } from '../shared/domain-error';
import { addMonthsUtc, monthlyAllowances, type CreditKind, type CreditTier } from './allowances';
import {
  availableCredits,
  creditAccountAt,
  creditAccountDecider,
  creditAccountStream,
  creditStatement,
  userIdOfCreditStream,
  type ConsumeCredit,
  type CreditAccountEvent,
  type CreditAccountOpened,
  type CreditConsumed,
  type CreditPaidFor,
  type CreditPeriodStarted,
  type CreditRefunded,
  type CreditsGranted,
  type CreditTierChanged,
  type GrantCredits,
  type RefundCredit,
  type RefundPeriod,
  type SyncCreditAccount,
} from './credit-account';

const spec = deciderSpec(creditAccountDecider);
const openedAt = new Date('2026-03-01T10:00:00.000Z');
const inMarch = new Date('2026-03-20T08:00:00.000Z');
const firstReset = new Date('2026-04-01T10:00:00.000Z');

// ── Actors ────────────────────────────────────────────────────────────────────
const memberId = 'user-ada';
const member = (role: Role = 'free'): Actor => ({ kind: 'user', userId: memberId, role });
const someoneElse = (role: Role): Actor => ({ kind: 'user', userId: 'user-grace', role });
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const system = systemActor('generation-failed');

// ── Events ────────────────────────────────────────────────────────────────────
const opened = (tier: CreditTier = 'free', at = openedAt): CreditAccountOpened => ({
  type: 'CreditAccountOpened',
  data: {
    userId: memberId,
    tier,
    allowances: monthlyAllowances[tier],
    periodStart: at.toISOString(),
    resetAt: addMonthsUtc(at, 1).toISOString(),
  },
});
const consumed = (consumptionId: string, kind: CreditKind, balanceAfter: number, paidFor: CreditPaidFor = paidForOf(kind, consumptionId)): CreditConsumed => ({
  type: 'CreditConsumed',
  data: { consumptionId, kind, paidFor, balanceAfter },
});
const refunded = (consumptionId: string, kind: CreditKind, balanceAfter: number, reason = 'The generation failed'): CreditRefunded => ({
  type: 'CreditRefunded',
  data: { consumptionId, kind, paidFor: paidForOf(kind, consumptionId), reason, balanceAfter },
});
const granted = (kind: CreditKind, amount: number, balanceAfter: number, reason = 'Sorry for the outage'): CreditsGranted => ({
  type: 'CreditsGranted',
  data: { kind, amount, reason, balanceAfter },
});
const periodStarted = (start: string, resetAt: string, tier: CreditTier = 'free'): CreditPeriodStarted => ({
  type: 'CreditPeriodStarted',
  data: { tier, allowances: monthlyAllowances[tier], periodStart: start, resetAt },
});
const tierChanged = (from: CreditTier, to: CreditTier): CreditTierChanged => ({
  type: 'CreditTierChanged',
  data: { from, to, allowances: monthlyAllowances[to] },
});

// ── Commands ──────────────────────────────────────────────────────────────────
function paidForOf(kind: CreditKind, id: string): CreditPaidFor {
  switch (kind) {
    case 'idea':
      return { ideaSetId: `set-${id}` };
    case 'plan':
      return { planId: `plan-${id}` };
    case 'milestone':
      return { planId: 'plan-1', milestoneId: `milestone-${id}` };
    case 'help':
      return { planId: 'plan-1', taskId: `task-${id}` };
  }
}
const consume = (
  consumptionId: string,
  kind: CreditKind = 'idea',
  options: { tier?: CreditTier; actor?: Actor; now?: Date; paidFor?: CreditPaidFor } = {},
): ConsumeCredit => ({
  type: 'ConsumeCredit',
  data: {
    userId: memberId,
    tier: options.tier ?? 'free',
    consumptionId,
    kind,
    paidFor: options.paidFor ?? paidForOf(kind, consumptionId),
  },
  metadata: { actor: options.actor ?? member(options.tier ?? 'free'), now: options.now ?? inMarch },
});
const refund = (consumptionId: string, options: { actor?: Actor; now?: Date; reason?: string } = {}): RefundCredit => ({
  type: 'RefundCredit',
  data: { consumptionId, reason: options.reason ?? 'The generation failed' },
  metadata: { actor: options.actor ?? system, now: options.now ?? inMarch },
});
const grant = (
  kind: CreditKind,
  amount: number,
  options: { actor?: Actor; reason?: string; tier?: CreditTier; now?: Date } = {},
): GrantCredits => ({
  type: 'GrantCredits',
  data: { userId: memberId, tier: options.tier ?? 'free', kind, amount, reason: options.reason ?? 'Sorry for the outage' },
  metadata: { actor: options.actor ?? admin, now: options.now ?? inMarch },
});
const sync = (options: { tier?: CreditTier; actor?: Actor; now?: Date } = {}): SyncCreditAccount => ({
  type: 'SyncCreditAccount',
  data: { userId: memberId, tier: options.tier ?? 'free' },
  metadata: { actor: options.actor ?? member(options.tier ?? 'free'), now: options.now ?? inMarch },
});

const fold = (events: CreditAccountEvent[]) => events.reduce(creditAccountDecider.evolve, creditAccountDecider.initialState);

function quotaErrorOf(run: () => unknown): QuotaExceeded {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QuotaExceeded);
    return error as QuotaExceeded;
  }
  throw new Error('expected the allowance to be used up');
}

describe('credit ledger stream name', () => {
  it('is "credits-" followed by the member id, and gives the id back', () => {
    expect(creditAccountStream('42')).toBe('credits-42');
    expect(userIdOfCreditStream(creditAccountStream('42'))).toBe('42');
  });
});

describe('opening the ledger', () => {
  it('opens on the first command, with the tier allowances and a reset one month later', () => {
    spec
      .given([])
      .when(sync({ now: openedAt }))
      .then([opened('free')]);
  });

  it('opens a pro ledger with the pro allowances', () => {
    spec
      .given([])
      .when(sync({ tier: 'pro', now: openedAt }))
      .then([opened('pro')]);
  });

  it('opens and spends in one decision when the first command is a spend', () => {
    spec
      .given([])
      .when(consume('c1', 'idea', { now: openedAt }))
      .then([opened('free'), consumed('c1', 'idea', 0)]);
  });

  it('records nothing when the ledger is up to date', () => {
    spec.given([opened()]).when(sync()).thenNothingHappens();
  });

  it("lets the member, an admin or the system bring it up to date, nobody else", () => {
    spec.given([]).when(sync({ actor: admin, now: openedAt })).then([opened()]);
    spec.given([]).when(sync({ actor: someoneElse('free') })).thenThrows('forbidden');
  });
});

describe('spending', () => {
  it('spends one credit and names what it paid for', () => {
    spec.given([opened()]).when(consume('c1', 'idea')).then([consumed('c1', 'idea', 0, { ideaSetId: 'set-c1' })]);
  });

  it('refuses an idea credit beyond the free allowance: idea_limit, upgrade required', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(consume('c2', 'idea')).thenThrows('idea_limit');
    const error = quotaErrorOf(() => creditAccountDecider.decide(consume('c2'), fold([opened(), consumed('c1', 'idea', 0)])));
    expect(error.upgradeRequired).toBe(true);
    expect(error.kind).toBe('quota');
    expect(error.data).toEqual({ kind: 'idea', limit: 1, resetAt: firstReset.toISOString() });
  });

  it('refuses beyond the pro allowance with the _pro code, giving the reset date, no upgrade', () => {
    const history = [opened('pro'), consumed('c1', 'idea', 2), consumed('c2', 'idea', 1), consumed('c3', 'idea', 0)];
    spec.given(history).when(consume('c4', 'idea', { tier: 'pro' })).thenThrows('idea_limit_pro');
    const error = quotaErrorOf(() => creditAccountDecider.decide(consume('c4', 'idea', { tier: 'pro' }), fold(history)));
    expect(error.upgradeRequired).toBe(false);
    expect(error.data).toEqual({ kind: 'idea', limit: 3, resetAt: firstReset.toISOString() });
  });

  it.each([
    ['plan', 2, 'plan_limit'],
    ['milestone', 3, 'milestone_limit'],
    ['help', 5, 'help_limit'],
  ] as const)('allows %s credits up to the free allowance (%i), then refuses with %s', (kind, allowance, code) => {
    const history: CreditAccountEvent[] = [opened()];
    for (let i = 0; i < allowance; i++) {
      const id = `c${i}`;
      const events = creditAccountDecider.decide(consume(id, kind), fold(history));
      expect(events).toEqual([consumed(id, kind, allowance - i - 1)]);
      history.push(...events);
    }
    spec.given(history).when(consume('over', kind)).thenThrows(code);
    expect(quotaErrorOf(() => creditAccountDecider.decide(consume('over', kind), fold(history))).data).toMatchObject({ kind, limit: allowance });
  });

  it('keeps kinds apart: spent ideas do not use plan credits', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(consume('p1', 'plan')).then([consumed('p1', 'plan', 1)]);
  });

  it('is one spend when the same consumption id is asked twice (a retry)', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(consume('c1', 'idea')).thenNothingHappens();
  });

  it('refuses a spend that does not name what it pays for', () => {
    spec.given([opened()]).when(consume('c1', 'idea', { paidFor: {} })).thenThrows('paid_for_required', {
      kind: 'invalid',
      data: { kind: 'idea', field: 'ideaSetId' },
    });
    spec.given([opened()]).when(consume('c1', 'help', { paidFor: { planId: 'plan-1' } })).thenThrows('paid_for_required');
    spec.given([opened()]).when(consume('c1', 'idea', { paidFor: { ideaSetId: '  ' } })).thenThrows('paid_for_required');
  });

  it('refuses a kind of credit that does not exist, to spend or to grant', () => {
    const gold = 'gold' as CreditKind;
    spec.given([opened()]).when(consume('c1', gold, { paidFor: { ideaSetId: 'set-1' } })).thenThrows('invalid_credit_kind', { kind: 'invalid' });
    spec.given([opened()]).when(grant(gold, 1)).thenThrows('invalid_credit_kind', { kind: 'invalid' });
  });

  it('counts grants in the limit it reports when the allowance and the grants are spent', () => {
    const history = [opened(), granted('idea', 2, 3), consumed('c1', 'idea', 2), consumed('c2', 'idea', 1), consumed('c3', 'idea', 0)];
    spec.given(history).when(consume('c4')).thenThrows('idea_limit', { kind: 'quota', data: { kind: 'idea', limit: 3, resetAt: firstReset.toISOString() } });
  });

  it('never spends a refunded consumption id again: a retry of a spend that was given back is still one spend', () => {
    spec.given([opened(), consumed('c1', 'idea', 0), refunded('c1', 'idea', 1)]).when(consume('c1', 'idea')).thenNothingHappens();
  });

  it('refuses a second spend on what a standing spend already paid for, before looking at the balance', () => {
    const helpOnTask = { planId: 'plan-1', taskId: 'task-x' };
    spec
      .given([opened(), consumed('c1', 'help', 4, helpOnTask)])
      .when(consume('c2', 'help', { paidFor: helpOnTask }))
      .thenThrows('already_paid_for', { kind: 'conflict', data: { kind: 'help', field: 'taskId' } });
    const spent = [opened(), consumed('m1', 'milestone', 2), consumed('m2', 'milestone', 1), consumed('m3', 'milestone', 0)];
    spec.given(spent).when(consume('m4', 'milestone', { paidFor: paidForOf('milestone', 'm3') })).thenThrows('already_paid_for', {
      data: { kind: 'milestone', field: 'milestoneId' },
    });
  });

  it('spends again on a thing whose spend was given back, and on other things or kinds', () => {
    const helpOnTask = { planId: 'plan-1', taskId: 'task-x' };
    spec
      .given([opened(), consumed('c1', 'help', 4, helpOnTask), refunded('c1', 'help', 5)])
      .when(consume('c2', 'help', { paidFor: helpOnTask }))
      .then([consumed('c2', 'help', 4, helpOnTask)]);
    spec
      .given([opened(), consumed('c1', 'help', 4, helpOnTask)])
      .when(consume('c2', 'help', { paidFor: { planId: 'plan-1', taskId: 'task-y' } }))
      .then([consumed('c2', 'help', 3, { planId: 'plan-1', taskId: 'task-y' })]);
    spec
      .given([opened(), consumed('c1', 'milestone', 2, { planId: 'plan-1', milestoneId: 'same-id' })])
      .when(consume('c2', 'help', { paidFor: { planId: 'plan-1', taskId: 'same-id' } }))
      .then([consumed('c2', 'help', 4, { planId: 'plan-1', taskId: 'same-id' })]);
    // A milestone of plan-1 names plan-1 too, but pays for the milestone, not for the plan.
    spec
      .given([opened(), consumed('c1', 'milestone', 2, { planId: 'plan-1', milestoneId: 'milestone-1' })])
      .when(consume('c2', 'plan', { paidFor: { planId: 'plan-1' } }))
      .then([consumed('c2', 'plan', 1, { planId: 'plan-1' })]);
  });

  it('does not count a spend of an ended period as paying for the thing now', () => {
    const helpOnTask = { planId: 'plan-1', taskId: 'task-x' };
    spec
      .given([opened(), consumed('c1', 'help', 4, helpOnTask)])
      .when(consume('c2', 'help', { paidFor: helpOnTask, now: firstReset }))
      .then([periodStarted('2026-04-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z'), consumed('c2', 'help', 4, helpOnTask)]);
  });

  it("forbids spending another member's credits, even for an admin; the system may", () => {
    spec.given([opened()]).when(consume('c1', 'idea', { actor: someoneElse('pro') })).thenThrows('forbidden');
    spec.given([opened()]).when(consume('c1', 'idea', { actor: admin })).thenThrows('forbidden');
    spec.given([opened()]).when(consume('c1', 'idea', { actor: system })).then([consumed('c1', 'idea', 0)]);
  });
});

describe('granting', () => {
  it('lets an admin grant credits for this period, with a reason', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(grant('idea', 2)).then([granted('idea', 2, 2)]);
  });

  it('makes granted credits spendable beyond the allowance', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0), granted('idea', 1, 1)])
      .when(consume('c2', 'idea'))
      .then([consumed('c2', 'idea', 0)]);
  });

  it('lets the system grant (a policy), and opens the ledger first if needed', () => {
    spec
      .given([])
      .when(grant('help', 3, { actor: system, now: openedAt, reason: '  Welcome bonus ' }))
      .then([opened(), granted('help', 3, 8, 'Welcome bonus')]);
  });

  it.each(['free', 'pro', 'moderator'] as const)('forbids a %s member from granting, even to themselves', (role) => {
    spec.given([opened()]).when(grant('idea', 1, { actor: someoneElse(role) })).thenThrows('forbidden');
    spec.given([opened()]).when(grant('idea', 1, { actor: member(role) })).thenThrows('forbidden');
  });

  it('needs a reason and a whole amount from 1 to 1000', () => {
    spec.given([opened()]).when(grant('idea', 1, { reason: '  ' })).thenThrows('reason_required');
    for (const amount of [0, -1, 1.5, 1001]) {
      spec.given([opened()]).when(grant('idea', amount)).thenThrows('invalid_amount', { kind: 'invalid', data: { min: 1, max: 1000 } });
    }
    spec.given([opened()]).when(grant('idea', 1000)).then([granted('idea', 1000, 1001)]);
    spec.given([opened()]).when(grant('idea', 1)).then([granted('idea', 1, 2)]);
  });
});

describe('refunds', () => {
  it('gives a failed spend back, naming the spend and what it paid for', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refund('c1')).then([refunded('c1', 'idea', 1)]);
  });

  it('makes the refunded credit spendable again', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0), refunded('c1', 'idea', 1)])
      .when(consume('c2', 'idea'))
      .then([consumed('c2', 'idea', 0)]);
  });

  it('folds a refund once, and ignores a refund of a spend it does not know', () => {
    const history = [opened('pro'), consumed('c1', 'idea', 2), consumed('c2', 'idea', 1), refunded('c1', 'idea', 2)];
    expect(availableCredits(fold([...history, refunded('c1', 'idea', 2)]), 'idea')).toBe(2);
    expect(availableCredits(fold([...history, refunded('unknown', 'idea', 3)]), 'idea')).toBe(2);
  });

  it('ignores events before the ledger was opened', () => {
    expect(fold([consumed('c1', 'idea', 0), granted('idea', 2, 2)])).toEqual({ status: 'unopened' });
  });

  it('refunds a spend once: a second refund, or one of an unknown spend, records nothing', () => {
    spec.given([opened(), consumed('c1', 'idea', 0), refunded('c1', 'idea', 1)]).when(refund('c1')).thenNothingHappens();
    spec.given([opened()]).when(refund('never-spent')).thenNothingHappens();
    spec.given([]).when(refund('never-spent')).thenNothingHappens();
  });

  it("does not refund a spend of a period that has ended: the new period's allowance is whole", () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0), periodStarted(firstReset.toISOString(), '2026-05-01T10:00:00.000Z')])
      .when(refund('c1'))
      .thenNothingHappens();
  });

  it('is done by the system or an admin, never by the member', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refund('c1', { actor: member() })).thenThrows('forbidden');
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refund('c1', { actor: admin })).then([refunded('c1', 'idea', 1)]);
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refund('c1', { reason: ' ' })).thenThrows('reason_required');
  });
});

describe('monthly reset', () => {
  it('keeps refusing until resetAt', () => {
    const justBefore = new Date(firstReset.getTime() - 1);
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(consume('c2', 'idea', { now: justBefore })).thenThrows('idea_limit');
  });

  it('starts the new period lazily on the first command at or after resetAt, then spends', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0), granted('idea', 1, 1), consumed('c2', 'idea', 0)])
      .when(consume('c3', 'idea', { now: firstReset }))
      .then([periodStarted('2026-04-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z'), consumed('c3', 'idea', 0)]);
  });

  it('skips whole idle months to the period that contains now', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0)])
      .when(sync({ now: new Date('2026-07-15T00:00:00.000Z') }))
      .then([periodStarted('2026-07-01T10:00:00.000Z', '2026-08-01T10:00:00.000Z')]);
  });

  it('drops grants of the ended period with the rest of it', () => {
    const state = fold([opened(), granted('idea', 5, 6), periodStarted('2026-04-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')]);
    expect(availableCredits(state, 'idea')).toBe(1);
  });
});

describe('the ledger as it stands now, for reading (nothing recorded)', () => {
  it('shows a ledger that was never opened as opened now, with its allowance whole', () => {
    const now = creditAccountAt(fold([]), { userId: memberId, tier: 'pro' }, openedAt);
    expect(now).toMatchObject({ status: 'open', tier: 'pro', periodStart: openedAt.toISOString(), used: { idea: 0 } });
    expect(availableCredits(now, 'idea')).toBe(3);
  });

  it('shows a due period and a tier change as the next command would record them', () => {
    const now = creditAccountAt(fold([opened(), consumed('c1', 'idea', 0)]), { userId: memberId, tier: 'pro' }, firstReset);
    expect(now).toMatchObject({ tier: 'pro', periodStart: firstReset.toISOString(), resetAt: '2026-05-01T10:00:00.000Z' });
    expect(availableCredits(now, 'idea')).toBe(3);
  });

  it('shows an up-to-date ledger as it is', () => {
    const state = fold([opened(), consumed('c1', 'idea', 0)]);
    expect(creditAccountAt(state, { userId: memberId, tier: 'free' }, inMarch)).toEqual(state);
  });
});

describe('tier changes', () => {
  it('moves an upgraded member to the pro allowances before spending, keeping what was used', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0)])
      .when(consume('c2', 'idea', { tier: 'pro' }))
      .then([tierChanged('free', 'pro'), consumed('c2', 'idea', 1)]);
  });

  it('refuses a downgraded member who already used more than the free allowance', () => {
    spec
      .given([opened('pro'), consumed('c1', 'idea', 2), consumed('c2', 'idea', 1)])
      .when(consume('c3', 'idea', { tier: 'free' }))
      .thenThrows('idea_limit');
    spec
      .given([opened('pro'), consumed('c1', 'idea', 2), consumed('c2', 'idea', 1)])
      .when(sync({ tier: 'free' }))
      .then([tierChanged('pro', 'free')]);
  });

  it('records the tier change, then the new period, when both are due', () => {
    spec
      .given([opened()])
      .when(sync({ tier: 'pro', now: firstReset }))
      .then([tierChanged('free', 'pro'), periodStarted('2026-04-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z', 'pro')]);
  });
});

describe('balance and statement derivation', () => {
  const history: CreditAccountEvent[] = [
    opened(),
    consumed('c1', 'idea', 0),
    refunded('c1', 'idea', 1),
    consumed('c2', 'idea', 0),
    granted('idea', 2, 2),
    consumed('p1', 'plan', 1),
    periodStarted('2026-04-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z'),
    consumed('c3', 'idea', 0),
    tierChanged('free', 'pro'),
  ];

  it('derives every balance from the events: allowance + grants - spends + refunds in the current period', () => {
    const state = fold(history);
    expect(state).toMatchObject({ status: 'open', tier: 'pro', used: { idea: 1, plan: 0, milestone: 0, help: 0 } });
    expect(availableCredits(state, 'idea')).toBe(3 - 1);
    expect(availableCredits(state, 'plan')).toBe(5);
    expect(availableCredits(state, 'milestone')).toBe(15);
    expect(availableCredits(state, 'help')).toBe(20);
  });

  it('has no balance before the ledger is opened', () => {
    expect(availableCredits(fold([]), 'idea')).toBe(0);
  });

  it('lists every opening, reset, tier change, spend, refund and grant, newest first', () => {
    expect(creditStatement(history)).toEqual([
      { type: 'tier_changed', from: 'free', to: 'pro', allowances: monthlyAllowances.pro },
      { type: 'spent', kind: 'idea', amount: -1, balanceAfter: 0, consumptionId: 'c3', paidFor: { ideaSetId: 'set-c3' } },
      {
        type: 'reset',
        tier: 'free',
        allowances: monthlyAllowances.free,
        periodStart: '2026-04-01T10:00:00.000Z',
        resetAt: '2026-05-01T10:00:00.000Z',
      },
      { type: 'spent', kind: 'plan', amount: -1, balanceAfter: 1, consumptionId: 'p1', paidFor: { planId: 'plan-p1' } },
      { type: 'granted', kind: 'idea', amount: 2, balanceAfter: 2, reason: 'Sorry for the outage' },
      { type: 'spent', kind: 'idea', amount: -1, balanceAfter: 0, consumptionId: 'c2', paidFor: { ideaSetId: 'set-c2' } },
      {
        type: 'refunded',
        kind: 'idea',
        amount: 1,
        balanceAfter: 1,
        consumptionId: 'c1',
        paidFor: { ideaSetId: 'set-c1' },
        reason: 'The generation failed',
      },
      { type: 'spent', kind: 'idea', amount: -1, balanceAfter: 0, consumptionId: 'c1', paidFor: { ideaSetId: 'set-c1' } },
      {
        type: 'opened',
        tier: 'free',
        allowances: monthlyAllowances.free,
        periodStart: '2026-03-01T10:00:00.000Z',
        resetAt: '2026-04-01T10:00:00.000Z',
      },
    ]);
  });

  it('every balanceAfter in the statement matches the fold at that point', () => {
    for (let i = 1; i <= history.length; i++) {
      const event = history[i - 1];
      if ('balanceAfter' in event.data) {
        const kind = (event.data as { kind: CreditKind }).kind;
        expect(availableCredits(fold(history.slice(0, i)), kind)).toBe(event.data.balanceAfter);
      }
    }
  });
});

describe('giving back a period (an admin resets a member\'s data)', () => {
  const refundPeriod = (options: { actor?: Actor; now?: Date; reason?: string; tier?: CreditTier } = {}): RefundPeriod => ({
    type: 'RefundPeriod',
    data: { userId: memberId, tier: options.tier ?? 'free', reason: options.reason ?? 'Reset by an admin' },
    metadata: { actor: options.actor ?? admin, now: options.now ?? inMarch },
  });
  const reason = 'Reset by an admin';

  it('refunds every spend of the period that still stands, one event each, and the use is 0 again', () => {
    const history = [opened('pro'), consumed('c1', 'idea', 2), consumed('c2', 'help', 19), consumed('c3', 'idea', 1), refunded('c3', 'idea', 2)];
    const events = creditAccountDecider.decide(refundPeriod({ tier: 'pro' }), fold(history));
    expect(events).toEqual([refunded('c1', 'idea', 3, reason), refunded('c2', 'help', 20, reason)]);
    const after = fold([...history, ...events]);
    expect(after.status === 'open' && after.used).toEqual({ idea: 0, plan: 0, milestone: 0, help: 0 });
  });

  it('records a due period first, and then has nothing to give back', () => {
    spec
      .given([opened(), consumed('c1', 'idea', 0)])
      .when(refundPeriod({ now: firstReset }))
      .then([periodStarted(firstReset.toISOString(), addMonthsUtc(firstReset, 1).toISOString())]);
  });

  it('writes nothing for a ledger never opened or a period without spends', () => {
    spec.given([]).when(refundPeriod()).thenNothingHappens();
    spec.given([opened()]).when(refundPeriod()).thenNothingHappens();
  });

  it('is done by an admin or the system with a reason, never by the member', () => {
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refundPeriod({ actor: member() })).thenThrows('forbidden');
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refundPeriod({ actor: system })).then([refunded('c1', 'idea', 1, reason)]);
    spec.given([opened(), consumed('c1', 'idea', 0)]).when(refundPeriod({ reason: ' ' })).thenThrows('reason_required');
  });
});
