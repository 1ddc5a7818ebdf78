import { messageResponseSchema } from '@contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The two emailed one-time links (issue 48): the welcome email's confirmation, the change notice's restore. */
export type EmailLinkKind = 'confirm-email' | 'restore-email';

export async function openEmailLink(kind: EmailLinkKind, token: string): Promise<{ message: string }> {
  return messageResponseSchema.parse(await apiRequest<unknown>(`/api/auth/${kind}`, { method: 'POST', body: { token } }));
}

export const useEmailLink = (kind: EmailLinkKind) => useMutation({ mutationFn: (token: string) => openEmailLink(kind, token) });
