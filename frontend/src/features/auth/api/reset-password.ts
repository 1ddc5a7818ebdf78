import { messageResponseSchema, resetPasswordRequestSchema } from '@contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export async function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  return messageResponseSchema.parse(await apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body }));
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
