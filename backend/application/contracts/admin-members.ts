import { z } from 'zod';
import { roleSchema, userSchema } from './auth';
import { ideaSetSchema } from './ideas';
import { planSchema } from './plans';
import { text } from './text';

/**
 * The admin Members tab and user view (back-office §2 Members tab, User view, Delete user
 * dialog; §3 User (admin view), Idea set (admin view); §6; §7 admin calls). Shared by the server
 * and the React app.
 */

/** A member as the Members tab shows them: the admin view of back-office §3 User. */
export const adminUserSchema = userSchema;
export type AdminUserDto = z.infer<typeof adminUserSchema>;

export const adminUserSorts = ['createdAt', 'name', 'email', 'role', 'ideasGenerated', 'activePlans', 'tokenUsage'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
export const ADMIN_USERS_PAGE_DEFAULT = 50;
export const ADMIN_USERS_PAGE_MAX = 100;

const wholeNumber = (name: string, min: number, max: number) =>
  text({ max: 7 })
    .regex(/^\d+$/, `${name} must be a whole number`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `${name} must be between ${min} and ${max}`);

/**
 * GET /api/admin/users query (all optional): `search` matches the start of the first name, last
 * name or email, case-insensitively, or the whole id; `role` filters; `sort` and `order`
 * (default newest first); `page` from 1 and `pageSize` (default 50, at most 100). The answer is
 * the page as an array; the header `x-total-count` carries how many members match.
 * GET /api/admin/users/export takes the same filters and answers every match as CSV.
 */
export const adminUsersQuerySchema = z.object({
  search: text({ max: 200, tooLong: 'Search must be at most 200 characters' }).trim().optional(),
  role: roleSchema.optional(),
  sort: z.enum(adminUserSorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  page: wholeNumber('page', 1, 100_000).optional(),
  pageSize: wholeNumber('pageSize', 1, ADMIN_USERS_PAGE_MAX).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export const adminUsersResponseSchema = z.array(adminUserSchema);
export const ADMIN_USERS_TOTAL_HEADER = 'x-total-count';

export const adminUserIdParamsSchema = z.object({
  id: text({ max: 100, tooLong: 'The user id is not valid' }).trim().min(1, 'The user id is required'),
});

/** Why an admin acted, recorded in the event; optional, the UI may ask for it. */
const reasonSchema = text({ max: 500, tooLong: 'The reason must be at most 500 characters' }).trim();

/** PUT /api/admin/users/{id}/role → the member after the change. */
export const changeRoleRequestSchema = z.object({
  role: roleSchema,
  reason: reasonSchema.optional(),
});
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/**
 * PATCH /api/admin/users/{id}/toggle-disabled {disabled} → the member after the change.
 * `disabled` is the state wanted: true or 'true' disables (and ends every session of the
 * member at once), false or 'false' enables.
 */
export const toggleDisabledRequestSchema = z.object({
  disabled: z.union([z.boolean(), z.enum(['true', 'false'])]),
  reason: reasonSchema.optional(),
});
export type ToggleDisabledRequest = z.infer<typeof toggleDisabledRequestSchema>;

/** POST /api/admin/users/{id}/reset-data: the member's idea sets and plans deleted (as events), this period's credits given back. */
export const resetDataRequestSchema = z.object({ reason: reasonSchema.optional() }).optional();
export const resetDataResponseSchema = z.object({
  message: z.string(),
  deletedIdeas: z.number().int(),
  deletedPlans: z.number().int(),
});
export type ResetDataResponse = z.infer<typeof resetDataResponseSchema>;

/** DELETE /api/admin/users/{id}: the account's erasure (the same path as the member's own deletion). */
export const deleteUserResponseSchema = z.object({ message: z.string() });

/** GET /api/admin/users/{id}/ideas: the member's idea sets, newest first, with who they belong to (§3 Idea set, admin view). */
export const adminIdeaSetSchema = ideaSetSchema.extend({
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
});
export type AdminIdeaSetDto = z.infer<typeof adminIdeaSetSchema>;
export const adminIdeaSetsResponseSchema = z.array(adminIdeaSetSchema);

/** GET /api/admin/users/{id}/plans: the member's plans, newest first, with milestones, tasks, resources and help answers. */
export const adminPlansResponseSchema = z.array(planSchema);

/**
 * GET /api/admin/users/{id}/audit?kind=: every event about the account, newest first (beyond the
 * spec): sign-up, profile, password, role changes, disables and enables, resets, credits granted
 * and spent, payments and subscriptions, and erasure. `actor` is who did it (a member, an admin
 * named by their current name, or the system with its policy's name); `cause` the command or
 * policy, and the reason an admin gave.
 */
export const auditKinds = ['account', 'role', 'access', 'credits', 'payments', 'content'] as const;
export type AuditKind = (typeof auditKinds)[number];
export const auditQuerySchema = z.object({ kind: z.enum(auditKinds).optional() });
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(auditKinds),
  /** The event type, e.g. UserRoleChanged. */
  type: z.string(),
  /** One line a person reads: "Role changed from free to pro". */
  summary: z.string(),
  actor: z.object({
    kind: z.enum(['user', 'system']),
    id: z.string().nullable(),
    name: z.string(),
    role: roleSchema.nullable(),
  }),
  cause: z.string(),
  reason: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.array(auditEntrySchema);

/** POST /api/admin/cleanup-user-content: every member's idea sets and plans deleted, as events. */
export const cleanupResponseSchema = z.object({
  deletedIdeas: z.number().int(),
  deletedPlans: z.number().int(),
  updatedUsers: z.number().int(),
});
export type CleanupResponse = z.infer<typeof cleanupResponseSchema>;
