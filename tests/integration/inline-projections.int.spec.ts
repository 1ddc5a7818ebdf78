import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlanDto } from '../../backend/application/contracts/plans';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import { planDecider, planStream, type ExistingPlan } from '../../backend/domain/plans/plan';
import { userStreams } from '../../backend/domain/identity/user';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../../backend/application/ports/event-store';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { findPlanOf } from '../../backend/projections/plans/plans-projection';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { inlineProjector, ReadModelsBehind } from '../../backend/projections/runner/inline-projections';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import type { Projection } from '../../backend/projections/runner/projection';
import { testAppendContext as ctx } from '../support/append-context';
import { countedApplications, countingProjection, createCountingTable } from '../support/counting-projection';
import { createTestDatabase, usingServer, type TestDatabase } from '../support/database';
import { Client, newMember, startSecondInstance, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 49: the read models a member reads right after their own write are applied in the
 * append's own transaction (`inline`), so a write answers with no wait on a poller, and the
 * runner, a rebuild and the append never apply an event twice.
 */

const quiet = { info() {}, error() {} };
const counted = (type = 'Counted') => ({ id: randomUUID(), type, schemaVersion: 1, data: {} });

describe('the event store applies inline projections in the append’s transaction', () => {
  let database: TestDatabase;
  let db: Kysely<any>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await createCountingTable(db);
    await sql`create table if not exists refused_marks (event_id text primary key)`.execute(db);
  });
  afterAll(async () => database.drop());

  /** Marks each event it sees; refuses (throws) on 'Refused' after writing its mark. */
  const refusing: Projection = {
    name: 'refusing',
    handles: ['Counted', 'Refused'],
    tables: ['refused_marks'],
    memberFacing: true,
    inline: true,
    async apply(trx, event) {
      await sql`insert into refused_marks (event_id) values (${event.eventId}) on conflict do nothing`.execute(trx);
      if (event.type === 'Refused') throw new Error('this projection refuses the event');
    },
  };

  it('a projection that throws leaves no event, no row of any inline projection and no stream', async () => {
    const counting = { ...countingProjection(), inline: true as const };
    const store = new PostgresEventStore(database.handle, { projector: inlineProjector([counting, refusing], new ReadModelsBehind()) });
    const stream = `inline-${randomUUID()}`;
    const first = counted();
    await store.append(stream, [first], { ...ctx, expectedVersion: 'no_stream' });
    expect((await countedApplications(db)).get(first.id)).toBe(1);

    const accepted = counted();
    const refused = counted('Refused');
    await expect(store.append(stream, [accepted, refused], { ...ctx, expectedVersion: 0 })).rejects.toThrow('refuses the event');

    expect((await store.readStream(stream)).map((e) => e.eventId)).toEqual([first.id]);
    expect((await countedApplications(db)).has(accepted.id)).toBe(false);
    const marks = await sql<{ event_id: string }>`select event_id from refused_marks where event_id = any(${[accepted.id, refused.id]}::text[])`.execute(db);
    expect(marks.rows).toEqual([]);
    // The stream is where it was: the next append at version 0 goes in, inline.
    const next = counted();
    await store.append(stream, [next], { ...ctx, expectedVersion: 0 });
    expect((await countedApplications(db)).get(next.id)).toBe(1);
  });

  it('every event reaches an inline projection once, whether the append or the runner applies it, with 16 writers and the runner at once', async () => {
    const counting = { ...countingProjection(), inline: true as const };
    const store = new PostgresEventStore(database.handle, { projector: inlineProjector([counting], new ReadModelsBehind()) });
    // A store without the projector stands for appends the inline path could not apply: the runner does.
    const plain = new PostgresEventStore(database.handle);
    const runner = new ProjectionRunner(db, store, [counting], quiet, { batchSize: 25, idlePollMs: 5 });
    await runner.start();
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        const stream = `inline-${randomUUID()}`;
        for (let version = 0; version < 12; version++) {
          const event = counted();
          ids.push(event.id);
          // Every fourth append skips the inline path; the appends after it find the stream behind and leave it to the runner too.
          await (version % 4 === 3 && writer % 2 === 0 ? plain : store).append(stream, [event], { ...ctx, expectedVersion: version === 0 ? 'no_stream' : version - 1 });
        }
      }),
    );
    await expect
      .poll(async () => {
        await runner.catchUpAll();
        const applications = await countedApplications(db);
        return ids.filter((id) => applications.has(id)).length;
      }, { timeout: 10_000 })
      .toBe(ids.length);
    await runner.stop();
    const applications = await countedApplications(db);
    expect(ids.map((id) => applications.get(id))).toEqual(ids.map(() => 1));
  }, 60_000);
});

