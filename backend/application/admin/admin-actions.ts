import {
  actionToUndo,
  adminActionDecider,
  adminActionStream,
  undoableUntil,
  type AdminActionDetails,
  type AdminActionFacts,
  type AdminActionState,
  type BlogPostSnapshot,
  type FaqSnapshot,
  type PlatformSnapshot,
  type TakenAdminAction,
  UNDO_REASON,
} from '../../domain/admin-actions/admin-action';
import type { Role, UserActor } from '../../domain/shared/actor';
import { DomainError, assertNever } from '../../domain/shared/domain-error';
import { RECENT_ADMIN_ACTIONS, type AdminActionDto } from '../contracts/admin-actions';
import type { AdminUserDto } from '../contracts/admin-members';
import { foldStream, handleCommand } from '../event-sourcing/command-handler';
import { commandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { laterPosition, type AllPosition, type EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';
import type { ContentCleanup } from './content-cleanup';
import type { MembersService } from './members-service';

/** The member an action concerned has been erased since: a deleted account is never restored. */
export const MemberErased = () => new DomainError('admin_action_member_erased', 'conflict');
/** The account moved on since the action (its role changed again, it was enabled): undoing would undo the later change. */
export const ActionSuperseded = () => new DomainError('admin_action_superseded', 'conflict');

/** One row of the recent actions, as the read model keeps it (`projections/admin-actions`). */
export interface AdminActionRecord {
  id: string;
  kind: AdminActionDetails['kind'];
  adminId: string | null;
  targetUserId: string | null;
  details: AdminActionFacts;
  takenAt: Date;
  undoneAt: Date | null;
  undoneBy: string | null;
}

/** What the actions read: the recent list, one action, people's names, whether an account is still there. */
export interface AdminActionReads {
  recent(limit: number): Promise<AdminActionRecord[]>;
  one(id: string): Promise<AdminActionRecord | undefined>;
  names(userIds: readonly string[]): Promise<Map<string, { firstName: string; lastName: string }>>;
  /** The account's current role and state; undefined once it is deleted. */
  member(userId: string): Promise<Pick<AdminUserDto, 'role' | 'disabled'> | undefined>;
}

/** The content an admin deletes, each answering what it deleted and putting it back as it stood. */
export interface DeletableContent {
  faqs: { remove(id: string): Promise<FaqSnapshot>; restore(faq: FaqSnapshot): Promise<boolean> };
  platforms: { remove(id: string): Promise<PlatformSnapshot>; restore(link: PlatformSnapshot): Promise<boolean> };
  blog: { remove(id: string): Promise<BlogPostSnapshot>; restore(post: BlogPostSnapshot): Promise<boolean> };
}

export interface AdminActionsDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  members: Pick<MembersService, 'changeRole' | 'setDisabled'>;
  cleanup: Pick<ContentCleanup, 'resetUser' | 'cleanupAll' | 'restore'>;
  content: DeletableContent;
  reads: AdminActionReads;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const roleName: Record<string, string> = { free: 'Free', pro: 'Pro', moderator: 'Moderator', admin: 'Admin' };

/**
 * Undo for what an admin destroys (issue 53). Each destructive admin action runs here: the
 * action itself (through the members service, the content cleanup and the content tables), then
 * an `AdminActionTaken` record holding what an undo needs; the route names that record in its
 * answer's `x-admin-action-id` header. `undo` compensates, never rewrites:
 *
 * - reset data and the cleanup: each idea set and plan deleted comes back as it was
 *   (`IdeaSetRestored`, `PlanRestored`, carrying the content), and a reset's member records
 *   `UserDataRestored`; credits stay as they are now;
 * - a role change: the role it replaced, by `UserRoleChanged` (refused if the role moved since);
 * - a disable: `UserEnabled` (refused if the account was enabled since);
 * - an FAQ, blog post or platform: put back with its id, slug and order (a post whose slug
 *   another post took since is refused, naming the slug).
 *
 * Then `AdminActionUndone` names the admin who undid it. The compensations write nothing when
 * done already, so two undos at once do the work once and the second is refused as already
 * undone. An erased member is never restored, and an undo after 30 days or a second undo is
 * refused with its reason.
 */
export function createAdminActions(deps: AdminActionsDeps) {
  const { eventStore, ids, clock, members, cleanup, content, reads } = deps;

  async function record(admin: UserActor, action: AdminActionDetails, origin: RequestOrigin): Promise<{ actionId: string; position: AllPosition | null }> {
    const actionId = ids.next();
    const outcome = await handleCommand(
      { eventStore, ids },
      adminActionDecider,
      adminActionStream.name(actionId),
      () => ({ type: 'RecordAdminAction' as const, data: { actionId, action } }),
      commandContext(clock, { ...origin, actor: admin }, 'admin-actions'),
    );
    return { actionId, position: outcome.position };
  }

  async function stateOf(actionId: string): Promise<AdminActionState> {
    return foldStream(adminActionDecider, await eventStore.readStream(adminActionStream.name(actionId)));
  }

  /** The member an action concerned, still there; refused once the account is deleted. */
  async function existingMember(userId: string) {
    const member = await reads.member(userId);
    if (!member) throw MemberErased();
    return member;
  }

  /** Puts back what the action destroyed; answers where the last compensating event landed (null: none was needed). */
  async function compensate(admin: UserActor, { action }: TakenAdminAction, origin: RequestOrigin): Promise<AllPosition | null> {
    switch (action.kind) {
      case 'reset-data':
        await existingMember(action.userId);
        return (await cleanup.restore(admin, { ideaSetIds: action.ideaSetIds, planIds: action.planIds, userId: action.userId }, UNDO_REASON, origin))
          .position;
      case 'content-cleanup':
        return (await cleanup.restore(admin, { ideaSetIds: action.ideaSetIds, planIds: action.planIds }, UNDO_REASON, origin)).position;
      case 'role-change': {
        const member = await existingMember(action.userId);
        if (member.role !== action.to) throw ActionSuperseded();
        return (await members.changeRole(admin, action.userId, action.from, UNDO_REASON, origin.requestId)).position;
      }
      case 'disable': {
        const member = await existingMember(action.userId);
        if (member.disabled !== 'true') throw ActionSuperseded();
        return (await members.setDisabled(admin, action.userId, false, UNDO_REASON, origin.requestId)).position;
      }
      case 'faq-deletion':
        await content.faqs.restore(action.faq);
        return null;
      case 'blog-post-deletion':
        await existingMember(action.post.authorId);
        await content.blog.restore(action.post);
        return null;
      case 'platform-deletion':
        await content.platforms.restore(action.platform);
        return null;
      default:
        return assertNever(action);
    }
  }

  function summaryOf(record: AdminActionRecord, nameOf: (userId: string | null) => string): string {
    const { details } = record;
    switch (details.kind) {
      case 'reset-data':
        return `Reset the data of ${nameOf(record.targetUserId)}: ${plural(details.ideaSets, 'idea set', 'idea sets')}, ${plural(details.plans, 'plan', 'plans')}`;
      case 'content-cleanup':
        return `Cleaned up every member's content: ${plural(details.ideaSets, 'idea set', 'idea sets')}, ${plural(details.plans, 'plan', 'plans')} of ${plural(details.members, 'member', 'members')}`;
      case 'role-change':
        return `Changed the role of ${nameOf(record.targetUserId)} from ${roleName[details.from] ?? details.from} to ${roleName[details.to] ?? details.to}`;
      case 'disable':
        return `Disabled the account of ${nameOf(record.targetUserId)}`;
      case 'faq-deletion':
        return `Deleted the FAQ "${details.title}"`;
      case 'blog-post-deletion':
        return `Deleted the blog post "${details.title}"`;
      case 'platform-deletion':
        return `Deleted the platform "${details.title}"`;
      default:
        return assertNever(details);
    }
  }

  /** The records as the back-office shows them, with people's names as they are now ("a deleted account" once erased). */
  async function toDtos(records: AdminActionRecord[]): Promise<AdminActionDto[]> {
    const people = [...new Set(records.flatMap((r) => [r.adminId, r.targetUserId, r.undoneBy]).filter((id): id is string => id !== null))];
    const names = await reads.names(people);
    const nameOf = (userId: string | null) => {
      const name = userId === null ? undefined : names.get(userId);
      return name ? `${name.firstName} ${name.lastName}`.trim() || 'an unnamed account' : 'a deleted account';
    };
    const now = clock.now().getTime();
    return records.map((r) => {
      const until = undoableUntil(r.takenAt.toISOString());
      return {
        id: r.id,
        kind: r.kind,
        summary: summaryOf(r, nameOf),
        adminName: nameOf(r.adminId),
        takenAt: r.takenAt.toISOString(),
        undoableUntil: until.toISOString(),
        undoneAt: r.undoneAt?.toISOString() ?? null,
        undoneByName: r.undoneAt ? nameOf(r.undoneBy) : null,
        canUndo: r.undoneAt === null && now <= until.getTime(),
      };
    });
  }

  return {
    /** POST /api/admin/users/{id}/reset-data, recorded when it deleted something. */
    async resetUser(admin: UserActor, userId: string, reason: string | undefined, origin: RequestOrigin) {
      const reset = await cleanup.resetUser(admin, userId, reason, origin);
      if (reset.ideaSetIds.length + reset.planIds.length === 0) return { ...reset, actionId: null };
      const recorded = await record(admin, { kind: 'reset-data', userId, ideaSetIds: reset.ideaSetIds, planIds: reset.planIds }, origin);
      return { ...reset, actionId: recorded.actionId, position: laterPosition(reset.position, recorded.position) };
    },

    /** POST /api/admin/cleanup-user-content, recorded when it deleted something. */
    async cleanupAll(admin: UserActor, origin: RequestOrigin) {
      const cleaned = await cleanup.cleanupAll(admin, origin);
      if (cleaned.ideaSetIds.length + cleaned.planIds.length === 0) return { ...cleaned, actionId: null };
      const action = { kind: 'content-cleanup' as const, ideaSetIds: cleaned.ideaSetIds, planIds: cleaned.planIds, memberCount: cleaned.updatedUsers };
      const recorded = await record(admin, action, origin);
      return { ...cleaned, actionId: recorded.actionId, position: laterPosition(cleaned.position, recorded.position) };
    },

    /** PUT /api/admin/users/{id}/role, recorded with the role it replaced when the role changed. */
    async changeRole(admin: UserActor, userId: string, role: Role, reason: string | undefined, origin: RequestOrigin) {
      const before = await reads.member(userId);
      const changed = await members.changeRole(admin, userId, role, reason, origin.requestId);
      if (!changed.position || !before || before.role === role) return { position: changed.position, actionId: null };
      const recorded = await record(admin, { kind: 'role-change', userId, from: before.role, to: role }, origin);
      return { position: laterPosition(changed.position, recorded.position), actionId: recorded.actionId };
    },

    /** PATCH /api/admin/users/{id}/toggle-disabled; a disable is recorded (an enable is its own undo). */
    async setDisabled(admin: UserActor, userId: string, disabled: boolean, reason: string | undefined, origin: RequestOrigin) {
      const changed = await members.setDisabled(admin, userId, disabled, reason, origin.requestId);
      if (!disabled || !changed.position) return { position: changed.position, actionId: null };
      const recorded = await record(admin, { kind: 'disable', userId }, origin);
      return { position: laterPosition(changed.position, recorded.position), actionId: recorded.actionId };
    },

    async deleteFaq(admin: UserActor, id: string, origin: RequestOrigin) {
      const faq = await content.faqs.remove(id);
      return record(admin, { kind: 'faq-deletion', faq }, origin);
    },

    async deleteBlogPost(admin: UserActor, id: string, origin: RequestOrigin) {
      const post = await content.blog.remove(id);
      return record(admin, { kind: 'blog-post-deletion', post }, origin);
    },

    async deletePlatform(admin: UserActor, id: string, origin: RequestOrigin) {
      const platform = await content.platforms.remove(id);
      return record(admin, { kind: 'platform-deletion', platform }, origin);
    },

    /** GET /api/admin/actions: the newest actions, each saying whether it can still be undone. */
    async recent(): Promise<AdminActionDto[]> {
      return toDtos(await reads.recent(RECENT_ADMIN_ACTIONS));
    },

    /**
     * POST /api/admin/actions/{id}/undo: checked (an admin, not undone, within 30 days), then
     * compensated, then recorded as undone. Answers the action as the list now shows it.
     */
    async undo(admin: UserActor, actionId: string, origin: RequestOrigin): Promise<{ action: AdminActionDto; position: AllPosition | null }> {
      const taken = actionToUndo(await stateOf(actionId), admin, clock.now());
      const compensated = await compensate(admin, taken, origin);
      const undone = await handleCommand(
        { eventStore, ids },
        adminActionDecider,
        adminActionStream.name(actionId),
        () => ({ type: 'UndoAdminAction' as const, data: { actionId } }),
        commandContext(clock, { ...origin, actor: admin }, 'admin-actions'),
      );
      const record = await reads.one(actionId);
      if (!record) throw new Error(`Admin action ${actionId} is not in the read model after its undo`);
      const [action] = await toDtos([record]);
      return { action, position: laterPosition(compensated, undone.position) };
    },
  };
}

export type AdminActions = ReturnType<typeof createAdminActions>;
