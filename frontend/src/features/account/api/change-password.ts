import { type ChangePasswordRequest, changePasswordRequestSchema } from '@contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';

/** POST /api/user/change-password (spec §7): a wrong current password is a 400 with its message. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await apiRequest<unknown>('/api/user/change-password', { method: 'POST', body: changePasswordRequestSchema.parse(body) });
}

/** Spec §8: "Password Changed", or the server's message, else "Failed to change password". */
export function useChangePassword({ onChanged }: { onChanged?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password Changed', intent: 'success' });
      onChanged?.();
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to change password')),
  });
}
