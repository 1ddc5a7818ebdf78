import type { Actor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, QuotaExceeded, ReasonRequired, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';
import {
  allowancesFor,
  creditKinds,
  periodContaining,
  zeroCounts,
  type CreditCounts,
  type CreditKind,
  type CreditTier,
} from './allowances';

/**
 * A member's credit ledger (design §3.4): one stream per member. Every spend names what it
 * paid for, and the balance is a fold of the stream. A spend is decided on the latest
 * history and appended with the version it was decided on, so many spends at once cannot
 * overdraw: all but one lose the version race, and the retries see the spent balance.
 *
 * The ledger is brought up to date lazily: the first command on it opens it, a command at
 * or after `resetAt` starts the new period first, and a command whose member changed
 * between free and pro records the tier change first.
 */
export const creditAccountStreams = defineStream('credits');
/** `credits-{userId}`; the names most callers know the ledger's stream helpers by. */
export const creditAccountStream = creditAccountStreams.name;
export const userIdOfCreditStream = creditAccountStreams.idOf;

/** What a spend paid for; the field that names it depends on the kind (see `paidForField`). */
export type CreditPaidFor = { ideaSetId?: string; planId?: string; milestoneId?: string; taskId?: string };

const paidForField: Record<CreditKind, keyof CreditPaidFor> = {
  idea: 'ideaSetId',
  plan: 'planId',
  milestone: 'milestoneId',
  help: 'taskId',
};

// ── Events ────────────────────────────────────────────────────────────────────
/** Dates are ISO 8601 strings. */
export type CreditAccountOpened = {
  type: 'CreditAccountOpened';
  data: { userId: string; tier: CreditTier; allowances: CreditCounts; periodStart: string; resetAt: string };
};
export type CreditPeriodStarted = {
  type: 'CreditPeriodStarted';
  data: { tier: CreditTier; allowances: CreditCounts; periodStart: string; resetAt: string };
};
export type CreditTierChanged = {
  type: 'CreditTierChanged';
  data: { from: CreditTier; to: CreditTier; allowances: CreditCounts };
};
export type CreditConsumed = {
  type: 'CreditConsumed';
  data: { consumptionId: string; kind: CreditKind; paidFor: CreditPaidFor; balanceAfter: number };
};
export type CreditRefunded = {
  type: 'CreditRefunded';
  data: { consumptionId: string; kind: CreditKind; paidFor: CreditPaidFor; reason: string; balanceAfter: number };
};
export type CreditsGranted = {
  type: 'CreditsGranted';
  data: { kind: CreditKind; amount: number; reason: string; balanceAfter: number };
};

export type CreditAccountEvent =
  | CreditAccountOpened
  | CreditPeriodStarted
  | CreditTierChanged
  | CreditConsumed
  | CreditRefunded
  | CreditsGranted;

export const creditAccountEventTypes = [
  'CreditAccountOpened',
  'CreditPeriodStarted',
  'CreditTierChanged',
  'CreditConsumed',
  'CreditRefunded',
  'CreditsGranted',
] as const satisfies readonly CreditAccountEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
/** Whose ledger, and the tier their role gives them now (the application reads the role). */
type Holder = { userId: string; tier: CreditTier };

/** Opens the ledger, starts a due period, records a tier change; nothing else. */
export type SyncCreditAccount = Command<'SyncCreditAccount', Holder>;
/** `consumptionId` is chosen by the caller: the same id twice is one spend. */
export type ConsumeCredit = Command<'ConsumeCredit', Holder & { consumptionId: string; kind: CreditKind; paidFor: CreditPaidFor }>;
/** Gives back a spend of the current period whose work failed. */
export type RefundCredit = Command<'RefundCredit', { consumptionId: string; reason: string }>;
export type GrantCredits = Command<'GrantCredits', Holder & { kind: CreditKind; amount: number; reason: string }>;
/** Gives back every spend of the current period (an admin's reset of the member's data). */
export type RefundPeriod = Command<'RefundPeriod', Holder & { reason: string }>;

export type CreditAccountCommand = SyncCreditAccount | ConsumeCredit | RefundCredit | GrantCredits | RefundPeriod;

// ── State ─────────────────────────────────────────────────────────────────────
export type CreditConsumption = { kind: CreditKind; paidFor: CreditPaidFor; refunded: boolean };

export type CreditAccountState =
  | { status: 'unopened' }
  | {
      status: 'open';
      userId: string;
      tier: CreditTier;
      /** The anchor of the monthly periods. */
      openedAt: string;
      periodStart: string;
      resetAt: string;
      allowances: CreditCounts;
      /** Granted in the current period, on top of the allowance. */
      granted: CreditCounts;
      /** Spent in the current period, refunds deducted. */
      used: CreditCounts;
      /** The current period's spends by consumption id. */
      consumptions: Record<string, CreditConsumption>;
    };

export const initialCreditAccountState: CreditAccountState = { status: 'unopened' };

type OpenAccount = Extract<CreditAccountState, { status: 'open' }>;

/** Credits of `kind` that can still be spent this period (never negative, even after a downgrade). */
export function availableCredits(state: CreditAccountState, kind: CreditKind): number {
  return availableAfter(state, kind, { used: 0, granted: 0 });
}

/** The balance of `kind` once `used` and `granted` have moved by the given amounts. */
function availableAfter(state: CreditAccountState, kind: CreditKind, change: { used: number; granted: number }): number {
  if (state.status !== 'open') return 0;
  return Math.max(0, state.allowances[kind] + state.granted[kind] + change.granted - (state.used[kind] + change.used));
}

// ── Errors ────────────────────────────────────────────────────────────────────
/**
 * Codes `idea_limit`, `plan_limit`, … for a free member (upgrading helps); the same with
 * `_pro` for a pro member (only the next period does). `limit` is what the period allowed.
 */
export const CreditLimitReached = (kind: CreditKind, tier: CreditTier, limit: number, resetAt: string) =>
  new QuotaExceeded(tier === 'free' ? `${kind}_limit` : `${kind}_limit_pro`, tier === 'free', { kind, limit, resetAt });
/**
 * A credit of `kind` is spent, not given back, on the very thing this spend names (a help answer
 * for the task, the milestone): a member pays for a thing once. Its work is done or under way.
 */
export const AlreadyPaidFor = (kind: CreditKind) => new DomainError('already_paid_for', 'conflict', { kind, field: paidForField[kind] });
export const InvalidAmount = () => new DomainError('invalid_amount', 'invalid', { min: 1, max: 1000 });
export const PaidForRequired = (kind: CreditKind) =>
  new DomainError('paid_for_required', 'invalid', { kind, field: paidForField[kind] });
export const UnknownCreditKind = () => new DomainError('invalid_credit_kind', 'invalid');

// ── Decide ────────────────────────────────────────────────────────────────────
const isAdminOrSystem = (actor: Actor) => actor.kind === 'system' || actor.role === 'admin';
const isSelf = (actor: Actor, userId: string) => actor.kind === 'user' && actor.userId === userId;

/** Admins and system policies manage every ledger. */
function requireAdminOrSystem(actor: Actor) {
  if (!isAdminOrSystem(actor)) throw NotAllowed();
}

function requireKnownKind(kind: CreditKind) {
  if (!creditKinds.includes(kind)) throw UnknownCreditKind();
}

const opening = (holder: Holder, now: Date): CreditAccountOpened => {
  const { start, resetAt } = periodContaining(now, now);
  const period = { periodStart: start.toISOString(), resetAt: resetAt.toISOString() };
  return { type: 'CreditAccountOpened', data: { userId: holder.userId, tier: holder.tier, allowances: allowancesFor(holder.tier), ...period } };
};

/** The period that contains `now`, counted from the ledger's anchor (idle months are skipped). */
const periodStarting = (state: OpenAccount, tier: CreditTier, now: Date): CreditPeriodStarted => {
  const { start, resetAt } = periodContaining(new Date(state.openedAt), now);
  return {
    type: 'CreditPeriodStarted',
    data: { tier, allowances: allowancesFor(tier), periodStart: start.toISOString(), resetAt: resetAt.toISOString() },
  };
};

/** What has to be recorded before a command can be decided on the member's current period and tier. */
function bringUpToDate(state: CreditAccountState, holder: Holder, now: Date): CreditAccountEvent[] {
  if (state.status === 'unopened') return [opening(holder, now)];
  const events: CreditAccountEvent[] = [];
  if (holder.tier !== state.tier) {
    events.push({ type: 'CreditTierChanged', data: { from: state.tier, to: holder.tier, allowances: allowancesFor(holder.tier) } });
  }
  if (now.getTime() >= new Date(state.resetAt).getTime()) events.push(periodStarting(state, holder.tier, now));
  return events;
}

/** The catch-up events and the ledger as they leave it: open, in the current period, at the holder's tier. */
function catchUp(state: CreditAccountState, holder: Holder, now: Date): { events: CreditAccountEvent[]; current: OpenAccount } {
  const events = bringUpToDate(state, holder, now);
  return { events, current: events.reduce(evolveCreditAccount, state) as OpenAccount };
}

/**
 * The ledger as it stands at `now` for a member of `holder.tier`: what the next command would
 * record first (opening, a due period, a tier change) folded in, but nothing recorded. Reads
 * use it so that showing the credits never writes; the next command records the roll.
 */
export function creditAccountAt(state: CreditAccountState, holder: Holder, now: Date): OpenAccount {
  return catchUp(state, holder, now).current;
}

/** The member, an admin or the system brings the ledger up to date (nothing else). */
function sync(command: SyncCreditAccount, state: CreditAccountState): CreditAccountEvent[] {
  const { actor, now } = command.metadata;
  if (!isSelf(actor, command.data.userId)) requireAdminOrSystem(actor);
  return bringUpToDate(state, command.data, now);
}

/** Whether a spend of this period on the thing `named` (of `kind`) stands, not given back. */
const liveSpendOn = (state: OpenAccount, kind: CreditKind, named: string) =>
  Object.values(state.consumptions).some((c) => c.kind === kind && !c.refunded && c.paidFor[paidForField[kind]] === named);

/**
 * The member (or the system for them) spends one credit on what `paidFor` names; the same
 * consumption id twice is one spend. A second spend on a thing already paid for (and not given
 * back) is refused before the allowance is looked at: two requests for one help answer or one
 * milestone take one credit, and the other is told why, not that the credits ran out.
 */
function consume(command: ConsumeCredit, state: CreditAccountState): CreditAccountEvent[] {
  const { actor, now } = command.metadata;
  const { consumptionId, kind, paidFor } = command.data;
  if (!isSelf(actor, command.data.userId) && actor.kind !== 'system') throw NotAllowed();
  requireKnownKind(kind);
  const named = paidFor[paidForField[kind]];
  if (typeof named !== 'string' || named.trim() === '') throw PaidForRequired(kind);

  const { events, current } = catchUp(state, command.data, now);
  if (current.consumptions[consumptionId]) return events;
  if (liveSpendOn(current, kind, named)) throw AlreadyPaidFor(kind);
  if (availableCredits(current, kind) <= 0) {
    throw CreditLimitReached(kind, current.tier, current.allowances[kind] + current.granted[kind], current.resetAt);
  }
  const balanceAfter = availableAfter(current, kind, { used: 1, granted: 0 });
  return [...events, { type: 'CreditConsumed', data: { consumptionId, kind, paidFor: { ...paidFor }, balanceAfter } }];
}

/**
 * An admin or the system gives back a spend of the current period whose work failed. Nothing
 * to give back (never spent, refunded already, or spent in a period that has ended, whose
 * allowance is gone while the new period's is whole) records nothing.
 */
function refund(command: RefundCredit, state: CreditAccountState): CreditAccountEvent[] {
  requireAdminOrSystem(command.metadata.actor);
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status !== 'open') return [];
  const { consumptionId } = command.data;
  const consumption = state.consumptions[consumptionId];
  if (!consumption || consumption.refunded) return [];
  const { kind, paidFor } = consumption;
  const balanceAfter = availableAfter(state, kind, { used: -1, granted: 0 });
  return [{ type: 'CreditRefunded', data: { consumptionId, kind, paidFor, reason, balanceAfter } }];
}

