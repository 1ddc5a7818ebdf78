import type { Kysely, Transaction } from 'kysely';
import type { CreditsResponse } from '../../application/contracts/credits';
import type { TicketMemberContextDto } from '../../application/contracts/support';
import type { Database } from '../../application/ports/database';
import { toMajorUnits } from '../../domain/billing/currency';
import { lastPaymentOf } from '../billing/billing-projection';
import { findUserById } from '../users/users-projection';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The member behind a ticket as staff see it beside the thread: who they are (users read
 * model), their credits this period as the member's own dashboard shows them (`creditsOf`: the
 * ledger brought to the current period and role, as GET /api/credits answers; none for staff)
 * how many plans they have (plans) and their newest payment (billing's payments). Nothing for a
 * deleted account.
 */
export async function memberContextOf(
  db: Db,
  userId: string,
  creditsOf: (member: { userId: string; role: string }) => Promise<CreditsResponse | undefined>,
): Promise<TicketMemberContextDto | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const credits = await creditsOf({ userId, role: user.role });
  const counts = (kind: 'idea' | 'plan' | 'milestone' | 'help') =>
    credits ? { used: credits.used[kind], limit: credits.allowances[kind] + credits.granted[kind] } : { used: 0, limit: 0 };
  const plans = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  const payment = await lastPaymentOf(db, userId);
  return {
    userId,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    role: user.role,
    memberSince: new Date(user.created_at).toISOString(),
    credits: {
      ideas: counts('idea'),
      plans: counts('plan'),
      milestones: counts('milestone'),
      help: counts('help'),
      resetsAt: credits?.creditsResetAt ?? null,
    },
    planCount: Number(plans?.n ?? 0),
    lastPayment: payment
      ? { amount: toMajorUnits(Number(payment.amount), payment.currency), currency: payment.currency, status: payment.status, createdAt: new Date(payment.created).toISOString() }
      : null,
  };
}
