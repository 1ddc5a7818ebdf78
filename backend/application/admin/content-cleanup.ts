import { ideaSetDecider, ideaSetStreams } from '../../domain/ideas/idea-set';
import { accountToReset, userDecider, userStreams } from '../../domain/identity/user';
import { planDecider, planStream } from '../../domain/plans/plan';
import { laterPosition, type AllPosition, type EventStore } from '../ports/event-store';
import type { ProjectionProgress } from '../ports/projection-progress';
import type { Clock, IdGenerator } from '../ports/system';
import { foldStream, handleCommand } from '../event-sourcing/command-handler';
import { commandContext, type CommandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { hasCredits, type CreditsService } from '../credits/credits-service';
import type { UserActor } from '../../domain/shared/actor';

/** One member's idea set or plan, as a page of the read models lists it. */
export interface OwnedItem {
  id: string;
  ownerId: string;
}

/** A page of ids in ascending order after `after` (keyset), of one member when `ownerId` is given. */
export type OwnedPage = (page: { after: string | null; limit: number; ownerId?: string }) => Promise<OwnedItem[]>;

/** What the cleanup reads, answered by the idea-sets and plans read models. */
export interface ContentReads {
  ideaSets: OwnedPage;
  plans: OwnedPage;
}

export interface ContentCleanupDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  progress: ProjectionProgress;
  credits: Pick<CreditsService, 'refundPeriod'>;
  reads: ContentReads;
  /** Ids read per page (default 500): memory stays bounded whatever the number of sets and plans. */
  pageSize?: number;
}

export const RESET_REASON = 'Reset by an admin';
export const CLEANUP_REASON = 'Content cleanup by an admin';
/** Delete commands run at once within a page. */
const PARALLEL_DELETES = 8;
/** How long the cleanup waits for the read models to hold what is in the store before listing. */
const READ_MODELS_WAIT_MS = 10_000;

interface Deleted {
  deletedIdeas: number;
  deletedPlans: number;
  /** What was deleted, for an undo (issue 53). */
  ideaSetIds: string[];
  planIds: string[];
  /** The members who had something deleted. */
  owners: Set<string>;
  position: AllPosition | null;
}


/**
 * Deleting members' content as events (back-office §2 Members tab and Dashboard tab, §6):
 * `resetUser` deletes one member's idea sets and plans, gives back this period's credits and
 * records `UserDataReset` on their account; `cleanupAll` deletes every member's idea sets and
 * plans. Each set and plan gets its own `IdeaSetDeleted` / `PlanDeleted` naming the admin and the
 * reason; the streams stay (the member's history, erased with the account). The ids come from
 * the read models a page at a time, after they have caught up with the store.
 */
