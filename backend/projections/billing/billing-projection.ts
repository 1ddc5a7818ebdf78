import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { PaymentDto, SubscriptionDto } from '../../application/contracts/billing';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  currentSubscription,
  customerOf,
  evolveBillingAccount,
  initialBillingAccountState,
  type BillingAccountState,
} from '../../domain/billing/billing-account';
import { billingEventTypes, billingStream, isSimulatedPayment, type BillingEvent, type PaymentMode, type PaymentRecorded, type PaymentRefunded, type PaymentType } from '../../domain/billing/billing-events';
import { toMajorUnits } from '../../domain/billing/currency';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';

/**
 * Billing as members and the back office read it (issue 29; member-product §7, back-office §2
 * Billing tab, §3 Payment, §7). `billing_accounts`: one row per member with a billing stream,
 * their current subscription as `GET /api/billing/subscription` shows it and the provider
 * customer (how a provider event without our member's id is matched); the account's folded
 * state is kept as jsonb and evolved with the domain's own `evolveBillingAccount`, so the read
 * model and the decider never disagree (without the taken provider event ids, which only the
 * decider needs). `payments`: one row per provider payment id, as the Billing tab lists them.
 */
export interface BillingAccountsTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  /** `subscriptionStatuses` of the contract: none, active, cancelling, past_due, ended. */
  status: SubscriptionDto['status'];
  current_period_end: Date | string | null;
  mode: PaymentMode | null;
  account: Omit<BillingAccountState, 'providerEventIds'>;
  updated_at: Date | string;
}
export type BillingAccountRow = Selectable<BillingAccountsTable>;

export interface PaymentsTable {
  id: string;
  user_id: string;
  subscription_id: string | null;
  mode: PaymentMode;
  type: PaymentType;
  status: string;
  /** bigint, in the currency's minor unit (999 for 9.99 USD): the driver answers a string. */
  amount: string | number;
  currency: string;
  interval: string | null;
  description: string;
  customer_name: string | null;
  customer_email: string | null;
  created: Date | string;
  provider_event_id: string;
  recorded_at: Date | string;
}
export type PaymentRow = Selectable<PaymentsTable>;

export const billingMigration: Migration = {
  async up(db) {
    await sql`
      create table billing_accounts (
        user_id text primary key,
        customer_id text,
        subscription_id text,
        status text not null,
        current_period_end timestamptz,
        mode text,
        account jsonb not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index billing_accounts_customer on billing_accounts (customer_id)`.execute(db);
    await sql`
      create table payments (
        id text primary key,
        user_id text not null,
        subscription_id text,
        mode text not null,
        type text not null,
        status text not null,
        amount numeric(12, 2) not null,
        currency text not null,
        interval text,
        description text not null,
        customer_name text,
        customer_email text,
        created timestamptz not null,
        provider_event_id text not null,
        recorded_at timestamptz not null
      )`.execute(db);
    await sql`create index payments_created on payments (created desc)`.execute(db);
    await sql`create index payments_user on payments (user_id, created desc)`.execute(db);
  },
};

/**
 * Payments' amounts as integers of their currency's minor unit (issue 48): 9.99 USD is 999,
 * 1000 JPY stays 1000, three-decimal currencies keep their third digit from now on. The
 * exponents are those of ISO 4217 as at this migration (`domain/billing/currency.ts`).
 */
export const paymentAmountsInMinorUnitsMigration: Migration = {
  async up(db) {
    await sql`
      alter table payments alter column amount type bigint using round(amount * case lower(currency)
        when 'bif' then 1 when 'clp' then 1 when 'djf' then 1 when 'gnf' then 1 when 'isk' then 1 when 'jpy' then 1
        when 'kmf' then 1 when 'krw' then 1 when 'pyg' then 1 when 'rwf' then 1 when 'ugx' then 1 when 'uyi' then 1
        when 'vnd' then 1 when 'vuv' then 1 when 'xaf' then 1 when 'xof' then 1 when 'xpf' then 1
        when 'bhd' then 1000 when 'iqd' then 1000 when 'jod' then 1000 when 'kwd' then 1000 when 'lyd' then 1000
        when 'omr' then 1000 when 'tnd' then 1000
        when 'clf' then 10000 when 'uyw' then 10000
        else 100 end)`.execute(db);
  },
};

const asIso = (value: Date | string) => new Date(value).toISOString();

function evolveAccountRow(row: BillingAccountRow | null, recorded: RecordedEvent): BillingAccountRow | null {
  const event = { type: recorded.type, data: recorded.data } as unknown as BillingEvent;
  const before: BillingAccountState = row ? { ...row.account, providerEventIds: {} } : initialBillingAccountState;
  const { providerEventIds: _taken, ...account } = evolveBillingAccount(before, event);
  void _taken;
  const subscription = currentSubscription({ ...account, providerEventIds: {} });
  return {
    user_id: billingStream.idOf(recorded.streamName),
    customer_id: customerOf({ ...account, providerEventIds: {} }) ?? null,
    subscription_id: subscription?.subscriptionId ?? null,
    // A suspended subscription (unpaid, paused) reads as past due: the member's payment is owed.
    status: !subscription ? 'none' : subscription.status === 'suspended' ? 'past_due' : subscription.status,
    current_period_end: subscription?.currentPeriodEnd ?? null,
    mode: subscription?.mode ?? null,
    account,
    updated_at: recorded.occurredAt,
  };
}

