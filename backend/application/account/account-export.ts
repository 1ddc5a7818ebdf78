import type { UserActor } from '../../domain/shared/actor';
import { UserNotFound } from '../../domain/identity/user';
import type { AccountExport } from '../contracts/account';
import type { PaymentDto, SubscriptionDto } from '../contracts/billing';
import type { CreditStatementResponse } from '../contracts/credits';
import type { IdeaSet } from '../contracts/ideas';
import type { PlanDto, PlanHistoryResponse } from '../contracts/plans';
import type { MemberTicketDto, TicketMessageDto } from '../contracts/support';
import type { Clock } from '../ports/system';

/**
 * What the export reads: the member's own reads of each slice (the same the member's screens
 * use), each by the member's id, so nothing of anyone else can come in. Answered by the account
 * context module with the slices' services and read models.
 */
export interface AccountExportReads {
  profile(userId: string): Promise<AccountExport['profile'] | undefined>;
  ideaSets(userId: string): Promise<IdeaSet[]>;
  plans(member: UserActor): Promise<PlanDto[]>;
  planHistory(member: UserActor, planId: string): Promise<PlanHistoryResponse>;
  tickets(member: UserActor): Promise<MemberTicketDto[]>;
  /** A ticket's messages as the member reads them: the support team's are `senderType: 'admin'`, never a staff member's name. */
  ticketMessages(member: UserActor, ticketId: string): Promise<TicketMessageDto[]>;
  creditStatement(userId: string): Promise<CreditStatementResponse>;
  subscription(member: UserActor): Promise<SubscriptionDto>;
  payments(userId: string): Promise<PaymentDto[]>;
}

/** `skilly-data-YYYY-MM-DD.json`, the UTC day of the export. */
export const exportFileName = (at: Date) => `skilly-data-${at.toISOString().slice(0, 10)}.json`;

/**
 * The personal data export (issue 31, beyond the spec): everything the product holds about the
 * member, as one JSON document: profile, idea sets, plans each with its history, support tickets
 * with their messages, the credit statement, the subscription and the payments.
 */
export function createAccountExport(deps: { clock: Clock; reads: AccountExportReads }) {
  const { clock, reads } = deps;
  return {
    async exportOf(member: UserActor): Promise<{ fileName: string; data: AccountExport }> {
      const now = clock.now();
      const profile = await reads.profile(member.userId);
      if (!profile) throw UserNotFound();
      const plans = await reads.plans(member);
      const tickets = await reads.tickets(member);
      const data: AccountExport = {
        exportedAt: now.toISOString(),
        profile,
        ideaSets: await reads.ideaSets(member.userId),
        plans: await Promise.all(plans.map(async (plan) => ({ ...plan, history: (await reads.planHistory(member, plan.id)).entries }))),
        supportTickets: await Promise.all(tickets.map(async (ticket) => ({ ...ticket, messages: await reads.ticketMessages(member, ticket.id) }))),
        creditStatement: await reads.creditStatement(member.userId),
        subscription: await reads.subscription(member),
        payments: await reads.payments(member.userId),
      };
      return { fileName: exportFileName(now), data };
    },
  };
}

export type AccountExportService = ReturnType<typeof createAccountExport>;
