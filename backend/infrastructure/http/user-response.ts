import type { User } from '../../application/contracts/auth';
import type { UserRow } from '../../projections/users/users-projection';

export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    profilePicture: row.profile_picture,
    country: row.country,
    googleId: row.google_id,
    disabled: row.disabled ? 'true' : 'false',
    ideasGenerated: row.ideas_generated,
    activePlans: row.active_plans,
    milestoneCredits: row.milestone_credits,
    helpCredits: row.help_credits,
    creditsResetAt: row.credits_reset_at ? new Date(row.credits_reset_at).toISOString() : null,
    tokenUsage: row.token_usage,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
