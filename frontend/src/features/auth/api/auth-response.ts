import { type User, userSchema } from '@contracts/auth';
import { ApiError } from '../../../lib/api-client';

/**
 * Login and sign-up answer `{ user, message }` (spec §4: the session takes the response's user field).
 * A sign-up answered 202 was stored but not signed in yet; its message is shown to the person.
 */
export function userFromAuthResponse(body: unknown): User {
  const candidate = body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body;
  const parsed = userSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  throw new ApiError(202, body, 'The server did not return the account');
}
