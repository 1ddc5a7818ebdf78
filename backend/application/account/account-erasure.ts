import { billingStream } from '../../domain/billing/billing-events';
import { billingEventCarriesPersonalData, billingEventWithoutPersonalData } from '../../domain/billing/billing-pseudonymisation';
import { creditAccountStreams } from '../../domain/credits/credit-account';
import { emailClaimDecider, emailClaimStreams, normaliseEmail } from '../../domain/identity/email-claim';
import { erasureBy, erasureDecider, erasureStreams } from '../../domain/identity/erasure';
import { UserNotFound, userDecider, userStreams } from '../../domain/identity/user';
import { keepAnEnabledAdmin } from '../../domain/identity/last-admin';
import { systemActor } from '../../domain/shared/actor';
import { foldStream, handleCommand } from '../event-sourcing/command-handler';
import { commandContext, metadataOf, type CommandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { periodicSweep } from '../event-sourcing/periodic-sweep';
import { emailDigest } from '../identity/email-claims';
import type { AllPosition, AppendContext, EventStore, EventToAppend, RecordedEvent } from '../ports/event-store';
import { contentTypeOfKey, type FileStore } from '../ports/file-store';
import type { ProjectionProgress } from '../ports/projection-progress';
import type { Clock, IdGenerator } from '../ports/system';
import type { AccountReads } from './account-reads';
import type { ErasedPerson, PersonalDataEraser } from './personal-data';

/** The only enabled admin left may not be deleted: nobody could run the product any more (`domain/identity/last-admin.ts`). */
export { LastAdmin } from '../../domain/identity/last-admin';

/** The sweep looks for late writes of accounts erased this long ago at most. */
export const ERASURE_SWEEP_WINDOW_MS = 60 * 60_000;
/** The system actor of the sweep's passes. */
export const ERASURE_SWEEP = 'erasure-sweep';
/** How long erasure waits for the read models (to list the streams, and before it answers). */
const READ_MODELS_WAIT_MS = 10_000;
/** Where the file store's files are served: `/api/files/<key>`. */
const FILES_PATH = '/api/files/';

export interface AccountErasureDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  progress: ProjectionProgress;
  files: FileStore;
  reads: AccountReads;
  /** Billing's first step: the member's customers deleted at the payment provider (throws when it fails). */
  billing: { deleteCustomers(userId: string): Promise<number> };
  /** Every plain table's eraser (`personal-data.ts`). */
  erasers: readonly PersonalDataEraser[];
  /** How often the sweep of late writes looks (default 60 s). */
  sweepIntervalMs?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface ErasureOutcome {
  streamsErased: number;
  /** Where `MemberErased` landed. */
  position: AllPosition | null;
}

/** Every address the account ever used: any `email` its events carried (registration, each profile change). */
function emailsOf(userEvents: RecordedEvent[]): string[] {
  const emails = userEvents.map((event) => event.data.email).filter((email): email is string => typeof email === 'string');
  return [...new Set(emails.map(normaliseEmail))];
}

/** The file-store keys of every picture the account ever had (`/api/files/<key>`, as a path or a whole URL). */
function pictureKeysOf(userEvents: RecordedEvent[]): string[] {
  const keys = userEvents
    .map((event) => event.data.profilePicture)
    .filter((picture): picture is string => typeof picture === 'string' && picture !== '')
    .map((picture) => {
      const path = URL.canParse(picture) ? new URL(picture).pathname : picture;
      return path.startsWith(FILES_PATH) ? decodeURIComponent(path.slice(FILES_PATH.length)) : null;
    })
    .filter((key): key is string => key !== null && contentTypeOfKey(key) !== null);
  return [...new Set(keys)];
}

/**
 * Account deletion with verified erasure (design §3.5, issue 31; member-product §4, back-office §2
 * "Delete user dialog"). `erase(userId, origin)` is the one way an account goes, for the member
 * (`DELETE /api/user/account`) and for an admin alike; the origin's actor is who asked:
 *
 * a. the member's customers are deleted at the payment provider (their subscriptions end there
 *    at once); if the provider fails, nothing is erased and the caller is told (502);
 * b. `DeleteUser` on the account: its sessions end;
 * c. once the read models include that, every stream of the person is listed: account, ledger,
 *    idea sets, plans, tickets (the erasure read model), and the claim stream of every address
 *    the account used that is free or still theirs;
 * d. each is deleted from the event store (`ai-call-` streams stay: no personal data, and the
 *    AI cost figures stay true); the billing stream is not deleted but written again without
 *    the person in it (`billing-pseudonymisation.ts`): the books keep every payment (amounts,
 *    currency, dates, provider ids), so past revenue and `finance reconcile` do not change;
 * e. `MemberErased` is recorded on `erasure-{userId}`, without personal data, naming who asked;
 * f. every projection removes the member's rows when it reaches that event (`Projection.erase`);
 * g. every plain table's eraser runs, and every profile picture the account had is deleted.
 *
 * A generation still in flight may write a plan or an idea set after d; the sweep repeats c–g
 * (a later `MemberErased` by the system) for every account erased in the last hour that owns a
 * stream again.
 */
export function createAccountErasure(deps: AccountErasureDeps) {
  const { eventStore, ids, clock, progress, files, reads, billing, erasers } = deps;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  /** Deletes the streams of an existing account's person (c, d); answers how many there were. */
  async function deleteStreams(userId: string, emails: readonly string[]): Promise<number> {
    const candidates = new Set([userStreams.name(userId), creditAccountStreams.name(userId), ...(await reads.streamsOf(userId))]);
    // The books: pseudonymised, never deleted.
    candidates.delete(billingStream.name(userId));
    let erased = (await pseudonymiseBilling(userId)) ? 1 : 0;
    for (const stream of candidates) {
      if ((await eventStore.readStream(stream)).length === 0) continue;
      await eventStore.deleteStream(stream);
      erased += 1;
    }
    for (const email of emails) {
      const stream = emailClaimStreams.name(emailDigest(email));
      const claim = await eventStore.readStream(stream);
      if (claim.length === 0) continue;
      // An address someone else holds now is theirs: its stream names this account only by id.
      const state = foldStream(emailClaimDecider, claim);
      if (state.status === 'claimed' && state.userId !== userId) continue;
      await eventStore.deleteStream(stream);
      erased += 1;
    }
    return erased;
  }

  /**
   * Writes the member's billing stream again without the person in it, when any event of it
   * names them; answers whether it did. Each original append is appended again as it was (its
   * time, actor, causation and correlation), so a replay places every payment and failure where
   * it was. The events get new ids and positions: events are never changed in place (design §3.6).
   * Between the deletion and the appends nothing else may write the stream: its account is
   * deleted, and a provider event for it is no longer routed to it (its billing account row is
   * erased with the rest), so a late webhook finds no member.
   */
  async function pseudonymiseBilling(userId: string): Promise<boolean> {
    const stream = billingStream.name(userId);
    const history = await eventStore.readStream(stream);
    if (!history.some(billingEventCarriesPersonalData)) return false;
    const appends: { context: AppendContext; events: EventToAppend[] }[] = [];
    for (const event of history) {
      const copy = { id: ids.next(), type: event.type, schemaVersion: event.schemaVersion, data: billingEventWithoutPersonalData(event) };
      const last = appends.at(-1);
      if (last && last.context.causationId === event.causationId && last.context.occurredAt.getTime() === event.occurredAt.getTime()) {
        last.events.push(copy);
      } else {
        const { actor, occurredAt, causationId, correlationId } = event;
        appends.push({ context: { expectedVersion: 'any', actor, occurredAt, causationId, correlationId }, events: [copy] });
      }
    }
    await eventStore.deleteStream(stream);
    for (const { context, events } of appends) await eventStore.append(stream, events, context);
    return true;
  }

  /** Runs every plain table's eraser and deletes the pictures (g); one failing does not stop the others. */
  async function eraseRows(person: ErasedPerson, pictureKeys: readonly string[]): Promise<void> {
    const failures: unknown[] = [];
    for (const eraser of erasers) {
      await eraser.erase(person).catch((error: unknown) => failures.push(error));
    }
    for (const key of pictureKeys) await files.delete(key).catch((error: unknown) => failures.push(error));
    if (failures.length) {
      log.error({ err: failures[0], userId: person.userId, failures: failures.length }, 'erasing a member\'s rows failed');
      throw failures[0];
    }
  }

  /** Deletes the streams, records the pass, erases the rows, and waits for the read models to drop theirs (c–g). */
  async function erasePass(userId: string, userEvents: RecordedEvent[], context: CommandContext): Promise<ErasureOutcome> {
    const emails = emailsOf(userEvents);
    const streamsErased = await deleteStreams(userId, emails);
    const recorded = await handleCommand(
      { eventStore, ids },
      erasureDecider,
      erasureStreams.name(userId),
      () => ({ type: 'RecordErasure' as const, data: { userId, streamsErased } }),
      context,
    );
    await eraseRows({ userId, emails }, pictureKeysOf(userEvents));
    if (recorded.position) await progress.waitFor(recorded.position, READ_MODELS_WAIT_MS);
    log.info({ userId, streamsErased, by: recorded.state.status === 'erased' ? recorded.state.by : null }, 'erased an account');
    return { streamsErased, position: recorded.position };
  }

  async function erase(userId: string, origin: RequestOrigin): Promise<ErasureOutcome> {
    const context = commandContext(clock, origin, 'erasure');
    const userEvents = await eventStore.readStream(userStreams.name(userId));
    const account = foldStream(userDecider, userEvents);
    if (account.status === 'unregistered') throw UserNotFound();
    // Who may: asked of the deciders before anything irreversible (they are pure: nothing is written).
    erasureBy(context.actor, userId, foldStream(erasureDecider, await eventStore.readStream(erasureStreams.name(userId))));
    if (account.status !== 'deleted') {
      userDecider.decide({ type: 'DeleteUser', data: {}, metadata: metadataOf(context) }, account);
      const self = context.actor.kind === 'user' && context.actor.userId === userId;
      keepAnEnabledAdmin({ role: account.role, disabled: account.status === 'disabled' }, { loss: 'delete' }, await reads.otherAdmins(userId), { self });
      await billing.deleteCustomers(userId);
      const deleted = await handleCommand({ eventStore, ids }, userDecider, userStreams.name(userId), () => ({ type: 'DeleteUser' as const, data: {} }), context);
      // Every stream written before the deletion is then in the read models.
      if (deleted.position) await progress.waitFor(deleted.position, READ_MODELS_WAIT_MS);
    }
    // A deleted account whose erasure stopped half-way (the process died) is finished here.
    return erasePass(userId, userEvents, context);
  }

  /** Erases what was written for accounts erased in the last hour after their erasure; answers how many passes ran. */
  async function sweep(): Promise<number> {
    const since = new Date(clock.now().getTime() - ERASURE_SWEEP_WINDOW_MS);
    let passes = 0;
    for (const userId of await reads.erasedOwningStreams(since)) {
      try {
        const context = commandContext(clock, { actor: systemActor(ERASURE_SWEEP), requestId: `erasure-sweep-${userId}` }, ERASURE_SWEEP);
        await erasePass(userId, await eventStore.readStream(userStreams.name(userId)), context);
        passes += 1;
      } catch (error) {
        log.error({ err: error, userId }, 'erasing late writes failed; the next sweep tries again');
      }
    }
    return passes;
  }

  return {
    erase,
    /** The sweep of late writes, and its timer (started where the projections run, stopped in `compose()`'s close). */
    sweeper: { sweep, ...periodicSweep(sweep, { intervalMs: deps.sweepIntervalMs ?? 60_000, name: 'erasure', log }) },
  };
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
