import { billingStream } from '../../domain/billing/billing-events';
import { creditAccountStreams } from '../../domain/credits/credit-account';
import { keepAnEnabledAdmin } from '../../domain/identity/last-admin';
import { UserNotFound, userStreams } from '../../domain/identity/user';
import type { Role, UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { AccountErasure } from '../account/account-erasure';
import {
  ADMIN_USERS_PAGE_DEFAULT,
  type AdminIdeaSetDto,
  type AdminUserDto,
  type AdminUsersQuery,
  type AuditEntryDto,
  type AuditKind,
} from '../contracts/admin-members';
import type { PlanDto } from '../contracts/plans';
import type { IdentityService } from '../identity/identity-service';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { ProjectionProgress } from '../ports/projection-progress';
import type { Clock } from '../ports/system';
import { auditTrail, type ContentNames } from './audit-trail';
import { csvLine } from './csv';
import type { MembersFilter, MembersOrder, MembersReads } from './members-reads';

/** An admin deletes their own account from their profile (`DELETE /api/user/account`), never from the Members tab. */
export const CannotDeleteSelfHere = () => new DomainError('own_account_delete', 'forbidden');
/** Back-office §2 Members tab: none of its actions, the user view included, is for the admin's own account. */
export const NotOnOwnAccount = () => new DomainError('own_account_admin', 'forbidden');
const refuseOwnAccount = (admin: UserActor, userId: string) => {
  if (admin.userId === userId) throw NotOnOwnAccount();
};

/** The most idea sets and plans the user view lists. */
export const MEMBER_CONTENT_CAP = 500;
/** How long a change waits for the read models before the next one that could lose an admin is checked. */
const READ_MODELS_WAIT_MS = 10_000;

/** The reason recorded when the admin gave none (the events require one). */
const defaultReasons = { role: 'Changed by an admin', disable: 'Disabled by an admin' } as const;

/** The CSV export's columns: the admin view of a member (back-office §3 User). */
const csvColumns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
  'disabled',
  'country',
  'ideasGenerated',
  'activePlans',
  'milestoneCredits',
  'helpCredits',
  'tokenUsage',
  'creditsResetAt',
  'createdAt',
] as const satisfies readonly (keyof AdminUserDto)[];

export interface MembersDeps {
  eventStore: EventStore;
  clock: Clock;
  progress: ProjectionProgress;
  reads: MembersReads;
  /** The account commands (role, disable, enable) as identity runs them. */
  identity: Pick<IdentityService, 'changeRole' | 'disable' | 'enable'>;
  accountErasure: Pick<AccountErasure, 'erase'>;
}

export interface MemberChange {
  /** Where the change landed (null: nothing to change); the route waits for it. */
  position: AllPosition | null;
}

function filterOf(query: AdminUsersQuery): MembersFilter {
  return { ...(query.search ? { search: query.search } : {}), ...(query.role ? { role: query.role } : {}) };
}

/** Newest first unless told otherwise; a sort named without an order goes up (A→Z, fewest first). */
function orderOf(query: AdminUsersQuery): MembersOrder {
  const sort = query.sort ?? 'createdAt';
  return { sort, order: query.order ?? (query.sort === undefined ? 'desc' : 'asc') };
}

/**
 * The admin Members tab and user view (back-office §2 Members tab, User view, Delete user dialog;
 * §7; issue 32): the members list and its CSV export, one member with their idea sets, plans and
 * audit trail, and the admin's changes to an account: role, disabled, deletion.
 *
 * The rules, on the server: none of the changes may target the admin's own account (the user
 * decider refuses a role change and a disable of oneself; deletion is refused here), and the last
 * enabled admin is never demoted, disabled or deleted (`keepAnEnabledAdmin`). The changes that
 * could lose an admin run one at a time, each waiting for the read models before the next is
 * checked, so two admins demoting each other at once leave one admin, not none (within one
 * server: the API runs the admin routes).
 */
