import { sql, type Kysely } from 'kysely';
import { billingEventTypes, billingStream, paymentModes, type PaymentFacts, type PaymentMode } from '../../domain/billing/billing-events';
import { erasureStreams } from '../../domain/identity/erasure';
import { userStreams } from '../../domain/identity/user';
import type { Database } from '../ports/database';
import { startOfAll, type EventStore, type RecordedEvent } from '../ports/event-store';
import type { PaymentGateway } from '../ports/payment-gateway';
import { reconcile, type ReadModelTotal, type ReconcileRange, type ReconcileReport } from './reconcile';

/** Reconciliation could not run (a read model or the provider unavailable); the message says which. */
export class ReconcileUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReconcileUnavailable';
  }
}

export interface ReconcileDeps {
  eventStore: EventStore;
  db: Kysely<Database>;
  /** Compared when it can list its paid invoices (Stripe). */
  gateway?: PaymentGateway;
}

const PAGE = 1000;
const billingTypes = new Set<string>(billingEventTypes);

/**
 * Gathers what `reconcile` needs: the billing and role events from the whole log (never the
 * read models), the payments read model's totals for the range, and the provider's paid
 * invoices when the gateway lists them; then reconciles.
 */
export async function runReconcile(deps: ReconcileDeps, range: ReconcileRange = {}): Promise<ReconcileReport> {
  const events = await readBillingHistory(deps.eventStore);
  const readModelTotals = await readPaymentTotals(deps.db, range);
  const provider = deps.gateway?.listPaidInvoices ? { mode: deps.gateway.mode, paidInvoices: await listProviderInvoices(deps.gateway, range) } : undefined;
  return reconcile({ events, readModelTotals, provider, range });
}

/** Billing events, the members' registrations and role changes (only the role kept), and their erasures, in log order. */
export async function readBillingHistory(eventStore: EventStore, pageSize = PAGE): Promise<RecordedEvent[]> {
  const kept: RecordedEvent[] = [];
  let after = startOfAll;
  for (;;) {
    const page = await eventStore.readAll({ after, limit: pageSize });
    if (page.length === 0) return kept;
    for (const event of page) {
      if (event.streamName.startsWith(billingStream.prefix) && billingTypes.has(event.type)) kept.push(event);
      else if (event.streamName.startsWith(userStreams.prefix)) {
        if (event.type === 'UserRoleChanged') kept.push(event);
        // A registration says the role the member started with; nothing else of it is needed (its password hash least of all).
        else if (event.type === 'UserRegistered') kept.push({ ...event, data: { role: event.data.role } });
      } else if (event.streamName.startsWith(erasureStreams.prefix) && event.type === 'MemberErased') kept.push(event);
    }
    after = page[page.length - 1]!.position;
  }
}

/** Next day of a `YYYY-MM-DD`, as the exclusive end of an inclusive range. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * The payments read model's paid count and gross cents per month (UTC), mode and currency, for
 * payments created in the range. The table belongs to the billing read model; it is read by SQL
 * text so this compiles whether or not that read model is in `Database`.
 */
export async function readPaymentTotals(db: Kysely<Database>, range: ReconcileRange): Promise<ReadModelTotal[]> {
  const { rows: exists } = await sql<{ name: string | null }>`select to_regclass('payments')::text as name`.execute(db);
  if (!exists[0]?.name) {
    throw new ReconcileUnavailable('The payments read model (table "payments") does not exist in this database, so there is nothing to compare the replay with.');
  }
  const from = range.from ? sql`and created >= ${new Date(`${range.from}T00:00:00Z`)}` : sql``;
  const to = range.to ? sql`and created < ${dayAfter(range.to)}` : sql``;
  const { rows } = await sql<{ month: string; mode: string; currency: string; count: number | string; gross_minor: number | string | null }>`
    select to_char(created at time zone 'UTC', 'YYYY-MM') as month, mode, currency,
           count(*) as count, sum(amount) as gross_minor
    from payments
    where status in ('paid', 'refunded') ${from} ${to}
    group by 1, 2, 3`.execute(db);
  return rows.map((row) => ({
    month: row.month,
    mode: asMode(row.mode),
    currency: row.currency,
    count: Number(row.count),
    grossMinor: Number(row.gross_minor ?? 0),
  }));
}

function asMode(mode: string): PaymentMode {
  if ((paymentModes as readonly string[]).includes(mode)) return mode as PaymentMode;
  throw new ReconcileUnavailable(`The payments read model has a payment of unknown mode "${mode}".`);
}

async function listProviderInvoices(gateway: PaymentGateway, range: ReconcileRange): Promise<PaymentFacts[]> {
  const invoices: PaymentFacts[] = [];
  try {
    for await (const invoice of gateway.listPaidInvoices!({
      from: range.from ? new Date(`${range.from}T00:00:00Z`) : undefined,
      to: range.to ? new Date(dayAfter(range.to).getTime() - 1) : undefined,
    })) {
      invoices.push(invoice);
    }
  } catch (error) {
    throw new ReconcileUnavailable(`Could not list the provider's paid invoices: ${error instanceof Error ? error.message : String(error)}`);
  }
  return invoices;
}
