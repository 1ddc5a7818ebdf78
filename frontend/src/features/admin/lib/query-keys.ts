/**
 * Roots of the admin queries that more than one admin sub-feature refreshes: a sub-feature never
 * imports another, so the key a second one invalidates lives here.
 */

/** The root of every admin members query: invalidating it refreshes the table, the user view and its lists. */
export const adminUsersRootKey = ['/api', 'admin', 'users'] as const;

/** The recent destructive admin actions (issue 53): refreshed by every action that records one. */
export const adminActionsQueryKey = ['/api', 'admin', 'actions'] as const;
