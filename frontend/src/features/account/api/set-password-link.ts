import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';

/**
 * A Google account's way to a password (issue 52): the "Forgot password" email, sent to the
 * account's own address, whose link sets one. The server answers the same words whatever happens.
 */
export function useEmailSetPasswordLink() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
    onSuccess: () => toast({ title: 'Email sent', description: 'Open the link in it within one hour to set your password.', intent: 'success' }),
    onError: (error) => toastError(errorMessage(error, 'Failed to send the email')),
  });
}
