import { type EmailTemplateDto, emailTemplatesResponseSchema } from '@contracts/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

export const emailTemplatesQueryKey = ['/api', 'admin', 'email-templates'] as const;

/** GET /api/admin/email-templates (back-office §7, admins): the templates the product sends. */
export async function getEmailTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplateDto[]> {
  return parseReady(emailTemplatesResponseSchema, await apiRequest<unknown>('/api/admin/email-templates', { signal }));
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesQueryKey, queryFn: ({ signal }) => getEmailTemplates({ signal }), ...notReadyRetry });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
