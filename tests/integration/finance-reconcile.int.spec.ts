import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReconcileReport } from '../../backend/application/finance/reconcile';
import { readBillingHistory } from '../../backend/application/finance/reconcile-run';
import { billingRoleReasons, billingStream, type BillingEvent, type PaymentFacts } from '../../backend/domain/billing/billing-events';
import { userStreams, type UserEvent } from '../../backend/domain/identity/user';
import { systemActor } from '../../backend/domain/shared/actor';
import { compose, type Composition } from '../../backend/infrastructure/composition-root';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { cliProcess } from '../support/cli-process';

// The CLI is a process of its own on the same kind of database as the rest of this run (the test
// closes its own handle on a PGlite data folder before each run).
const cliRun = cliProcess('finance', ['STRIPE_SECRET_KEY']);

/** The platform in this process, on the CLI's database, closed when done. */
async function withServices(work: (services: Composition) => Promise<void>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: cliRun.env.DATA_DIR, DATABASE_URL: cliRun.env.DATABASE_URL });
  const services = await compose(config, { logger: createLogger('silent') });
  try {
    await work(services);
  } finally {
    await services.close();
  }
}

const reconcile = (...args: string[]) =>
  cliRun.cli('finance', 'reconcile', ...args);

/** The exit status and output of a CLI run that may fail. */
async function reconcileStatus(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await reconcile(...args);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const billingActor = systemActor('billing');
let appended = 0;

async function append(services: Composition, streamName: string, events: (BillingEvent | UserEvent | { type: 'UserRoleChanged'; data: Record<string, unknown> })[], at: string) {
  await services.eventStore.append(
    streamName,
    events.map((e) => ({ id: randomUUID(), type: e.type, schemaVersion: 1, data: e.data as Record<string, unknown> })),
    { expectedVersion: 'any', actor: billingActor, occurredAt: new Date(at), causationId: `test-${++appended}`, correlationId: 'finance-reconcile-test' },
  );
}

const evt = () => `evt_${randomBytes(6).toString('hex')}`;

function payment(paymentId: string, subscriptionId: string, overrides: Partial<PaymentFacts>): PaymentFacts {
  return {
    paymentId,
    mode: 'live',
    type: 'subscription',
    status: 'paid',
    amount: 9.99,
    currency: 'usd',
    interval: 'month',
    description: 'Skilly Pro',
    customerName: 'Ada Member',
    customerEmail: 'ada@example.com',
    created: '2026-01-15T10:00:00.000Z',
    subscriptionId,
    ...overrides,
  };
}

async function member(services: Composition, role: 'free' | 'admin'): Promise<string> {
  const userId = randomUUID();
  await append(
    services,
    userStreams.name(userId),
    [{ type: 'UserRegistered', data: { userId, firstName: 'Ada', lastName: 'Member', email: `${userId}@example.com`, passwordHash: 'not-a-hash', role } }],
    '2026-01-01T00:00:00Z',
  );
  return userId;
}

/** A subscription billing made its member Pro for, with its payments, as the webhook intake writes them. */
async function subscribe(services: Composition, userId: string, subscriptionId: string, mode: 'live' | 'test', makePro: boolean) {
  await append(
    services,
    billingStream.name(userId),
    [{ type: 'SubscriptionActivated', data: { providerEventId: evt(), subscriptionId, customerId: `cus_${userId}`, mode, currentPeriodEnd: null } }],
    '2026-01-10T00:00:00Z',
  );
  if (makePro) {
    await append(
      services,
      userStreams.name(userId),
      [{ type: 'UserRoleChanged', data: { from: 'free', to: 'pro', reason: billingRoleReasons.activated, subscriptionId } }],
      '2026-01-10T00:00:01Z',
    );
  }
}

async function paid(services: Composition, userId: string, facts: PaymentFacts) {
  const events: BillingEvent[] = [{ type: 'PaymentRecorded', data: { providerEventId: evt(), payment: facts } }];
  if (facts.status === 'paid' && facts.subscriptionId) {
    events.unshift({ type: 'SubscriptionRenewed', data: { providerEventId: evt(), subscriptionId: facts.subscriptionId, paymentId: facts.paymentId, currentPeriodEnd: null } });
  } else if (facts.subscriptionId) {
    events.unshift({ type: 'SubscriptionPaymentFailed', data: { providerEventId: evt(), subscriptionId: facts.subscriptionId, paymentId: facts.paymentId } });
  }
  await append(services, billingStream.name(userId), events, facts.created);
}

describe('finance reconcile (CLI)', () => {
  it('refuses a bad date, saying which, with exit status 2', async () => {
    const bad = await reconcileStatus('--from', '2026-13-01');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from must be a date as YYYY-MM-DD (got "2026-13-01")');
    const unknown = await reconcileStatus('--since', '2026-01-01');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--since'");
  }, 60_000);

  it('replays a clean history with no discrepancy, then finds the one payment removed from the read model by hand', async () => {
    await withServices(async (services) => {
      // A live subscriber paying two months, a TEST subscriber paid once and failed once, an admin who pays (no role change).
      const ada = await member(services, 'free');
      await subscribe(services, ada, 'sub_ada', 'live', true);
      await paid(services, ada, payment('in_ada_1', 'sub_ada', { created: '2026-01-15T10:00:00.000Z' }));
      await paid(services, ada, payment('in_ada_2', 'sub_ada', { created: '2026-02-15T10:00:00.000Z' }));
      const bo = await member(services, 'free');
      await subscribe(services, bo, 'sim_sub_bo', 'test', true);
      await paid(services, bo, payment('sim_in_bo_1', 'sim_sub_bo', { mode: 'test', created: '2026-01-20T10:00:00.000Z' }));
      await paid(services, bo, payment('sim_in_bo_2', 'sim_sub_bo', { mode: 'test', status: 'failed', created: '2026-02-20T10:00:00.000Z' }));
      const cy = await member(services, 'admin');
      await subscribe(services, cy, 'sub_cy', 'live', false);
      await paid(services, cy, payment('in_cy_1', 'sub_cy', { created: '2026-02-01T00:00:00.000Z', amount: 19.99 }));
      // The payments read model is the billing projection's.
      await services.runner.catchUpAll();
    });

    const clean = await reconcileStatus();
    expect(clean.code, clean.stderr).toBe(0);
    const table = clean.stdout.split('\n').map((line) => line.trim().split(/\s+/));
    expect(table).toEqual(
      expect.arrayContaining([
        ['Month', 'Mode', 'Currency', 'Payments', 'Gross', 'Failed'],
        ['2026-01', 'live', 'USD', '1', '9.99', '0'],
        ['2026-01', 'test', 'USD', '1', '9.99', '0'],
        ['2026-02', 'live', 'USD', '2', '29.98', '0'],
        ['2026-02', 'test', 'USD', '0', '0.00', '1'],
      ]),
    );
    expect(clean.stdout).toContain('No discrepancies.');

    await withServices(async (services) => {
      const { numAffectedRows } = await sql`delete from payments where id = ${'in_ada_2'}`.execute(services.database.db);
      expect(Number(numAffectedRows)).toBe(1);
      // Read in pages of any size, the same history; of a registration only the role is kept.
      const history = await readBillingHistory(services.eventStore);
      expect(await readBillingHistory(services.eventStore, 2)).toEqual(history);
      expect(history.map((e) => e.type)).toContain('PaymentRecorded');
      expect(history.filter((e) => e.type === 'UserRegistered').map((e) => e.data)).toEqual([{ role: 'free' }, { role: 'free' }, { role: 'admin' }]);
    });

    const broken = await reconcileStatus();
    expect(broken.code, broken.stderr).toBe(1);
    const found = broken.stdout.split('\n').filter((line) => /^[a-z_]+: /.test(line));
    expect(found).toEqual(['read_model_total_differs: 2026-02 live (usd): the payments read model has 1 paid for 19.99, the event store 2 paid for 29.98.']);
    expect(broken.stdout).toContain('1 discrepancy:');

    const json = await reconcileStatus('--json', '--from', '2026-02-01');
    expect(json.code, json.stderr).toBe(1);
    const report = JSON.parse(json.stdout) as ReconcileReport;
    expect(report.range).toEqual({ from: '2026-02-01', to: null });
    expect(report.months.map((m) => [m.month, m.mode, m.payments, m.grossMinor, m.gross, m.failed])).toEqual([
      ['2026-02', 'live', 2, 2998, '29.98', 0],
      ['2026-02', 'test', 0, 0, '0.00', 1],
    ]);
    expect(report.discrepancies).toEqual([
      { kind: 'read_model_total_differs', ids: { month: '2026-02', mode: 'live', currency: 'usd' }, message: expect.any(String) },
    ]);
  }, 240_000);
});
