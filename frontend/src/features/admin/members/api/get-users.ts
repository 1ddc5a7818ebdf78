import {
  ADMIN_USERS_TOTAL_HEADER,
  type AdminUserDto,
  type AdminUsersQuery,
  adminUsersResponseSchema,
} from '@contracts/admin-members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { adminUsersRootKey } from '../../lib/query-keys';

export const adminUsersQueryKey = (query: AdminUsersQuery) => [...adminUsersRootKey, 'list', query] as const;

/** The query string of the members list and its CSV export: only the filters that are set. */
export function adminUsersSearch(query: AdminUsersQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export type AdminUsersPage = { users: AdminUserDto[]; total: number };

/** GET /api/admin/users (back-office §7): one page of members; `x-total-count` says how many match in all. */
export async function getAdminUsers(query: AdminUsersQuery, { signal }: { signal?: AbortSignal } = {}): Promise<AdminUsersPage> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(`/api/admin/users${adminUsersSearch(query)}`, { signal });
  const users = parseReady(adminUsersResponseSchema, body);
  const total = Number(headers.get(ADMIN_USERS_TOTAL_HEADER));
  return { users, total: Number.isFinite(total) && headers.has(ADMIN_USERS_TOTAL_HEADER) ? total : users.length };
}

export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({ queryKey: adminUsersQueryKey(query), queryFn: ({ signal }) => getAdminUsers(query, { signal }), ...notReadyRetry });

/** The page asked for; while the next page or filter loads, the table keeps showing the previous one. */
export const useAdminUsers = (query: AdminUsersQuery) => useQuery({ ...adminUsersQueryOptions(query), placeholderData: keepPreviousData });

/** GET /api/admin/users/export with the same filters: every match as CSV (a download link, not a query). */
export const adminUsersExportHref = (query: Omit<AdminUsersQuery, 'page' | 'pageSize'>) => `/api/admin/users/export${adminUsersSearch(query)}`;

/** The path of one member's admin calls. */
export const adminUserPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;
