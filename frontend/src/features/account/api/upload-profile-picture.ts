import { PROFILE_PICTURE_FIELD, uploadProfilePictureResponseSchema } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, parseSaved } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { toast, toastError } from '../../../lib/toaster';
import { profileQueryKey } from './get-profile';

const parse = (text: string): unknown => {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * POST /api/user/upload-profile-picture (spec §7): the picture as the multipart field
 * `profilePicture`; answers the picture's new address, or null when it was saved but the server's
 * read models were still catching up (202). Too large is a 413, not a JPEG or PNG a 400, each
 * with a message. Sent with fetch itself: the API client sends JSON bodies only.
 */
export async function uploadProfilePicture(file: File): Promise<string | null> {
  const body = new FormData();
  body.append(PROFILE_PICTURE_FIELD, file, file.name);
  const response = await fetch('/api/user/upload-profile-picture', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body,
  });
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, parse(text), `${response.status}: ${text || response.statusText}`);
  return parseSaved(uploadProfilePictureResponseSchema, parse(text))?.profilePicture ?? null;
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
