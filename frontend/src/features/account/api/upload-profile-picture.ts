import { PROFILE_PICTURE_FIELD, uploadProfilePictureResponseSchema } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, parseSaved, uploadImage } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { toast, toastError } from '../../../lib/toaster';
import { profileQueryKey } from './get-profile';

/**
 * POST /api/user/upload-profile-picture (spec §7): the picture as the multipart field
 * `profilePicture`; answers the picture's new address, or null when it was saved but the server's
 * read models were still catching up (202). Too large is a 413, not a JPEG or PNG a 400, each
 * with a message. Sent as multipart through the client's `uploadImage`.
 */
export async function uploadProfilePicture(file: File): Promise<string | null> {
  const answer = await uploadImage('/api/user/upload-profile-picture', PROFILE_PICTURE_FIELD, file);
  return parseSaved(uploadProfilePictureResponseSchema, answer)?.profilePicture ?? null;
}

/**
 * Spec §7/§8: "Profile Picture Updated", or "Failed to upload profile picture" with the server's
 * reason; the profile and the current user are read again (the navigation's avatar changes).
 */
export function useUploadProfilePicture({ onUploaded }: { onUploaded?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: () => {
      toast({ title: 'Profile Picture Updated', intent: 'success' });
      onUploaded?.();
    },
    onError: (error) => toastError('Failed to upload profile picture', error instanceof ApiError ? error.serverMessage : undefined),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
