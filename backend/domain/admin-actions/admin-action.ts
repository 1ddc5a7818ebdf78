import type { Actor, Role } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * What an admin destroyed, kept so that it can be undone (issue 53): reset data, the all-members
 * cleanup, a role change, a disable, and the deletion of an FAQ, blog post or platform. One
 * stream per action, written when the action is taken; an undo appends `AdminActionUndone`
 * naming the admin who undid it, once, within 30 days. The compensation itself (the sets and
 * plans restored, the role given back, the content put back) is written on the streams and
 * tables it concerns; this record says what to compensate and that it was.
 */
export const adminActionStream = defineStream('admin-action');

/** The reason the compensating events carry (`UserRoleChanged`, `PlanRestored`, …): they undo an admin action. */
export const UNDO_REASON = 'Undo of an admin action';

/** How long an action can be undone. */
export const UNDO_WINDOW_DAYS = 30;
const UNDO_WINDOW_MS = UNDO_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** An FAQ as it stood when deleted: its words and place in the list. */
export type FaqSnapshot = { id: string; question: string; answer: string; orderIndex: number; createdAt: string };
/** A platform link as it stood when deleted. */
export type PlatformSnapshot = {
  id: string;
  platformName: string;
  category: string;
  url: string;
  logoUrl: string | null;
  description: string | null;
  createdAt: string;
};
/** A blog post as it stood when deleted, with its slug and its author. */
export type BlogPostSnapshot = {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category: string;
  featuredImage: string;
  status: string;
  publishDate: string | null;
  createdAt: string;
  updatedAt: string;
  authorId: string;
};

/** What was done, with what its undo needs. */
export type AdminActionDetails =
  | { kind: 'reset-data'; userId: string; ideaSetIds: string[]; planIds: string[] }
  | { kind: 'content-cleanup'; ideaSetIds: string[]; planIds: string[]; memberCount: number }
  | { kind: 'role-change'; userId: string; from: Role; to: Role }
  | { kind: 'disable'; userId: string }
  | { kind: 'faq-deletion'; faq: FaqSnapshot }
  | { kind: 'blog-post-deletion'; post: BlogPostSnapshot }
  | { kind: 'platform-deletion'; platform: PlatformSnapshot };
export type AdminActionKind = AdminActionDetails['kind'];
export const adminActionKinds = [
  'reset-data',
  'content-cleanup',
  'role-change',
  'disable',
  'faq-deletion',
  'blog-post-deletion',
  'platform-deletion',
] as const satisfies readonly AdminActionKind[];

/** What the back-office's list says of an action: the roles of a change, the counts of a reset or cleanup, the title of deleted content. */
export type AdminActionFacts =
  | { kind: 'reset-data'; ideaSets: number; plans: number }
  | { kind: 'content-cleanup'; ideaSets: number; plans: number; members: number }
  | { kind: 'role-change'; from: string; to: string }
  | { kind: 'disable' }
  | { kind: 'faq-deletion' | 'blog-post-deletion' | 'platform-deletion'; title: string };

export function factsOf(action: AdminActionDetails): AdminActionFacts {
  switch (action.kind) {
    case 'reset-data':
      return { kind: action.kind, ideaSets: action.ideaSetIds.length, plans: action.planIds.length };
    case 'content-cleanup':
      return { kind: action.kind, ideaSets: action.ideaSetIds.length, plans: action.planIds.length, members: action.memberCount };
    case 'role-change':
      return { kind: action.kind, from: action.from, to: action.to };
    case 'disable':
      return { kind: action.kind };
    case 'faq-deletion':
      return { kind: action.kind, title: action.faq.question };
    case 'blog-post-deletion':
      return { kind: action.kind, title: action.post.title };
    case 'platform-deletion':
      return { kind: action.kind, title: action.platform.platformName };
    default:
      return assertNever(action);
  }
}