const accountRows = rowProjection<BillingAccountRow>({
  name: 'billing',
  table: 'billing_accounts',
  keyColumn: 'user_id',
  handles: billingEventTypes,
  memberFacing: true,
  rowKey: (event) => billingStream.idOf(event.streamName),
  evolve: evolveAccountRow,
  memberColumn: 'user_id',
});

/** A payment's row is the last facts recorded for it (a failed invoice later paid shows paid). */
function evolvePaymentRow(_row: PaymentRow | null, recorded: RecordedEvent): PaymentRow {
  const { payment, providerEventId } = recorded.data as unknown as PaymentRecorded['data'];
  return {
    id: payment.paymentId,
    user_id: billingStream.idOf(recorded.streamName),
    subscription_id: payment.subscriptionId,
    mode: payment.mode,
    type: payment.type,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    interval: payment.interval,
    description: payment.description,
    customer_name: payment.customerName,
    customer_email: payment.customerEmail,
    created: payment.created,
    provider_event_id: providerEventId,
    recorded_at: recorded.occurredAt,
  };
}

const paymentRows = rowProjection<PaymentRow>({
  name: 'billing',
  table: 'payments',
  keyColumn: 'id',
  handles: ['PaymentRecorded'],
  memberFacing: true,
  rowKey: (event) => (event.data as unknown as PaymentRecorded['data']).payment.paymentId,
  evolve: evolvePaymentRow,
  memberColumn: 'user_id',
});

async function applyBillingBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  await accountRows.applyBatch!(trx, events);
  const payments = events.filter((event) => event.type === 'PaymentRecorded');
  if (payments.length) await paymentRows.applyBatch!(trx, payments);
  // A refunded payment reads as refunded (its PaymentRecorded always comes before, in its stream).
  for (const event of events.filter((event) => event.type === 'PaymentRefunded')) {
    const { paymentId } = event.data as unknown as PaymentRefunded['data'];
    await trx.updateTable('payments').set({ status: 'refunded' }).where('id', '=', paymentId).execute();
  }
}

export const billingProjection: Projection = {
  name: 'billing',
  handles: billingEventTypes,
  tables: ['billing_accounts', 'payments'],
  memberFacing: true,
  // Inline: a provider event that changes the member's role changes the subscription they read
  // in the same commit (the role follows in its own append right after), so no one sees Free
  // with an active subscription, or Pro with an ended one.
  inline: true,
  apply: (trx, event) => applyBillingBatch(trx, [event]),
  applyBatch: applyBillingBatch,
  // The member's billing account goes; their payments stay in the books without the person in
  // them (the customer's name and email), as the pseudonymised billing stream replays them.
  async erase(trx, userId) {
    await accountRows.erase!(trx, userId);
    await trx.updateTable('payments').set({ customer_name: null, customer_email: null }).where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

export function findBillingAccount(db: Db, userId: string): Promise<BillingAccountRow | undefined> {
  return db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** GET /api/billing/subscription: the member's current subscription ('none' before any). */
export async function subscriptionOf(db: Db, userId: string): Promise<SubscriptionDto> {
  const row = await findBillingAccount(db, userId);
  if (!row) return { status: 'none', currentPeriodEnd: null, mode: null, canManage: false };
  return {
    status: row.status,
    currentPeriodEnd: row.current_period_end === null ? null : asIso(row.current_period_end),
    mode: row.mode,
    canManage: row.customer_id !== null,
  };
}

/** The member whose billing account knows this provider customer (a provider event that does not name our member). */
export async function userIdOfCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('billing_accounts').select('user_id').where('customer_id', '=', customerId).orderBy('updated_at', 'desc').executeTakeFirst();
  return row?.user_id;
}

export function toPaymentDto(row: PaymentRow): PaymentDto {
  return {
    id: row.id,
    mode: row.mode,
    type: row.type,
    status: row.status,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    currency: row.currency,
    amount: toMajorUnits(Number(row.amount), row.currency),
    interval: row.interval,
    description: row.description,
    created: asIso(row.created),
    simulated: isSimulatedPayment(row.id),
  };
}

/** GET /api/admin/stripe-payments: every payment, newest first. */
export async function listPayments(db: Db): Promise<PaymentDto[]> {
  const rows = await db.selectFrom('payments').selectAll().orderBy('created', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toPaymentDto);
}

/** The member's own payments, newest first (their data export). */
export async function listPaymentsOf(db: Db, userId: string): Promise<PaymentDto[]> {
  const rows = await db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toPaymentDto);
}

/** The member's newest payment (the support ticket's member context). */
export function lastPaymentOf(db: Db, userId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
