import { type AuditEntryDto, type AuditKind, auditResponseSchema } from '@contracts/admin-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

export const adminUserAuditQueryKey = (userId: string, kind: AuditKind | undefined) => [...adminUsersRootKey, userId, 'audit', kind ?? 'all'] as const;

/** GET /api/admin/users/{id}/audit?kind= : every event about the account, newest first, optionally of one kind. */
export async function getAdminUserAudit(userId: string, kind: AuditKind | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<AuditEntryDto[]> {
  const path = `${adminUserPath(userId)}/audit${kind ? `?kind=${encodeURIComponent(kind)}` : ''}`;
  return parseReady(auditResponseSchema, await apiRequest<unknown>(path, { signal }));
}

export const useAdminUserAudit = (userId: string, kind: AuditKind | undefined) =>
  useQuery(
    queryOptions({ queryKey: adminUserAuditQueryKey(userId, kind), queryFn: ({ signal }) => getAdminUserAudit(userId, kind, { signal }), ...notReadyRetry }),
  );
