import type { Role } from '../../../domain/shared/actor';

// What the sessions plugin (`sessions.ts`, which re-exports both) and the OpenAPI plugin
// (`openapi.ts`) both name, kept apart so those two do not import each other.

/** The session cookie's name (the OpenAPI document's security scheme names it too). */
export const SESSION_COOKIE = 'skilly_session';

/** Who may call a route: signed-out visitors, or members and staff of a role. */
export type Audience = 'visitor' | Role;
