import { isAdminOrSystem, type Actor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, ReasonRequired, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * A member's kept set of ideas: generated (and paid for with an idea credit), saved from a
 * visitor's trial after signing up, or saved as given. One stream per set; its owner is
 * the member who created it, and nobody else's command can create a set for them.
 */
export const ideaSetStreams = defineStream('idea-set');

export type IdeaSetCategory = { id: string; name: string; color: string };
export type IdeaSetIdea = {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  category: string;
  industry: string;
  method: string;
  pricing: string;
};
/** generated: by the AI for this member; trial: a visitor's trial ideas saved after signing up; saved: given by the member. */
export type IdeaSetSource = 'generated' | 'trial' | 'saved';

export type IdeaSetContent = {
  ideaSetId: string;
  ownerId: string;
  skill: string;
  categories: IdeaSetCategory[];
  ideas: IdeaSetIdea[];
  personalized: boolean;
  source: IdeaSetSource;
  /** The AI configuration version a generated set was made with (issue 33; absent before, and on saved or trial sets). */
  configVersion?: number;
};

// ── Events ────────────────────────────────────────────────────────────────────
export type IdeaSetCreated = { type: 'IdeaSetCreated'; data: IdeaSetContent };
/** An admin (or the system) deleted the set: it leaves the member's lists; its stream stays until the account is erased. */
export type IdeaSetDeleted = { type: 'IdeaSetDeleted'; data: { ideaSetId: string; reason: string } };
/**
 * An admin undid the deletion (issue 53): the set is back as it was, with its creation time. It
 * carries the set, since the read models dropped it at the deletion.
 */
export type IdeaSetRestored = { type: 'IdeaSetRestored'; data: { ideaSetId: string; reason: string; set: IdeaSetContent; createdAt: string } };
export type IdeaSetEvent = IdeaSetCreated | IdeaSetDeleted | IdeaSetRestored;
export const ideaSetEventTypes = ['IdeaSetCreated', 'IdeaSetDeleted', 'IdeaSetRestored'] as const satisfies readonly IdeaSetEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
export type CreateIdeaSet = Command<'CreateIdeaSet', IdeaSetContent>;
export type DeleteIdeaSet = Command<'DeleteIdeaSet', { ideaSetId: string; reason: string }>;
/** `createdAt`: when the set was first created (its stream's first event), which the restored set keeps. */
export type RestoreIdeaSet = Command<'RestoreIdeaSet', { ideaSetId: string; reason: string; createdAt: string }>;
export type IdeaSetCommand = CreateIdeaSet | DeleteIdeaSet | RestoreIdeaSet;

// ── State ─────────────────────────────────────────────────────────────────────
export type IdeaSetState =
  | { status: 'none' }
  | { status: 'created' | 'deleted'; ideaSetId: string; ownerId: string; set: IdeaSetContent };
export const initialIdeaSetState: IdeaSetState = { status: 'none' };

// ── Errors ────────────────────────────────────────────────────────────────────
export const IdeaSetExists = () => new DomainError('idea_set_exists', 'conflict');
export const NotYourIdeaSet = () => NotAllowed('create_idea_set_for_another');
export const SkillRequired = () => new DomainError('skill_required', 'invalid');
export const IdeasRequired = () => new DomainError('ideas_required', 'invalid');
export const IdeaSetNotFound = () => new DomainError('idea_set_not_found', 'not_found');

// ── Decide ────────────────────────────────────────────────────────────────────
/** The owner themselves, or the system on their behalf; nobody else, not even an admin. */
const actsFor = (actor: Actor, ownerId: string) =>
  actor.kind === 'system' || (actor.kind === 'user' && actor.userId === ownerId);

/**
 * A visitor's trial ideas are never personalised (customisation is a pro member's, and a
 * visitor is nobody's member), so a trial set is recorded unpersonalised whatever it claims.
 */
const personalisedOf = (data: IdeaSetContent) => data.source !== 'trial' && data.personalized;

/** Keeps a new set for its owner, with the skill trimmed; a set is created once. */
function create(command: CreateIdeaSet, state: IdeaSetState): IdeaSetEvent[] {
  if (state.status !== 'none') throw IdeaSetExists();
  if (!actsFor(command.metadata.actor, command.data.ownerId)) throw NotYourIdeaSet();
  const skill = command.data.skill.trim();
  if (skill === '') throw SkillRequired();
  if (command.data.ideas.length === 0) throw IdeasRequired();
  return [{ type: 'IdeaSetCreated', data: { ...command.data, skill, personalized: personalisedOf(command.data) } }];
}

/**
 * An admin or the system deletes a member's set (back-office §6: reset data, content cleanup);
 * members, even its owner, cannot. Deleting a deleted set writes nothing.
 */
function deleteSet(command: DeleteIdeaSet, state: IdeaSetState): IdeaSetEvent[] {
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed('delete_member_content');
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status === 'none') throw IdeaSetNotFound();
  if (state.status === 'deleted') return [];
  return [{ type: 'IdeaSetDeleted', data: { ideaSetId: state.ideaSetId, reason } }];
}

/** An admin or the system restores a deleted set (issue 53: an undo); restoring a set that is there writes nothing. */
function restoreSet(command: RestoreIdeaSet, state: IdeaSetState): IdeaSetEvent[] {
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed('restore_member_content');
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status === 'none') throw IdeaSetNotFound();
  if (state.status === 'created') return [];
  return [{ type: 'IdeaSetRestored', data: { ideaSetId: state.ideaSetId, reason, set: state.set, createdAt: command.data.createdAt } }];
}

export function decideIdeaSet(command: IdeaSetCommand, state: IdeaSetState): IdeaSetEvent[] {
  switch (command.type) {
    case 'CreateIdeaSet':
      return create(command, state);
    case 'DeleteIdeaSet':
      return deleteSet(command, state);
    case 'RestoreIdeaSet':
      return restoreSet(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
export function evolveIdeaSet(state: IdeaSetState, event: IdeaSetEvent): IdeaSetState {
  switch (event.type) {
    case 'IdeaSetCreated':
      return { status: 'created', ideaSetId: event.data.ideaSetId, ownerId: event.data.ownerId, set: event.data };
    case 'IdeaSetDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'IdeaSetRestored':
      return state.status === 'none' ? state : { ...state, status: 'created' };
    default:
      return assertNever(event);
  }
}

export const ideaSetDecider: Decider<IdeaSetCommand, IdeaSetEvent, IdeaSetState> = {
  initialState: initialIdeaSetState,
  decide: decideIdeaSet,
  evolve: evolveIdeaSet,
  schemaVersions: { IdeaSetCreated: 1, IdeaSetDeleted: 1, IdeaSetRestored: 1 },
};
