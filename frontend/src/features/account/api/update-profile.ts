import { type Profile, profileSchema, type UpdateProfileRequest, updateProfileRequestSchema } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, parseSaved } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { toast, toastError } from '../../../lib/toaster';
import { accountActivityQueryKey } from './get-account-activity';
import { profileQueryKey } from './get-profile';

/**
 * PATCH /api/user/profile (spec §7): the saved profile, or null when the server saved it but its
 * read models were still catching up (202). An email another account uses is refused with a message.
 */
export async function updateProfile(body: UpdateProfileRequest): Promise<Profile | null> {
  return parseSaved(profileSchema, await apiRequest<unknown>('/api/user/profile', { method: 'PATCH', body: updateProfileRequestSchema.parse(body) }));
}

/**
 * Spec §8: "Profile Updated", or "Failed to update profile" with the server's reason (the email is
 * taken). The profile and the current user are read again: the navigation shows the new name.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => toast({ title: 'Profile Updated', intent: 'success' }),
    onError: (error) => toastError('Failed to update profile', error instanceof ApiError ? error.serverMessage : undefined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountActivityQueryKey }),
      ]),
  });
}
