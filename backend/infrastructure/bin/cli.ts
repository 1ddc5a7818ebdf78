import { parseArgs } from 'node:util';
import { runReconcile, ReconcileUnavailable } from '../../application/finance/reconcile-run';
import type { ReconcileRange, ReconcileReport } from '../../application/finance/reconcile';
import { compose } from '../composition-root';
import { comparePositions, startOfAll } from '../../application/ports/event-store';
import { readAllCheckpoints } from '../../projections/runner/checkpoints';
import { openDatabase } from '../composition/platform';
import { migrateToLatest } from '../database/migrations';
import { product } from '../slices/product-slices';
import { createLogger } from '../logging/logger';
import { configOrExit } from './server';

const usage = `Usage:
  npm run cli -- migrate
      runs the database migrations not yet run (safe while other processes start: they wait)
  npm run cli -- projections rebuild <name|all>
  npm run cli -- projections status
      each read model's checkpoint and whether it has caught up with the newest event
  npm run cli -- create-admin --email <email> --password <password>
  npm run cli -- finance reconcile [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
      replays payments, subscriptions and role changes from the event store; exit 0 when
      clean, 1 when discrepancies exist, 2 on bad arguments, 3 when it cannot reconcile`;

const [group, action, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  if (group === 'migrate' && action === undefined) return migrate();
  if (group === 'projections' && (action === 'rebuild' || action === 'status')) {
    const services = await composeForCli();
    try {
      const { runner } = services;
      if (action === 'status') {
        // Each read model's checkpoint against the newest event: "behind" while a worker catches up.
        const head = await services.eventStore.headPosition();
        const checkpoints = await readAllCheckpoints(services.database.db);
        const width = Math.max(...runner.projections.map((p) => p.name.length));
        for (const p of runner.projections) {
          const at = checkpoints.get(p.name) ?? startOfAll;
          const state = head === null || comparePositions(at, head) >= 0 ? 'caught up' : 'behind';
          console.log(`${p.name.padEnd(width)}  ${state.padEnd(9)}  at ${at.commit}/${at.prepare}`);
        }
        console.log(`newest event at ${head ? `${head.commit}/${head.prepare}` : '(none)'}`);
        return 0;
      }
      const target = rest[0];
      if (!target) {
        console.error(usage);
        return 2;
      }
      if (target === 'all') {
        // One read of the event log feeds every projection's shadow tables; one swap.
        const started = Date.now();
        const events = await runner.rebuildAll();
        for (const projection of runner.projections) console.log(`rebuilt ${projection.name}: ${events} events in ${Date.now() - started} ms`);
        return 0;
      }
      for (const projection of [runner.projection(target)]) {
        const started = Date.now();
        const events = await runner.rebuild(projection);
        console.log(`rebuilt ${projection.name}: ${events} events in ${Date.now() - started} ms`);
      }
      return 0;
    } finally {
      await services.close();
    }
  }
  if (group === 'create-admin') {
    const { values } = parseArgs({
      args: process.argv.slice(3),
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
    if (!values.email || !values.password) {
      console.error(usage);
      return 2;
    }
    if (values.password.length < 8) {
      console.error('The password must be at least 8 characters long.');
      return 2;
    }
    const services = await composeForCli();
    try {
      await services.runner.catchUpAll();
      const { created } = await services.identity.ensureAdmin(values.email, values.password, {
        actor: null,
        requestId: 'cli',
      });
      await services.runner.catchUpAll();
      console.log(created ? `Created admin ${values.email}` : `${values.email} is now an admin with the given password`);
      return 0;
    } finally {
      await services.close();
    }
  }
  if (group === 'finance' && action === 'reconcile') return financeReconcile(process.argv.slice(4));
  console.error(usage);
  return 2;
}

/** The services, logging to stderr: stdout is the command's own output. */
function composeForCli() {
  const config = configOrExit();
  return compose(config, { logger: createLogger(config.LOG_LEVEL, process.stderr) });
}

/** The one-shot migration step of a deployment (the compose file's `migrate` service). */
async function migrate(): Promise<number> {
  const config = configOrExit();
  const logger = createLogger(config.LOG_LEVEL, process.stderr);
  const database = await openDatabase(config, logger);
  try {
    const applied = await migrateToLatest(database.db, product.readModels);
    console.log(applied.length === 0 ? 'migrations: up to date' : `migrations: applied ${applied.length}: ${applied.join(' ')}`);
    return 0;
  } finally {
    await database.close();
  }
}

/** A `YYYY-MM-DD` that is a real day, or the reason it is not. */
function dayProblem(option: string, value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== value) return `${option} must be a date as YYYY-MM-DD (got "${value}").`;
  return undefined;
}

async function financeReconcile(args: string[]): Promise<number> {
  let values: { from?: string; to?: string; json?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const problem = (values.from && dayProblem('--from', values.from)) || (values.to && dayProblem('--to', values.to));
  if (problem) {
    console.error(problem);
    return 2;
  }
  if (values.from && values.to && values.from > values.to) {
    console.error(`--from (${values.from}) must not be after --to (${values.to}).`);
    return 2;
  }
  const range: ReconcileRange = { from: values.from, to: values.to };
  const config = configOrExit();
  // Logs go to stderr: stdout is the report (one JSON document with --json).
  const services = await compose(config, { logger: createLogger(config.LOG_LEVEL, process.stderr) });
  try {
    // A read model that merely lags is not a discrepancy: bring them up to date first.
    await services.runner.catchUpAll();
    const gateway = services.paymentGateway;
    const report = await runReconcile({ eventStore: services.eventStore, db: services.database.db, gateway }, range);
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return report.discrepancies.length === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof ReconcileUnavailable)) throw error;
    console.error(`Cannot reconcile: ${error.message}`);
    return 3;
  } finally {
    await services.close();
  }
}

/**
 * The billing context's gateway, wherever it is composed (`services.paymentGateway` or
 * `services.billing.gateway`); undefined while no gateway is composed.
 */
function formatReport(report: ReconcileReport): string {
  const lines: string[] = [];
  const { from, to } = report.range;
  const created = from && to ? `created ${from} to ${to}` : from ? `created on or after ${from}` : to ? `created on or before ${to}` : 'of every month';
  lines.push(`Payments ${created}, replayed from the event store.`);
  if (report.months.length === 0) lines.push('No payments.');
  else {
    const header = ['Month', 'Mode', 'Currency', 'Payments', 'Gross', 'Failed'];
    const rows = report.months.map((m) => [m.month, m.mode, m.currency.toUpperCase(), String(m.payments), m.gross, String(m.failed)]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const right = new Set([3, 4, 5]);
    const line = (cells: string[]) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
    lines.push(line(header), ...rows.map(line));
  }
  lines.push(report.provider ? `Compared with the provider's paid invoices (${report.provider.mode}).` : 'Not compared with the provider (no Stripe keys).');
  if (report.discrepancies.length === 0) lines.push('No discrepancies.');
  else {
    lines.push(`${report.discrepancies.length} ${report.discrepancies.length === 1 ? 'discrepancy' : 'discrepancies'}:`);
    for (const d of report.discrepancies) lines.push(`${d.kind}: ${d.message}`);
  }
  return lines.join('\n');
}

process.exit(await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
}));