export function createMembersService(deps: MembersDeps) {
  const { eventStore, clock, progress, reads, identity, accountErasure } = deps;

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after every change queued before it has finished. */
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function existingMember(userId: string): Promise<AdminUserDto> {
    const member = await reads.member(userId);
    if (!member) throw UserNotFound();
    return member;
  }

  /** The member's idea sets, plans, milestones and tasks by id, as the audit trail names what a credit paid for. */
  async function contentNames(userId: string): Promise<ContentNames> {
    const [sets, plans] = await Promise.all([reads.ideaSets(userId, MEMBER_CONTENT_CAP), reads.plans(userId, MEMBER_CONTENT_CAP)]);
    const milestones = plans.flatMap((plan) => plan.milestones);
    return {
      ideaSets: new Map(sets.map((set) => [set.id, set.skill])),
      plans: new Map(plans.map((plan) => [plan.id, plan.title])),
      milestones: new Map(milestones.map((milestone) => [milestone.id, milestone.title])),
      tasks: new Map(milestones.flatMap((milestone) => milestone.tasks).map((task) => [task.id, task.title])),
    };
  }

  /** Checks the last-admin rule on another account (oneself is the decider's refusal), runs the command, waits for the read models. */
  function guardedChange(
    admin: UserActor,
    userId: string,
    change: { loss: 'demote'; newRole: Role } | { loss: 'disable' },
    command: () => Promise<{ position: AllPosition | null }>,
  ): Promise<MemberChange> {
    return oneAtATime(async () => {
      if (admin.userId !== userId) {
        const target = await existingMember(userId);
        keepAnEnabledAdmin({ role: target.role, disabled: target.disabled === 'true' }, change, await reads.otherEnabledAdmins(userId));
      }
      const { position } = await command();
      if (position) await progress.waitFor(position, READ_MODELS_WAIT_MS);
      return { position };
    });
  }

  return {
    /** A page of the members matching the query, and how many match. */
    async list(query: AdminUsersQuery): Promise<{ members: AdminUserDto[]; total: number }> {
      const page = { page: Number(query.page ?? 1), pageSize: Number(query.pageSize ?? ADMIN_USERS_PAGE_DEFAULT) };
      return reads.page(filterOf(query), orderOf(query), page);
    },

    /** Every member matching the query as CSV lines (the header first), a batch at a time; the file is named by today's date. */
    exportCsv(query: AdminUsersQuery): { fileName: string; lines: AsyncIterable<string> } {
      const batches = reads.batches(filterOf(query), orderOf(query));
      async function* lines() {
        yield csvLine(csvColumns);
        for await (const batch of batches) yield batch.map((member) => csvLine(csvColumns.map((column) => member[column]))).join('');
      }
      return { fileName: `skilly-members-${clock.now().toISOString().slice(0, 10)}.csv`, lines: lines() };
    },

    /** The member the user view shows. */
    member(admin: UserActor, userId: string): Promise<AdminUserDto> {
      refuseOwnAccount(admin, userId);
      return existingMember(userId);
    },

    changeRole(admin: UserActor, userId: string, role: Role, reason: string | undefined, requestId: string): Promise<MemberChange> {
      return guardedChange(admin, userId, { loss: 'demote', newRole: role }, () =>
        identity.changeRole(userId, role, reason || defaultReasons.role, { actor: admin, requestId }),
      );
    },

    /** `disabled`: the state wanted. Disabling ends the member's sessions (the session-revocation projection, waited for). */
    setDisabled(admin: UserActor, userId: string, disabled: boolean, reason: string | undefined, requestId: string): Promise<MemberChange> {
      const origin = { actor: admin, requestId };
      if (!disabled) {
        refuseOwnAccount(admin, userId);
        return oneAtATime(async () => {
          const { position } = await identity.enable(userId, origin);
          if (position) await progress.waitFor(position, READ_MODELS_WAIT_MS);
          return { position };
        });
      }
      return guardedChange(admin, userId, { loss: 'disable' }, () => identity.disable(userId, reason || defaultReasons.disable, origin));
    },

    /** The account's erasure, as the member's own deletion runs it (`accountErasure.erase`, which applies the last-admin rule too). */
    async delete(admin: UserActor, userId: string, requestId: string): Promise<void> {
      if (admin.userId === userId) throw CannotDeleteSelfHere();
      await oneAtATime(() => accountErasure.erase(userId, { actor: admin, requestId }));
    },

    /** The member's idea sets, newest first, with whose they are. */
    async ideaSets(admin: UserActor, userId: string): Promise<AdminIdeaSetDto[]> {
      refuseOwnAccount(admin, userId);
      const member = await existingMember(userId);
      const sets = await reads.ideaSets(userId, MEMBER_CONTENT_CAP);
      return sets.map((set) => ({ ...set, userFirstName: member.firstName, userLastName: member.lastName, userEmail: member.email }));
    },

    async plans(admin: UserActor, userId: string): Promise<PlanDto[]> {
      refuseOwnAccount(admin, userId);
      await existingMember(userId);
      return reads.plans(userId, MEMBER_CONTENT_CAP);
    },

    /** Every event of the member's account, credit ledger and billing streams, newest first (`kind`: only those). */
    async audit(admin: UserActor, userId: string, kind?: AuditKind): Promise<AuditEntryDto[]> {
      refuseOwnAccount(admin, userId);
      await existingMember(userId);
      const streams = [userStreams.name(userId), creditAccountStreams.name(userId), billingStream.name(userId)];
      const events = (await Promise.all(streams.map((stream) => eventStore.readStream(stream)))).flat();
      const actorIds = [...new Set(events.flatMap((event) => (event.actor.kind === 'user' ? [event.actor.userId] : [])))];
      const [names, content] = await Promise.all([reads.names(actorIds), contentNames(userId)]);
      return auditTrail(events, names, content, kind);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