export function createContentCleanup(deps: ContentCleanupDeps) {
  const { eventStore, ids, clock, progress, credits, reads } = deps;
  const pageSize = deps.pageSize ?? 500;

  /** The read models hold every event stored before now (what there is to delete is listed). */
  async function readModelsCaughtUp() {
    const head = await eventStore.headPosition();
    if (head) await progress.waitFor(head, READ_MODELS_WAIT_MS);
  }

  /** Runs `remove` on every item of every page; answers the items whose delete wrote an event. */
  async function deleteAll(
    page: OwnedPage,
    ownerId: string | undefined,
    remove: (item: OwnedItem) => Promise<AllPosition | null>,
  ): Promise<{ removed: OwnedItem[]; position: AllPosition | null }> {
    const removed: OwnedItem[] = [];
    let position: AllPosition | null = null;
    let after: string | null = null;
    for (;;) {
      const items = await page({ after, limit: pageSize, ...(ownerId === undefined ? {} : { ownerId }) });
      for (let i = 0; i < items.length; i += PARALLEL_DELETES) {
        const chunk = items.slice(i, i + PARALLEL_DELETES);
        const positions = await Promise.all(chunk.map(remove));
        positions.forEach((at, j) => {
          if (at) removed.push(chunk[j]);
          position = laterPosition(position, at);
        });
      }
      if (items.length < pageSize) return { removed, position };
      after = items[items.length - 1].id;
    }
  }

  async function deleteContent(ownerId: string | undefined, reason: string, context: CommandContext): Promise<Deleted> {
    await readModelsCaughtUp();
    const store = { eventStore, ids };
    const ideaSets = await deleteAll(reads.ideaSets, ownerId, async ({ id }) => {
      const command = () => ({ type: 'DeleteIdeaSet' as const, data: { ideaSetId: id, reason } });
      return (await handleCommand(store, ideaSetDecider, ideaSetStreams.name(id), command, context)).position;
    });
    const plans = await deleteAll(reads.plans, ownerId, async ({ id }) => {
      const command = () => ({ type: 'DeletePlan' as const, data: { planId: id, reason } });
      return (await handleCommand(store, planDecider, planStream.name(id), command, context)).position;
    });
    return {
      deletedIdeas: ideaSets.removed.length,
      deletedPlans: plans.removed.length,
      ideaSetIds: ideaSets.removed.map((item) => item.id),
      planIds: plans.removed.map((item) => item.id),
      owners: new Set([...ideaSets.removed, ...plans.removed].map((item) => item.ownerId)),
      position: laterPosition(ideaSets.position, plans.position),
    };
  }

  return {
    /**
     * POST /api/admin/users/{id}/reset-data: the member's idea sets and plans deleted, this
     * period's credits given back (a member's ledger only; staff have none), and `UserDataReset`
     * recorded on their account. Refused before anything changes for the admin's own account
     * (own_data) and an unknown or deleted one (user_not_found).
     */
    async resetUser(admin: UserActor, userId: string, reason: string | undefined, origin: RequestOrigin) {
      const context = commandContext(clock, { ...origin, actor: admin }, 'admin-content');
      const account = accountToReset(foldStream(userDecider, await eventStore.readStream(userStreams.name(userId))), admin);
      const why = reason?.trim() || RESET_REASON;
      const deleted = await deleteContent(userId, why, context);
      let position = deleted.position;
      if (hasCredits(account.role)) {
        position = laterPosition(position, (await credits.refundPeriod({ userId, role: account.role }, why, { ...origin, actor: admin })).position);
      }
      const recorded = await handleCommand(
        { eventStore, ids },
        userDecider,
        userStreams.name(userId),
        () => ({ type: 'RecordDataReset' as const, data: { reason: why, deletedIdeas: deleted.deletedIdeas, deletedPlans: deleted.deletedPlans } }),
        context,
      );
      return {
        deletedIdeas: deleted.deletedIdeas,
        deletedPlans: deleted.deletedPlans,
        ideaSetIds: deleted.ideaSetIds,
        planIds: deleted.planIds,
        position: laterPosition(position, recorded.position),
      };
    },

    /** POST /api/admin/cleanup-user-content: every member's idea sets and plans deleted; a second run deletes nothing. */
    async cleanupAll(admin: UserActor, origin: RequestOrigin) {
      const context = commandContext(clock, { ...origin, actor: admin }, 'admin-content');
      const deleted = await deleteContent(undefined, CLEANUP_REASON, context);
      return {
        deletedIdeas: deleted.deletedIdeas,
        deletedPlans: deleted.deletedPlans,
        updatedUsers: deleted.owners.size,
        ideaSetIds: deleted.ideaSetIds,
        planIds: deleted.planIds,
        position: deleted.position,
      };
    },

    /**
     * The undo of a reset or a cleanup (issue 53): each deleted idea set and plan restored as it
     * was, by `IdeaSetRestored` / `PlanRestored` naming the admin. A set or plan whose stream is
     * gone (its member's account was erased) stays gone; one already back writes nothing.
     * `userId`: the member of a reset, whose account records `UserDataRestored`.
     */
    async restore(admin: UserActor, content: { ideaSetIds: string[]; planIds: string[]; userId?: string }, reason: string, origin: RequestOrigin) {
      const context = commandContext(clock, { ...origin, actor: admin }, 'admin-content');
      const store = { eventStore, ids };
      /** Restores one stream's set or plan with the time of its creation; null when its stream is gone. */
      async function restoreOne(stream: string, restore: (createdAt: string) => Promise<AllPosition | null>) {
        const [first] = await eventStore.readStream(stream);
        return first ? restore(first.occurredAt.toISOString()) : null;
      }
      /** Restores each id's set or plan, a few at a time; answers how many came back and where the last landed. */
      async function restoreAll(
        all: string[],
        streamOf: (id: string) => string,
        restore: (id: string, createdAt: string) => Promise<AllPosition | null>,
      ) {
        let restored = 0;
        let last: AllPosition | null = null;
        for (let i = 0; i < all.length; i += PARALLEL_DELETES) {
          const positions = await Promise.all(all.slice(i, i + PARALLEL_DELETES).map((id) => restoreOne(streamOf(id), (createdAt) => restore(id, createdAt))));
          restored += positions.filter(Boolean).length;
          last = positions.reduce(laterPosition, last);
        }
        return { restored, last };
      }
      const sets = await restoreAll(content.ideaSetIds, ideaSetStreams.name, async (ideaSetId, createdAt) => {
        const command = () => ({ type: 'RestoreIdeaSet' as const, data: { ideaSetId, reason, createdAt } });
        return (await handleCommand(store, ideaSetDecider, ideaSetStreams.name(ideaSetId), command, context)).position;
      });
      const plans = await restoreAll(content.planIds, planStream.name, async (planId, createdAt) => {
        const command = () => ({ type: 'RestorePlan' as const, data: { planId, reason, createdAt } });
        return (await handleCommand(store, planDecider, planStream.name(planId), command, context)).position;
      });
      const restoredIdeas = sets.restored;
      const restoredPlans = plans.restored;
      let position = laterPosition(sets.last, plans.last);
      if (content.userId !== undefined) {
        const recorded = await handleCommand(
          store,
          userDecider,
          userStreams.name(content.userId),
          () => ({ type: 'RecordDataRestored' as const, data: { reason, restoredIdeas, restoredPlans } }),
          context,
        );
        position = laterPosition(position, recorded.position);
      }
      return { restoredIdeas, restoredPlans, position };
    },
  };
}

export type ContentCleanup = ReturnType<typeof createContentCleanup>;
