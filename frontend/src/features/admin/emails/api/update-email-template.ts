import { type EmailTemplateDto, emailTemplateSchema, type UpdateEmailTemplateRequest } from '@contracts/email-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { emailTemplatesQueryKey } from './get-email-templates';

/** PATCH /api/admin/email-templates/{id} {subject?, htmlBody?, isActive?} (back-office §7). */
export async function updateEmailTemplate(id: string, change: UpdateEmailTemplateRequest): Promise<EmailTemplateDto> {
  return emailTemplateSchema.parse(await apiRequest<unknown>(`/api/admin/email-templates/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }));
}

/** Back-office §8: 'Failed to update email template', with the server's reason when it sent one. */
export function updateFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `Failed to update email template: ${reason}` : 'Failed to update email template';
}

/** Saves a template; the list shows what the server stored (the HTML as sanitised). */
export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateEmailTemplateRequest }) => updateEmailTemplate(id, change),
    onSuccess: (saved) => {
      queryClient.setQueryData<EmailTemplateDto[]>(emailTemplatesQueryKey, (list) => list?.map((t) => (t.id === saved.id ? saved : t)));
      toast({ title: 'Email template updated', intent: 'success' });
    },
    onError: (error) => toastError('Error', updateFailure(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey }),
  });
}