/** An admin or a system policy adds 1 to 1000 credits of a kind to the current period. */
function grant(command: GrantCredits, state: CreditAccountState): CreditAccountEvent[] {
  requireAdminOrSystem(command.metadata.actor);
  const { kind, amount } = command.data;
  requireKnownKind(kind);
  if (!Number.isInteger(amount) || amount < 1 || amount > 1000) throw InvalidAmount();
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();

  const { events, current } = catchUp(state, command.data, command.metadata.now);
  const balanceAfter = availableAfter(current, kind, { used: 0, granted: amount });
  return [...events, { type: 'CreditsGranted', data: { kind, amount, reason, balanceAfter } }];
}

/**
 * An admin or the system gives back every spend of the current period that still stands, one
 * `CreditRefunded` each, so the period's use is 0 again and the statement says why. A ledger
 * never opened has nothing to give back; a due period or tier change is recorded first.
 */
function refundPeriod(command: RefundPeriod, state: CreditAccountState): CreditAccountEvent[] {
  requireAdminOrSystem(command.metadata.actor);
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status !== 'open') return [];
  const { events, current } = catchUp(state, command.data, command.metadata.now);
  const refunds: CreditAccountEvent[] = [];
  let after = current;
  for (const [consumptionId, { kind, paidFor, refunded }] of Object.entries(current.consumptions)) {
    if (refunded) continue;
    const balanceAfter = availableAfter(after, kind, { used: -1, granted: 0 });
    const refund: CreditRefunded = { type: 'CreditRefunded', data: { consumptionId, kind, paidFor, reason, balanceAfter } };
    refunds.push(refund);
    after = evolveCreditAccount(after, refund) as OpenAccount;
  }
  return [...events, ...refunds];
}

