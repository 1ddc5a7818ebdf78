import type { AdminUserDto, AdminUserSort } from '../contracts/admin-members';
import type { IdeaSet } from '../contracts/ideas';
import type { PlanDto } from '../contracts/plans';
import type { Role } from '../../domain/shared/actor';

/**
 * What the admin Members service reads from the read models (a port: the application never
 * imports projections; `infrastructure/composition/admin-members.ts` answers it with the users,
 * idea-sets and plans read models' queries).
 */
export interface MembersFilter {
  search?: string;
  role?: Role;
}
export interface MembersOrder {
  sort: AdminUserSort;
  order: 'asc' | 'desc';
}

/** A person as the audit trail names them: their current name. */
export interface MemberName {
  firstName: string;
  lastName: string;
}

export interface MembersReads {
  page(filter: MembersFilter, order: MembersOrder, page: { page: number; pageSize: number }): Promise<{ members: AdminUserDto[]; total: number }>;
  /** Every match, a batch at a time (never all of them in one array). */
  batches(filter: MembersFilter, order: MembersOrder): AsyncIterable<AdminUserDto[]>;
  member(userId: string): Promise<AdminUserDto | undefined>;
  /** Admins other than this account who can sign in (enabled). */
  otherEnabledAdmins(userId: string): Promise<number>;
  /** The member's idea sets, newest first, at most `limit`. */
  ideaSets(userId: string, limit: number): Promise<IdeaSet[]>;
  /** The member's plans, newest first, at most `limit`. */
  plans(userId: string, limit: number): Promise<PlanDto[]>;
  /** The current names of these accounts (absent: deleted). */
  names(userIds: readonly string[]): Promise<Map<string, MemberName>>;
}
