import { ADMIN_ACTION_HEADER, type AdminActionDto, undoAdminActionResponseSchema } from '@contracts/admin-actions';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, parseSaved } from '../../../lib/api-client';
import { type ToastAction, toast, toastError } from '../../../lib/toaster';

/**
 * Undo of a destructive admin action (issue 53), shared by the sub-features whose routes record
 * one (members, the cleanup, FAQs, blog posts, platforms) and by the recent actions list.
 */

/** The action a destructive route recorded, named by its `x-admin-action-id` header; null when nothing changed, so nothing can be undone. */
export const recordedActionId = (headers: Headers): string | null => headers.get(ADMIN_ACTION_HEADER);

/** POST /api/admin/actions/{id}/undo: the action as the list now shows it (null while the server catches up). */
export async function undoAdminAction(id: string): Promise<AdminActionDto | null> {
  const body = await apiRequest<unknown>(`/api/admin/actions/${encodeURIComponent(id)}/undo`, { method: 'POST', body: {} });
  return parseSaved(undoAdminActionResponseSchema, body)?.action ?? null;
}

/**
 * Undoes the action and says so: the toast 'Action undone' with what was undone, or 'Error' with
 * the server's reason (already undone, too old, the member deleted). Every query is refreshed
 * after, as an undo can bring back members, plans, FAQs, posts and platforms and change the figures.
 */
export async function undoAndReport(queryClient: QueryClient, id: string): Promise<void> {
  try {
    const action = await undoAdminAction(id);
    toast({ title: 'Action undone', description: action?.summary, intent: 'success' });
  } catch (error) {
    toastError('Error', errorMessage(error, 'Failed to undo the action'));
  } finally {
    await queryClient.invalidateQueries();
  }
}

/** The "Undo" of a destructive action's success toast; none when its route recorded no action. */
export function undoToastAction(queryClient: QueryClient, actionId: string | null): ToastAction | undefined {
  return actionId === null ? undefined : { text: 'Undo', onClick: () => void undoAndReport(queryClient, actionId) };
}
