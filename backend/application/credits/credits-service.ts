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

export interface CreditsDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
}

/** The member whose ledger it is, with the role they hold now (the ledger's tier follows it). */
export interface CreditHolder {
  userId: string;
  role: Role;
}

export const NoCredits = () => new DomainError('no_credits', 'forbidden');

/** free and pro members have a ledger; staff (moderators, admins) have none. */
export const hasCredits = (role: Role): role is CreditTier => role === 'free' || role === 'pro';

export function tierOf(role: Role): CreditTier {
  if (hasCredits(role)) return role;
  throw NoCredits();
}

/**
 * Commands on members' credit ledgers. Each runs load → fold → decide → append with the
 * version read, retrying on a conflict (`handleCommand`'s jittered retries settle a burst of
 * dozens): that is what keeps concurrent spends from overdrawing.
 */
export function createCreditsService(deps: CreditsDeps) {
  const { eventStore, ids, clock } = deps;

  /** Runs `command` on the member's ledger, as the origin's actor or else the system named `systemName`. */
  function run(userId: string, origin: RequestOrigin, systemName: string, command: CommandInput<CreditAccountCommand>) {
    const ctx = commandContext(clock, origin, systemName);
    return handleCommand({ eventStore, ids }, creditAccountDecider, creditAccountStreams.name(userId), () => command, ctx);
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

    /** Gives back every spend of the current period (an admin's reset of the member's data). */
    refundPeriod(holder: CreditHolder, reason: string, origin: RequestOrigin) {
      const tier = tierOf(holder.role);
      return run(holder.userId, origin, 'credit-refund', { type: 'RefundPeriod', data: { userId: holder.userId, tier, reason } });
    },

    /**
     * The member's credits as they stand now, for reading: the ledger folded from its events,
     * with a due period or tier change derived by the ledger's own policy but not recorded
     * (a read never appends; the next command on the ledger records the roll).
     */
    async current(holder: CreditHolder): Promise<CreditsResponse> {
      const tier = tierOf(holder.role);
      const state = foldStream(creditAccountDecider, await eventStore.readStream(creditAccountStreams.name(holder.userId)));
      return creditsView(creditAccountAt(state, { userId: holder.userId, tier }, clock.now()));
    },

    /** The ledger folded from its events (the truth the read models are derived from). */
    async ledger(userId: string): Promise<CreditAccountState> {
      return foldStream(creditAccountDecider, await eventStore.readStream(creditAccountStreams.name(userId)));
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

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
