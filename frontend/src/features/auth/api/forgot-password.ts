import { forgotPasswordRequestSchema, messageResponseSchema } from '@contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export async function forgotPassword(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return messageResponseSchema.parse(await apiRequest<unknown>('/api/auth/forgot-password', { method: 'POST', body }));
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
