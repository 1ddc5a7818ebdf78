export const roles = ['free', 'pro', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];

/** A member's role (Free or Pro), as opposed to staff's. */
export const isMemberRole = (role: Role) => role === 'free' || role === 'pro';

/** Who caused a change: a signed-in person with the role they held at the time, or the system itself. */
export type Actor = { kind: 'user'; userId: string; role: Role } | { kind: 'system'; name: string };

/** A signed-in person acting: every member and staff command names one. */
export type UserActor = Extract<Actor, { kind: 'user' }>;

export const systemActor = (name: string): Actor => ({ kind: 'system', name });

/** An admin, or a system policy: who may act on any member's account and content. */
export const isAdminOrSystem = (actor: Actor) => actor.kind === 'system' || actor.role === 'admin';
