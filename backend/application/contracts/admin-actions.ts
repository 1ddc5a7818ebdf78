import { z } from 'zod';
import { adminActionKinds } from '../../domain/admin-actions/admin-action';

/**
 * The admin actions that can be undone (issue 53): reset data, the all-members cleanup, a role
 * change, a disable, and the deletion of an FAQ, blog post or platform. Shared by the server and
 * the React app.
 *
 * Each such route answers its body as the specs give it, and names the action it recorded in
 * the header `x-admin-action-id` (absent when nothing changed, so nothing can be undone);
 * `POST /api/admin/actions/{id}/undo` undoes it, and `GET /api/admin/actions` lists the recent
 * ones.
 */
export const ADMIN_ACTION_HEADER = 'x-admin-action-id';

/** How many recent actions the back-office lists. */
export const RECENT_ADMIN_ACTIONS = 50;

export const adminActionSchema = z.object({
  id: z.string(),
  kind: z.enum(adminActionKinds),
  /** What was done, in words: "Reset the data of Ana Lima: 2 idea sets, 1 plan". */
  summary: z.string(),
  adminName: z.string(),
  takenAt: z.string(),
  /** The last moment it can be undone (30 days after it was taken). */
  undoableUntil: z.string(),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
  /** Not undone yet and within its 30 days. */
  canUndo: z.boolean(),
});
export type AdminActionDto = z.infer<typeof adminActionSchema>;

export const adminActionsResponseSchema = z.array(adminActionSchema);
export const adminActionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const undoAdminActionResponseSchema = z.object({ message: z.string(), action: adminActionSchema });
export type UndoAdminActionResponse = z.infer<typeof undoAdminActionResponseSchema>;