// ── Events ────────────────────────────────────────────────────────────────────
/** `takenAt`: when the action was taken (the undo window starts there). */
export type AdminActionTaken = { type: 'AdminActionTaken'; data: { actionId: string; takenAt: string; action: AdminActionDetails } };
/** An admin (named by the event's actor) undid the action. */
export type AdminActionUndone = { type: 'AdminActionUndone'; data: { actionId: string } };
export type AdminActionEvent = AdminActionTaken | AdminActionUndone;
export const adminActionEventTypes = ['AdminActionTaken', 'AdminActionUndone'] as const satisfies readonly AdminActionEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
export type RecordAdminAction = Command<'RecordAdminAction', { actionId: string; action: AdminActionDetails }>;
export type UndoAdminAction = Command<'UndoAdminAction', { actionId: string }>;
export type AdminActionCommand = RecordAdminAction | UndoAdminAction;

// ── State ─────────────────────────────────────────────────────────────────────
export type TakenAdminAction = { status: 'taken' | 'undone'; actionId: string; takenAt: string; action: AdminActionDetails };
export type AdminActionState = { status: 'none' } | TakenAdminAction;
export const initialAdminActionState: AdminActionState = { status: 'none' };

// ── Errors ────────────────────────────────────────────────────────────────────
export const AdminActionNotFound = () => new DomainError('admin_action_not_found', 'not_found');
export const AdminActionExists = () => new DomainError('admin_action_exists', 'conflict');
export const AlreadyUndone = () => new DomainError('admin_action_already_undone', 'conflict');
export const UndoExpired = () => new DomainError('admin_action_undo_expired', 'conflict', { days: UNDO_WINDOW_DAYS });

const isAdmin = (actor: Actor) => actor.kind === 'user' && actor.role === 'admin';

/** The last moment the action can be undone. */
export const undoableUntil = (takenAt: string) => new Date(new Date(takenAt).getTime() + UNDO_WINDOW_MS);

/**
 * The action an admin may undo now: taken, not undone yet, and at most 30 days ago. The
 * application checks it before compensating; the decider checks it again when recording.
 */
export function actionToUndo(state: AdminActionState, actor: Actor, now: Date): TakenAdminAction {
  if (!isAdmin(actor)) throw NotAllowed('undo_admin_action');
  if (state.status === 'none') throw AdminActionNotFound();
  if (state.status === 'undone') throw AlreadyUndone();
  if (now.getTime() > undoableUntil(state.takenAt).getTime()) throw UndoExpired();
  return state;
}

// ── Decide ────────────────────────────────────────────────────────────────────
function record(command: RecordAdminAction, state: AdminActionState): AdminActionEvent[] {
  if (!isAdmin(command.metadata.actor)) throw NotAllowed('record_admin_action');
  if (state.status !== 'none') throw AdminActionExists();
  const { actionId, action } = command.data;
  return [{ type: 'AdminActionTaken', data: { actionId, takenAt: command.metadata.now.toISOString(), action } }];
}

function undo(command: UndoAdminAction, state: AdminActionState): AdminActionEvent[] {
  const action = actionToUndo(state, command.metadata.actor, command.metadata.now);
  return [{ type: 'AdminActionUndone', data: { actionId: action.actionId } }];
}

export function decideAdminAction(command: AdminActionCommand, state: AdminActionState): AdminActionEvent[] {
  switch (command.type) {
    case 'RecordAdminAction':
      return record(command, state);
    case 'UndoAdminAction':
      return undo(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
export function evolveAdminAction(state: AdminActionState, event: AdminActionEvent): AdminActionState {
  switch (event.type) {
    case 'AdminActionTaken':
      return { status: 'taken', actionId: event.data.actionId, takenAt: event.data.takenAt, action: event.data.action };
    case 'AdminActionUndone':
      return state.status === 'none' ? state : { ...state, status: 'undone' };
    default:
      return assertNever(event);
  }
}

export const adminActionDecider: Decider<AdminActionCommand, AdminActionEvent, AdminActionState> = {
  initialState: initialAdminActionState,
  decide: decideAdminAction,
  evolve: evolveAdminAction,
  schemaVersions: { AdminActionTaken: 1, AdminActionUndone: 1 },
};