export function decideCreditAccount(command: CreditAccountCommand, state: CreditAccountState): CreditAccountEvent[] {
  switch (command.type) {
    case 'SyncCreditAccount':
      return sync(command, state);
    case 'ConsumeCredit':
      return consume(command, state);
    case 'RefundCredit':
      return refund(command, state);
    case 'GrantCredits':
      return grant(command, state);
    case 'RefundPeriod':
      return refundPeriod(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
const adjust = (counts: CreditCounts, kind: CreditKind, by: number): CreditCounts => ({ ...counts, [kind]: counts[kind] + by });

/** A period begins whole: nothing granted, used or spent yet. */
const freshPeriod = (data: { tier: CreditTier; allowances: CreditCounts; periodStart: string; resetAt: string }) => ({
  tier: data.tier,
  periodStart: data.periodStart,
  resetAt: data.resetAt,
  allowances: { ...data.allowances },
  granted: zeroCounts(),
  used: zeroCounts(),
  consumptions: {},
});

function refunded(state: OpenAccount, consumptionId: string): OpenAccount {
  const consumption = state.consumptions[consumptionId];
  if (!consumption || consumption.refunded) return state;
  return {
    ...state,
    used: adjust(state.used, consumption.kind, -1),
    consumptions: { ...state.consumptions, [consumptionId]: { ...consumption, refunded: true } },
  };
}

export function evolveCreditAccount(state: CreditAccountState, event: CreditAccountEvent): CreditAccountState {
  if (event.type === 'CreditAccountOpened') {
    return { status: 'open', userId: event.data.userId, openedAt: event.data.periodStart, ...freshPeriod(event.data) };
  }
  if (state.status !== 'open') return state;
  switch (event.type) {
    case 'CreditPeriodStarted':
      return { ...state, ...freshPeriod(event.data) };
    case 'CreditTierChanged':
      return { ...state, tier: event.data.to, allowances: { ...event.data.allowances } };
    case 'CreditConsumed': {
      const { consumptionId, kind, paidFor } = event.data;
      const consumptions = { ...state.consumptions, [consumptionId]: { kind, paidFor, refunded: false } };
      return { ...state, used: adjust(state.used, kind, 1), consumptions };
    }
    case 'CreditRefunded':
      return refunded(state, event.data.consumptionId);
    case 'CreditsGranted':
      return { ...state, granted: adjust(state.granted, event.data.kind, event.data.amount) };
    default:
      return assertNever(event);
  }
}

export const creditAccountDecider: Decider<CreditAccountCommand, CreditAccountEvent, CreditAccountState> = {
  initialState: initialCreditAccountState,
  decide: decideCreditAccount,
  evolve: evolveCreditAccount,
  schemaVersions: {
    CreditAccountOpened: 1,
    CreditPeriodStarted: 1,
    CreditTierChanged: 1,
    CreditConsumed: 1,
    CreditRefunded: 1,
    CreditsGranted: 1,
  },
};

// ── Statement ─────────────────────────────────────────────────────────────────
/** One line of the member's credit statement, derived from one ledger event. */
export type CreditStatementLine =
  | { type: 'opened' | 'reset'; tier: CreditTier; allowances: CreditCounts; periodStart: string; resetAt: string }
  | { type: 'tier_changed'; from: CreditTier; to: CreditTier; allowances: CreditCounts }
  | { type: 'spent'; kind: CreditKind; amount: -1; balanceAfter: number; consumptionId: string; paidFor: CreditPaidFor }
  | {
      type: 'refunded';
      kind: CreditKind;
      amount: 1;
      balanceAfter: number;
      consumptionId: string;
      paidFor: CreditPaidFor;
      reason: string;
    }
  | { type: 'granted'; kind: CreditKind; amount: number; balanceAfter: number; reason: string };

export function creditStatementLine(event: CreditAccountEvent): CreditStatementLine {
  switch (event.type) {
    case 'CreditAccountOpened':
    case 'CreditPeriodStarted': {
      const { tier, allowances, periodStart, resetAt } = event.data;
      return { type: event.type === 'CreditAccountOpened' ? 'opened' : 'reset', tier, allowances, periodStart, resetAt };
    }
    case 'CreditTierChanged':
      return { type: 'tier_changed', ...event.data };
    case 'CreditConsumed':
      return { type: 'spent', amount: -1, ...event.data };
    case 'CreditRefunded':
      return { type: 'refunded', amount: 1, ...event.data };
    case 'CreditsGranted':
      return { type: 'granted', ...event.data };
    default:
      return assertNever(event);
  }
}

/** The whole statement of a ledger, newest first. */
export const creditStatement = (events: readonly CreditAccountEvent[]): CreditStatementLine[] =>
  events.map(creditStatementLine).reverse();
