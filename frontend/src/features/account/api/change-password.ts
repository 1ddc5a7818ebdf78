import { type ChangePasswordRequest, changePasswordRequestSchema } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';
import { accountActivityQueryKey } from './get-account-activity';

/** POST /api/user/change-password (spec §7): a wrong current password is a 400 with its message. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await apiRequest<unknown>('/api/user/change-password', { method: 'POST', body: changePasswordRequestSchema.parse(body) });
}

/** Spec §8: "Password Changed", or the server's message, else "Failed to change password". */
export function useChangePassword({ onChanged }: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password Changed', intent: 'success' });
      onChanged?.();
    },
    // The account activity gains its line (written a moment later, by the account-activity projection).
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountActivityQueryKey }),
    onError: (error) => toastError(errorMessage(error, 'Failed to change password')),
  });
}