describe('an append carries the rows it works out ahead in its own statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  /** A store of its own (one process's view) over the test database, counting the statements it sends and keeping each as sent (its SQL and parameters). */
  function processStore() {
    const sent = { statements: 0, texts: [] as string[] };
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        sent.statements++;
        sent.texts.push(JSON.stringify(args.node));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const handle = { ...database.handle, db: database.handle.db.withPlugin(counting) };
    const behind = new ReadModelsBehind();
    const store = new PostgresEventStore(handle, { projector: inlineProjector(product.projections, behind), notify: false });
    return { store, sent, behind };
  }

  const text = 'Write it down, then do it. '.repeat(8);
  function newPlan() {
    const planId = randomUUID();
    const milestoneId = randomUUID();
    const tasks = [randomUUID(), randomUUID(), randomUUID()];
    const created = {
      id: randomUUID(),
      type: 'PlanCreated',
      schemaVersion: 1,
      data: {
        planId,
        ownerId: randomUUID(),
        ideaId: 'idea-1',
        title: 'Pet portraits',
        description: text,
        category: 'fiverr',
        timeEstimate: '4 weeks',
        firstMilestone: {
          milestoneId,
          title: 'Set up',
          description: text,
          timeEstimate: '1 week',
          freeResources: [],
          paidResources: [],
          successCriteria: 'Ready',
          tasks: tasks.map((taskId) => ({ taskId, title: 'A task', description: text })),
        },
        outlines: [{ milestoneId: randomUUID(), title: 'Later', description: text, timeEstimate: '1 week' }],
      },
    };
    const tick = (taskId: string, type = 'TaskCompleted') => ({ id: randomUUID(), type, schemaVersion: 1, data: { planId, milestoneId, taskId } });
    return { planId, stream: planStream.name(planId), created, tasks, tick };
  }
  const at = (expectedVersion: number | 'no_stream') => ({ ...ctx, expectedVersion });

  /** The plan's row, task rows and status row as stored, and the plan as its events fold. */
  async function stored(store: PostgresEventStore, planId: string) {
    const db = database.handle.db;
    const row = await findPlanOf(db, (await db.selectFrom('plans').select('owner_id').where('id', '=', planId).executeTakeFirstOrThrow()).owner_id, planId);
    const folded = foldStream(planDecider, await store.readStream(planStream.name(planId))) as ExistingPlan;
    const tasks = (await db.selectFrom('plan_tasks').select('task_id').where('plan_id', '=', planId).orderBy('task_id').execute()).map((r) => r.task_id);
    const status = await db.selectFrom('user_plan_statuses').select('active').where('plan_id', '=', planId).executeTakeFirst();
    return { row, expected: toPlanDto(folded, row!.createdAt), tasks, status };
  }

  /** How far each inline projection has seen the stream. */
  const seenVersions = async (stream: string) =>
    (await sql<{ projection: string; version: number }>`
      select projection, version from projection_stream_versions where stream_name = ${stream} order by projection`.execute(database.handle.db)).rows;

  it('a toggle of a plan this process wrote is one statement, and leaves the rows a rebuild would', async () => {
    const { store, sent } = processStore();
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));

    sent.statements = 0;
    await store.append(plan.stream, [plan.tick(plan.tasks[0])], at(0));
    expect(sent.statements).toBe(1);
    const added = { id: randomUUID(), type: 'TaskAdded', schemaVersion: 1, data: { planId: plan.planId, milestoneId: plan.created.data.firstMilestone.milestoneId, task: { taskId: randomUUID(), title: 'Extra', description: '' } } };
    await store.append(plan.stream, [added], at(1));
    await store.append(plan.stream, [plan.tick(plan.tasks[0], 'TaskReopened')], at(2));
    expect(sent.statements).toBe(3);

    const { row, expected, tasks, status } = await stored(store, plan.planId);
    expect(row).toEqual(expected);
    expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['false', 'false', 'false', 'false']);
    expect(tasks).toEqual([...plan.tasks, added.data.task.taskId].sort());
    expect(status).toEqual({ active: true });
    const seen = await seenVersions(plan.stream);
    // Every inline projection with a row for the stream has seen it all (those that follow none of these events too).
    expect(seen).toEqual([
      { projection: 'erasure', version: 3 },
      { projection: 'plans', version: 3 },
      { projection: 'users', version: 3 },
    ]);
  });

  it('a tick updates the plan’s completed tasks and status beside its shape, and sends none of the shape', async () => {
    const { store, sent } = processStore();
    const statements = sent.texts;
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const shapeBefore = (await sql<{ plan: unknown }>`select plan from plans where id = ${plan.planId}`.execute(database.handle.db)).rows[0].plan;

    statements.length = 0;
    await store.append(plan.stream, [plan.tick(plan.tasks[0])], at(0));
    await store.append(plan.stream, [plan.tick(plan.tasks[1])], at(1));
    await store.append(plan.stream, [plan.tick(plan.tasks[0], 'TaskReopened')], at(2));
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      expect(statement).toContain('append_events_with_rows');
      // The shape's texts (the plan's, its milestones' and tasks' descriptions) stay in the database.
      expect(statement).not.toContain('Write it down');
    }
    const ticked = (await sql<{ plan: unknown; completed_task_ids: string[] }>`
      select plan, completed_task_ids from plans where id = ${plan.planId}`.execute(database.handle.db)).rows[0];
    expect(ticked).toEqual({ plan: shapeBefore, completed_task_ids: [plan.tasks[1]] });
    // The plan completed (its owner's count moves, so that append takes its transaction).
    await store.append(plan.stream, [plan.tick(plan.tasks[0]), plan.tick(plan.tasks[2]), { id: randomUUID(), type: 'PlanCompleted', schemaVersion: 1, data: { planId: plan.planId } }], at(3));

    const row = (await sql<{ plan: ExistingPlan; status: string; completed_task_ids: string[] }>`
      select plan, status, completed_task_ids from plans where id = ${plan.planId}`.execute(database.handle.db)).rows[0];
    expect(row.plan).toEqual(shapeBefore);
    expect(row.plan.status).toBe('active');
    expect(row.plan.milestones.flatMap((m) => (m.isDetailed ? m.tasks.map((t) => t.completed) : []))).toEqual([false, false, false]);
    expect(row.status).toBe('completed');
    expect([...row.completed_task_ids].sort()).toEqual([...plan.tasks].sort());
    const { row: shown, expected } = await stored(store, plan.planId);
    expect(shown).toEqual(expected);
    expect(shown!.status).toBe('completed');
  });

  it.runIf(usingServer())('a tick finds the plan’s row on its key: no sequential scan of plans, however few or many rows it holds (server)', async () => {
    const counts = async () =>
      (await sql<{ seq: number; idx: number }>`
        select seq_scan::int as seq, coalesce(idx_scan, 0)::int as idx from pg_stat_user_tables where relname = 'plans'`.execute(database.handle.db)).rows[0];
    // A process of its own, closed once it has ticked: its connections' statistics are flushed as they end.
    const handle = await openServerDatabase(database.url!, { max: 1 });
    const store = new PostgresEventStore(handle, { projector: inlineProjector(product.projections, new ReadModelsBehind()), notify: false });
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const before = await counts();
    const ticks = 8;
    for (let version = 0; version < ticks; version++) {
      await store.append(plan.stream, [plan.tick(plan.tasks[0], version % 2 === 0 ? 'TaskCompleted' : 'TaskReopened')], at(version));
    }
    await handle.close();
    let after = await counts();
    for (let waited = 0; after.idx - before.idx < ticks && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await counts();
    }
    expect(after.idx - before.idx).toBeGreaterThanOrEqual(ticks);
    expect(after.seq - before.seq).toBe(0);
  });

  it('a task added is a row of its own: the plan’s shape is neither sent nor rewritten, and the rows are the plan’s events’ fold', async () => {
    const { store, sent } = processStore();
    const statements = sent.texts;
    const plan = newPlan();
    const milestoneId = plan.created.data.firstMilestone.milestoneId;
    const added = (title: string) => ({ id: randomUUID(), type: 'TaskAdded', schemaVersion: 1, data: { planId: plan.planId, milestoneId, task: { taskId: randomUUID(), title, description: `${title}: “quoted”, \\ and ✓` } } });
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const shapeOfPlan = async () => (await sql<{ plan: ExistingPlan }>`select plan from plans where id = ${plan.planId}`.execute(database.handle.db)).rows[0].plan;
    const shapeBefore = await shapeOfPlan();

    statements.length = 0;
    const first = added('Extra one');
    const second = added('Extra two');
    await store.append(plan.stream, [first], at(0));
    await store.append(plan.stream, [plan.tick(plan.tasks[0])], at(1));
    await store.append(plan.stream, [second], at(2));
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      expect(statement).toContain('append_events_with_rows');
      // The shape's texts stay in the database; only the new task travels.
      expect(statement).not.toContain('Write it down');
    }
    expect(statements[0]).toContain('Extra one');

    const { tasks, ...shown } = await stored(store, plan.planId);
    let { row, expected } = shown;
    expect(row).toEqual(expected);
    expect(row!.milestones[0].tasks.map((t) => t.title)).toEqual(['A task', 'A task', 'A task', 'Extra one', 'Extra two']);
    expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(tasks).toEqual([...plan.tasks, first.data.task.taskId, second.data.task.taskId].sort());

    // Every task ticked completes the plan; a task added then reopens it.
    const ticks = [...plan.tasks.slice(1), first.data.task.taskId, second.data.task.taskId].map((taskId) => plan.tick(taskId));
    await store.append(plan.stream, [...ticks, { id: randomUUID(), type: 'PlanCompleted', schemaVersion: 1, data: { planId: plan.planId } }], at(3));
    await store.append(plan.stream, [added('After completion')], at(8));
    ({ row, expected } = await stored(store, plan.planId));
    expect(row).toEqual(expected);
    expect(row!.status).toBe('active');
    expect(row!.milestones[0].tasks).toHaveLength(6);
    // The stored shape is the one a rebuild writes, untouched by the additions: the milestone's
    // own tasks, open, the status 'active'. The added tasks are rows of their own, open, in order.
    expect(await shapeOfPlan()).toEqual(shapeBefore);
    const rows = await sql<{ task_id: string; milestone_id: string; position: number; task: { title: string; completed: boolean } }>`
      select task_id, milestone_id, position, task from plan_tasks where plan_id = ${plan.planId} and task is not null order by position`.execute(database.handle.db);
    expect(rows.rows.map((r) => [r.milestone_id, r.position, r.task.title, r.task.completed])).toEqual([
      [milestoneId, 3, 'Extra one', false],
      [milestoneId, 4, 'Extra two', false],
      [milestoneId, 5, 'After completion', false],
    ]);
    expect(rows.rows.slice(0, 2).map((r) => r.task_id)).toEqual([first.data.task.taskId, second.data.task.taskId]);
  });

  it('an update of a row that is not there makes nothing of the append stay (SQLSTATE SKY01)', async () => {
    const { store } = processStore();
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const eventId = randomUUID();
    const call = sql`
      select * from append_events_with_rows(${plan.stream}, 0, ${[eventId]}::text[],
        ${JSON.stringify([{ type: 'TaskCompleted', schemaVersion: 1, data: plan.tick(plan.tasks[0]).data }])}::jsonb,
        '{"kind":"system"}'::jsonb, 'cause', 'correlation', now(), '{plans}'::text[],
        ${JSON.stringify([{ table: 'plans', key: 'id', update: [{ id: randomUUID(), status: 'active' }] }])}::jsonb)`;
    await expect(call.execute(database.handle.db)).rejects.toMatchObject({ code: 'SKY01' });
    expect((await store.readStream(plan.stream)).map((e) => e.eventId)).not.toContain(eventId);
    expect((await sql<{ version: number }>`select version from projection_stream_versions where projection = 'plans' and stream_name = ${plan.stream}`.execute(database.handle.db)).rows).toEqual([{ version: 0 }]);
  });

  it('rows worked out from a version the projection is not at are refused whole: the append goes through its transaction instead', async () => {
    const { store, sent, behind } = processStore();
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    await store.append(plan.stream, [plan.tick(plan.tasks[0])], at(0));
    // The plans read model stands elsewhere than this process last saw (as after a rebuild another process ran).
    await sql`update projection_stream_versions set version = 0 where projection = 'plans' and stream_name = ${plan.stream}`.execute(database.handle.db);

    sent.statements = 0;
    const result = await store.append(plan.stream, [plan.tick(plan.tasks[1])], at(1));
    expect(sent.statements).toBeGreaterThan(1);
    // Appended once; the plan's row is not written from the rows worked out ahead: it is left to the runner, and the answer waits for it.
    expect((await store.readStream(plan.stream)).map((e) => e.type)).toEqual(['PlanCreated', 'TaskCompleted', 'TaskCompleted']);
    const { row } = await stored(store, plan.planId);
    expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'false', 'false']);
    expect(behind.noneUpTo(result.position)).toBe(false);
  });

  it('a tick at a version another writer took, or past the stream’s end, is refused as the wrong version and leaves nothing; the same tick again is already appended', async () => {
    const { store, sent } = processStore();
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const first = plan.tick(plan.tasks[0]);
    const appended = await store.append(plan.stream, [first], at(0));

    // Version 1 is taken: the one-statement append is refused (it raised), and the append's
    // transaction says why.
    await expect(store.append(plan.stream, [plan.tick(plan.tasks[1])], at(0))).rejects.toMatchObject({ expected: 0, actual: 1 });
    // Past the stream's end (a gap).
    await expect(store.append(plan.stream, [plan.tick(plan.tasks[1])], at(5))).rejects.toMatchObject({ expected: 5, actual: 1 });
    // The same event at the same place: answered as appended before, nothing written twice.
    expect(await store.append(plan.stream, [first], at(0))).toEqual(appended);

    const { row, expected } = await stored(store, plan.planId);
    expect(row).toEqual(expected);
    expect((await store.readStream(plan.stream)).map((e) => e.eventId)).toEqual([plan.created.id, first.id]);
    // And the next tick is one statement again.
    sent.statements = 0;
    await store.append(plan.stream, [plan.tick(plan.tasks[1])], at(1));
    expect(sent.statements).toBe(1);
    expect((await stored(store, plan.planId)).row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'true', 'false']);
  });

  it('two processes writing one plan in turn: each finds its rows stale and loads them, and the plan stays the fold of its events', async () => {
    const first = processStore();
    const second = processStore();
    const plan = newPlan();
    await first.store.append(plan.stream, [plan.created], at('no_stream'));
    let version = 0;
    const done = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { store } = i % 3 === 2 ? second : first;
      const taskId = plan.tasks[i % plan.tasks.length];
      const event = plan.tick(taskId, done.has(taskId) ? 'TaskReopened' : 'TaskCompleted');
      if (done.has(taskId)) done.delete(taskId);
      else done.add(taskId);
      version = (await store.append(plan.stream, [event], at(version))).streamVersion;
      const { row, expected } = await stored(store, plan.planId);
      expect(row).toEqual(expected);
    }
    expect(first.behind.noneUpTo({ commit: Number.MAX_SAFE_INTEGER, prepare: Number.MAX_SAFE_INTEGER })).toBe(true);
    expect(second.behind.noneUpTo({ commit: Number.MAX_SAFE_INTEGER, prepare: Number.MAX_SAFE_INTEGER })).toBe(true);
  });

  it('rows this process has not seen are read in one statement and the append carries them ahead: no transaction, and the rows are the fold of the events', async () => {
    const first = processStore();
    const plan = newPlan();
    await first.store.append(plan.stream, [plan.created], at('no_stream'));
    await first.store.append(plan.stream, [plan.tick(plan.tasks[0])], at(0));

    // A process that has seen nothing of the plan (a restart, another server): its first tick
    // reads the plan's row with the version the projection has seen, then appends with it.
    const second = processStore();
    await second.store.append(plan.stream, [plan.tick(plan.tasks[1])], at(1));
    expect(second.sent.statements).toBe(2);
    expect(second.sent.texts[0]).toContain('projection_stream_versions');
    expect(second.sent.texts[1]).toContain('append_events_with_rows');

    // A task added: the users projection follows it (a plan's active status), not the ticks
    // before it, so the first process knows the plan's row but not its status row: it reads
    // that one, and appends.
    const added = { id: randomUUID(), type: 'TaskAdded', schemaVersion: 1, data: { planId: plan.planId, milestoneId: plan.created.data.firstMilestone.milestoneId, task: { taskId: randomUUID(), title: 'Extra', description: '' } } };
    await first.store.append(plan.stream, [plan.tick(plan.tasks[2])], at(2));
    first.sent.statements = 0;
    first.sent.texts.length = 0;
    await first.store.append(plan.stream, [added], at(3));
    expect(first.sent.statements).toBe(2);
    expect(first.sent.texts[0]).toContain('user_plan_statuses');
    expect(first.sent.texts[1]).toContain('append_events_with_rows');

    const { row, expected, tasks, status } = await stored(first.store, plan.planId);
    expect(row).toEqual(expected);
    expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'true', 'true', 'false']);
    expect(tasks).toEqual([...plan.tasks, added.data.task.taskId].sort());
    expect(status).toEqual({ active: true });
    const seen = await seenVersions(plan.stream);
    expect(seen).toEqual([
      { projection: 'erasure', version: 4 },
      { projection: 'plans', version: 4 },
      { projection: 'users', version: 4 },
    ]);
  });

  it('rows read at a version the append is not at are not used: the append takes its transaction and leaves the fold of its events', async () => {
    const first = processStore();
    const second = processStore();
    const plan = newPlan();
    await first.store.append(plan.stream, [plan.created], at('no_stream'));
    // The second process reads the rows at version 0, but the first has moved the plan on.
    await first.store.append(plan.stream, [plan.tick(plan.tasks[0])], at(0));
    await expect(second.store.append(plan.stream, [plan.tick(plan.tasks[1])], at(0))).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await second.store.append(plan.stream, [plan.tick(plan.tasks[1])], at(1));
    const { row, expected } = await stored(second.store, plan.planId);
    expect(row).toEqual(expected);
    expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'true', 'false']);
  });

  const batches = (texts: string[]) => texts.filter((t) => t.includes('append_events_with_rows_batch')).length;

  it.runIf(usingServer())('ticks of many plans at once commit together: those that wait while two are in flight go in one statement, and each plan is the fold of its events (server)', async () => {
    const { store, sent } = processStore();
    const plans = Array.from({ length: 10 }, () => newPlan());
    for (const plan of plans) await store.append(plan.stream, [plan.created], at('no_stream'));

    sent.statements = 0;
    sent.texts.length = 0;
    const results = await Promise.all(plans.map((plan) => store.append(plan.stream, [plan.tick(plan.tasks[1])], at(0))));
    // Two go alone (the slots), the eight that waited for them go together.
    expect(sent.statements).toBe(3);
    expect(batches(sent.texts)).toBe(1);
    expect(results.map((r) => r.streamVersion)).toEqual(plans.map(() => 1));
    // The batch is one transaction: its appends share a commit, each has its own place in the global order.
    const batched = results.slice(2);
    expect(new Set(batched.map((r) => r.position.commit)).size).toBe(1);
    expect(new Set(results.map((r) => r.position.prepare)).size).toBe(10);
    for (const plan of plans) {
      const { row, expected } = await stored(store, plan.planId);
      expect(row).toEqual(expected);
      expect(row!.milestones[0].tasks.map((t) => t.completed)).toEqual(['false', 'true', 'false']);
    }

    // And the rows each append left are this process's view: the next tick of each is one statement alone.
    sent.statements = 0;
    for (const plan of plans) await store.append(plan.stream, [plan.tick(plan.tasks[2])], at(1));
    expect(sent.statements).toBe(plans.length);
  });

  it.runIf(usingServer())('an append its batch refuses leaves nothing and is answered as alone; the others of the batch stay (server)', async () => {
    const { store } = processStore();
    const plans = Array.from({ length: 6 }, () => newPlan());
    for (const plan of plans) await store.append(plan.stream, [plan.created], at('no_stream'));

    const ticks = plans.map((plan) => plan.tick(plan.tasks[0]));
    // The fourth reuses an event id another stream holds (raised in its batch: 23505), the fifth
    // expects a version its stream is not at (answered in its batch as the wrong version).
    const reused = { ...ticks[3], id: plans[0].created.id };
    const answers = await Promise.allSettled(
      plans.map((plan, i) => store.append(plan.stream, [i === 3 ? reused : ticks[i]], at(i === 4 ? 3 : 0))),
    );
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((answers[3] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    expect((answers[4] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);

    for (const [i, plan] of plans.entries()) {
      const refused = i === 3 || i === 4;
      expect((await store.readStream(plan.stream)).map((e) => e.eventId)).toEqual(refused ? [plan.created.id] : [plan.created.id, ticks[i].id]);
      const { row, expected } = await stored(store, plan.planId);
      expect(row).toEqual(expected);
      expect(row!.milestones[0].tasks[0].completed).toBe(refused ? 'false' : 'true');
    }
  });

  it.runIf(usingServer())('50 ticks at once on one plan: one per version goes in, the rest are told the version moved, and the plan is the fold of its events (server)', async () => {
    const { store } = processStore();
    const plan = newPlan();
    await store.append(plan.stream, [plan.created], at('no_stream'));
    const answers = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store.append(plan.stream, [plan.tick(plan.tasks[i % 3])], at(0))));
    const appended = answers.filter((a) => a.status === 'fulfilled');
    expect(appended).toHaveLength(1);
    for (const a of answers) if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream(plan.stream)).toHaveLength(2);
    const { row, expected } = await stored(store, plan.planId);
    expect(row).toEqual(expected);
  });
});

