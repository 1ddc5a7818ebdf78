import { creditKinds, type CreditKind, type CreditTier } from '../../domain/credits/allowances';
import {
  availableCredits,
  creditAccountAt,
  creditAccountDecider,
  creditAccountStreams,
  type CreditAccountCommand,
  type CreditAccountState,
  type CreditPaidFor,
} from '../../domain/credits/credit-account';
import { foldStream, handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import { commandContext, type RequestOrigin } from '../event-sourcing/command-context';
import type { Role } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';
import type { CreditsResponse } from '../contracts/credits';
import type { CreditAccountReads, CreditAccountSnapshot } from './credit-account-reads';

export interface CreditsDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  /** The credit-accounts read model; without it GET /api/credits folds the ledger's stream. */
  accounts?: CreditAccountReads;
}

/** The member whose ledger it is, with the role they hold now (the ledger's tier follows it). */
export interface CreditHolder {
  userId: string;
  role: Role;
}

export const NoCredits = () => new DomainError('no_credits', 'forbidden');

/** free and pro members have a ledger; staff (moderators, admins) have none. */
export function tierOf(role: Role): CreditTier {
  if (role === 'free' || role === 'pro') return role;
  throw NoCredits();
}

/**
 * Each lost version race means another spend landed, so a burst of N simultaneous spends
 * needs up to N rounds to settle; past this many the request fails rather than spin.
 */
export const LEDGER_MAX_ATTEMPTS = 50;

/**
 * Commands on members' credit ledgers. Each runs load → fold → decide → append with the
 * version read, retrying on a conflict: that is what keeps concurrent spends from overdrawing.
 */
export function createCreditsService(deps: CreditsDeps) {
  const { eventStore, ids, clock, accounts } = deps;

  /** Runs `command` on the member's ledger, as the origin's actor or else the system named `systemName`. */
  function run(userId: string, origin: RequestOrigin, systemName: string, command: CommandInput<CreditAccountCommand>) {
    const ctx = commandContext(clock, origin, systemName);
    return handleCommand({ eventStore, ids }, creditAccountDecider, creditAccountStreams.name(userId), () => command, ctx, {
      maxAttempts: LEDGER_MAX_ATTEMPTS,
    });
  }

  return {
    /** Opens the ledger, starts a due period and follows a role change; writes only what is due. */
    sync(holder: CreditHolder, origin: RequestOrigin) {
      const tier = tierOf(holder.role);
      return run(holder.userId, origin, 'credits-sync', { type: 'SyncCreditAccount', data: { userId: holder.userId, tier } });
    },

    /** Spends one credit of `kind` for what `paidFor` names; a spent allowance throws a QuotaExceeded. */
    consume(
      holder: CreditHolder,
      spend: { consumptionId: string; kind: CreditKind; paidFor: CreditPaidFor },
      origin: RequestOrigin,
    ) {
      const tier = tierOf(holder.role);
      return run(holder.userId, origin, 'credits', { type: 'ConsumeCredit', data: { userId: holder.userId, tier, ...spend } });
    },

    /** Gives a spend back because its work failed. Recorded as the system, in the request's correlation. */
    refund(userId: string, consumptionId: string, reason: string, origin: RequestOrigin) {
      return run(userId, { ...origin, actor: null }, 'credit-refund', { type: 'RefundCredit', data: { consumptionId, reason } });
    },

    /** Extra credits for this period, by an admin or a system policy. */
    grant(holder: CreditHolder, grant: { kind: CreditKind; amount: number; reason: string }, origin: RequestOrigin) {
      const tier = tierOf(holder.role);
      return run(holder.userId, origin, 'credit-grant', { type: 'GrantCredits', data: { userId: holder.userId, tier, ...grant } });
    },

    /**
     * The member's credits as they stand now, for reading: the ledger with a due period or
     * tier change derived by the ledger's own policy but not recorded (a read never appends;
     * the next command records the roll). Answered from the credit-accounts row (one
     * primary-key lookup) while its period runs; the stream is folded only when there is no
     * row yet or the period has ended, because the next period is counted from the ledger's
     * opening date, which the row does not keep.
     */
    async current(holder: CreditHolder): Promise<CreditsResponse> {
      const tier = tierOf(holder.role);
      const now = clock.now();
      const row = await accounts?.find(holder.userId);
      const state =
        row && now.getTime() < new Date(row.resetAt).getTime()
          ? stateOfRow(holder.userId, row)
          : foldStream(creditAccountDecider, await eventStore.readStream(creditAccountStreams.name(holder.userId)));
      return creditsView(creditAccountAt(state, { userId: holder.userId, tier }, now));
    },

    /** The ledger folded from its events (the truth the read models are derived from). */
    async ledger(userId: string): Promise<CreditAccountState> {
      return foldStream(creditAccountDecider, await eventStore.readStream(creditAccountStreams.name(userId)));
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

/**
 * The open ledger a read-model row stands for, as far as a read within its period needs:
 * its spends by id matter only to commands, and `openedAt` only to a period roll, which this
 * row is not used for.
 */
function stateOfRow(userId: string, row: CreditAccountSnapshot): CreditAccountState {
  return {
    status: 'open',
    userId,
    tier: row.tier,
    openedAt: row.periodStart,
    periodStart: row.periodStart,
    resetAt: row.resetAt,
    allowances: { ...row.allowances },
    granted: { ...row.granted },
    used: { ...row.used },
    consumptions: {},
  };
}

/** GET /api/credits: the current period's allowances, grants, use and balances. */
export function creditsView(account: ReturnType<typeof creditAccountAt>): CreditsResponse {
  const balances = Object.fromEntries(
    creditKinds.map((kind) => [kind, availableCredits(account, kind)]),
  ) as CreditsResponse['balances'];
  return {
    tier: account.tier,
    periodStart: account.periodStart,
    creditsResetAt: account.resetAt,
    allowances: { ...account.allowances },
    granted: { ...account.granted },
    used: { ...account.used },
    balances,
  };
}
