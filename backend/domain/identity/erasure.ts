import type { Actor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { NotAllowed, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * The record that an account was erased (design §3.5 "Erasure is real", issue 31): one stream
 * per erased account, `erasure-{userId}`, the only trace the product keeps of the person. It
 * carries no personal data: the account's id (which afterwards names nobody), how many streams
 * the pass deleted and whether the member or an admin asked; who exactly is the event's actor.
 * Every read model that keeps a member's rows removes them when its projection reaches a
 * `MemberErased` (`Projection.erase`), so a rebuild from zero, where the deleted streams are
 * simply absent, gives the same rows.
 *
 * The first pass is the deletion itself, by the member or an admin. A later pass is the sweep
 * that erases what a generation still in flight wrote after it (a late plan or idea set): it
 * keeps the first pass's `by`.
 */
export const erasureStreams = defineStream('erasure');

export const erasedBy = ['member', 'admin'] as const;
export type ErasedBy = (typeof erasedBy)[number];

export type MemberErased = { type: 'MemberErased'; data: { userId: string; streamsErased: number; by: ErasedBy } };
export type ErasureEvent = MemberErased;
export const erasureEventTypes = ['MemberErased'] as const satisfies readonly ErasureEvent['type'][];

/** The application has deleted the account's streams (`streamsErased` of them) and records it. */
export type RecordErasure = Command<'RecordErasure', { userId: string; streamsErased: number }>;
export type ErasureCommand = RecordErasure;

export type ErasureState = { status: 'none' } | { status: 'erased'; userId: string; by: ErasedBy; passes: number };
export const initialErasureState: ErasureState = { status: 'none' };

/** Someone other than the member, an admin or (for a later pass) the system asks to erase the account. */
export const NotYourAccountToErase = () => NotAllowed('erase_member');

const isSelf = (actor: Actor, userId: string) => actor.kind === 'user' && actor.userId === userId;
const isAdmin = (actor: Actor) => actor.kind === 'user' && actor.role === 'admin';

/**
 * Who may erase an account, and as whom the pass is recorded: the member themselves
 * (`member`), an admin (`admin`); after the first pass the system too, as the first pass was.
 */
export function erasureBy(actor: Actor, userId: string, state: ErasureState): ErasedBy {
  if (state.status === 'erased') {
    if (actor.kind === 'system' || isAdmin(actor) || isSelf(actor, userId)) return state.by;
    throw NotYourAccountToErase();
  }
  if (isSelf(actor, userId)) return 'member';
  if (isAdmin(actor)) return 'admin';
  throw NotYourAccountToErase();
}

function record(command: RecordErasure, state: ErasureState): ErasureEvent[] {
  const { userId, streamsErased } = command.data;
  const by = erasureBy(command.metadata.actor, userId, state);
  return [{ type: 'MemberErased', data: { userId, streamsErased, by } }];
}

export function decideErasure(command: ErasureCommand, state: ErasureState): ErasureEvent[] {
  switch (command.type) {
    case 'RecordErasure':
      return record(command, state);
    default:
      return assertNever(command.type);
  }
}

export function evolveErasure(state: ErasureState, event: ErasureEvent): ErasureState {
  switch (event.type) {
    case 'MemberErased':
      return state.status === 'erased'
        ? { ...state, passes: state.passes + 1 }
        : { status: 'erased', userId: event.data.userId, by: event.data.by, passes: 1 };
    default:
      return assertNever(event.type);
  }
}

export const erasureDecider: Decider<ErasureCommand, ErasureEvent, ErasureState> = {
  initialState: initialErasureState,
  decide: decideErasure,
  evolve: evolveErasure,
  schemaVersions: { MemberErased: 1 },
};