describe('member writes answer from the read models with no runner at all', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No runner in this process and no worker: nothing polls. Whatever a member reads back must have been applied by the append.
    t = await startTestApp({ PROJECTIONS_IN_PROCESS: 'false' });
  });
  afterAll(async () => t.close());

  const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };

  /** The rows of every inline projection's tables. */
  async function inlineTables() {
    const tables = product.projections.filter((p) => p.inline).flatMap((p) => p.tables).sort();
    const dump: Record<string, unknown[]> = {};
    for (const table of tables) dump[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(t.services.database.db)).rows;
    return dump;
  }

  it('sign-up, idea set, plan, toggles, a task, a ticket and its message: each answered without 202 and read back at once', async () => {
    const client = new Client(t.url);
    const member = newMember();
    const signup = await client.post('/api/auth/signup', member);
    expect(signup.status, signup.text).toBe(201);
    expect((await client.get('/api/auth/me')).body.email).toBe(member.email);

    const saved = await client.post('/api/idea-sets', { skill: 'Pet painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
    expect(saved.status, saved.text).toBe(201);
    expect((await client.get('/api/idea-sets')).body.map((set: { id: string }) => set.id)).toContain(saved.body.id);

    const generated = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id });
    expect(generated.status, generated.text).toBe(201);
    const planId = generated.body.planId as string;
    const plan = (await client.get(`/api/plans/${planId}`)).body;
    expect(plan.id).toBe(planId);
    expect((await client.get('/api/auth/me')).body.activePlans).toBe(1);
    const statement = (await client.get('/api/credits/statement')).body.entries as { kind?: string }[];
    expect(statement.length).toBeGreaterThan(0);

    const taskId = plan.milestones[0].tasks[0].id as string;
    const toggled = await client.request('PATCH', `/api/tasks/${taskId}/toggle`, {});
    expect(toggled.status, toggled.text).toBe(200);
    expect((await client.get(`/api/plans/${planId}`)).body.milestones[0].tasks[0].completed).toBe('true');

    const added = await client.post(`/api/plans/${planId}/milestones/${plan.milestones[0].id}/tasks`, { title: 'Ask a friend for a photo' });
    expect(added.status, added.text).toBe(201);
    const tasks = (await client.get(`/api/plans/${planId}`)).body.milestones[0].tasks as { id: string }[];
    expect(tasks.map((task) => task.id)).toContain(added.body.id);

    const ticket = await client.post('/api/support/tickets', { subject: 'Where is my plan?', message: 'I cannot find it.' });
    expect(ticket.status, ticket.text).toBe(201);
    expect((await client.get('/api/support/tickets')).body.map((row: { id: string }) => row.id)).toContain(ticket.body.id);
    const message = await client.post(`/api/support/tickets/${ticket.body.id}/messages`, { message: 'Found it, thanks.' });
    expect(message.status, message.text).toBe(201);
    const thread = (await client.get(`/api/support/tickets/${ticket.body.id}/messages`)).body as { message: string }[];
    expect(thread.map((m) => m.message)).toContain('Found it, thanks.');

    const profile = await client.request('PATCH', '/api/user/profile', { firstName: 'Augusta', lastName: 'King', email: member.email });
    expect(profile.status, profile.text).toBe(200);
    expect((await client.get('/api/auth/me')).body.firstName).toBe('Augusta');

    // The runner, catching up later over the same events, finds every one applied: no row changes.
    const before = await inlineTables();
    await t.services.runner.catchUpAll();
    expect(await inlineTables()).toEqual(before);
  }, 60_000);

  it('a new password ends the sessions another server keeps in its cache at the change’s own commit, with no runner anywhere', async () => {
    const other = await startSecondInstance(t, {});
    try {
      const member = newMember();
      const elsewhere = new Client(other.url);
      expect((await elsewhere.post('/api/auth/signup', member)).status).toBe(201);
      // The other server has the session in its cache now (a read resolved it).
      expect((await elsewhere.get('/api/auth/me')).status).toBe(200);

      const here = new Client(t.url);
      expect((await here.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
      const changed = await here.post('/api/user/change-password', { currentPassword: member.password, newPassword: 'a brand new secret' });
      expect(changed.status, changed.text).toBe(200);

      // The NOTIFY left with the append's commit; the other server drops the session on hearing it.
      const deadline = Date.now() + 2_000;
      let status = (await elsewhere.get('/api/auth/me')).status;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await elsewhere.get('/api/auth/me')).status;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  }, 30_000);

  it.runIf(usingServer())('50 toggles and additions at once on one plan (server): no 5xx, no 202, the plan shown is the fold of its events', async () => {
    const client = new Client(t.url);
    expect((await client.post('/api/auth/signup', newMember())).status).toBe(201);
    expect((await client.post('/api/idea-sets', { skill: 'Pet painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] })).status).toBe(201);
    const planId = (await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id })).body.planId as string;
    const plan = (await client.get(`/api/plans/${planId}`)).body;
    const tasks = plan.milestones[0].tasks as { id: string }[];

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? client.request('PATCH', `/api/tasks/${tasks[i % tasks.length].id}/toggle`, {})
          : client.post(`/api/plans/${planId}/milestones/${plan.milestones[0].id}/tasks`, { title: `Extra task ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status >= 500 || a.status === 202).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    // A refusal is a 409 that says why (a version race given up, or the milestone's task limit).
    for (const refused of answers.filter((a) => a.status >= 400)) expect(refused.status, refused.text).toBe(409);

    const events = await t.services.eventStore.readStream(planStream.name(planId));
    const shown = (await client.get(`/api/plans/${planId}`)).body;
    expect(shown).toEqual(toPlanDto(foldStream(planDecider, events) as ExistingPlan, shown.createdAt));
  }, 120_000);

  it('a stream an inline projection has not seen from its start (written before it ran inline) is left to the runner, and the answer says so', async () => {
    const client = new Client(t.url);
    const member = newMember();
    const signup = await client.post('/api/auth/signup', member);
    expect(signup.status).toBe(201);
    const userId = signup.body.user.id as string;
    // As a deploy finds an account written before: its checkpoints past it, no seen version.
    await t.services.runner.catchUpAll();
    await sql`delete from projection_stream_versions where stream_name = ${userStreams.name(userId)}`.execute(t.services.database.db);

    const left = await client.request('PATCH', '/api/user/profile', { firstName: 'Later', lastName: 'Lovelace', email: member.email });
    expect(left.status).toBe(202);
    expect(left.body.code).toBe('accepted_pending');
    const row = () => t.services.database.db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow();
    expect((await row()).first_name).toBe(member.firstName);

    // The runner applies it in order and records the stream as seen: the next write is inline again.
    await t.services.runner.catchUpAll();
    expect((await row()).first_name).toBe('Later');
    const next = await client.request('PATCH', '/api/user/profile', { firstName: 'Again', lastName: 'Lovelace', email: member.email });
    expect(next.status).toBe(200);
    expect((await row()).first_name).toBe('Again');
  }, 30_000);
});
