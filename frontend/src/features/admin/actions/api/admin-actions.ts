import { type AdminActionDto, adminActionsResponseSchema } from '@contracts/admin-actions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { undoAndReport } from '../../lib/admin-undo';
import { adminActionsQueryKey } from '../../lib/query-keys';

/** GET /api/admin/actions (issue 53): the 50 newest destructive admin actions, newest first, each saying whether it can still be undone. */
export async function getAdminActions({ signal }: { signal?: AbortSignal } = {}): Promise<AdminActionDto[]> {
  return adminActionsResponseSchema.parse(await apiRequest<unknown>('/api/admin/actions', { signal }));
}

export const useAdminActions = () => useQuery(queryOptions({ queryKey: adminActionsQueryKey, queryFn: ({ signal }) => getAdminActions({ signal }) }));

/** Undo from the list, by action id: the same undo, toasts and refresh as the Undo of a success toast. */
export function useUndoAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => undoAndReport(queryClient, id) });
}
