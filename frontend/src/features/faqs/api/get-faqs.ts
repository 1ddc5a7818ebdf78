import { type FaqDto, faqListSchema } from '@contracts/faqs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const faqsQueryKey = ['/api', 'faqs'] as const;

/** GET /api/faqs (back-office §7 Public): every FAQ in display order. */
export async function getFaqs({ signal }: { signal?: AbortSignal } = {}): Promise<FaqDto[]> {
  return faqListSchema.parse(await apiRequest<unknown>('/api/faqs', { signal }));
}

export const faqsQueryOptions = () => queryOptions({ queryKey: faqsQueryKey, queryFn: ({ signal }) => getFaqs({ signal }) });
export const useFaqs = () => useQuery(faqsQueryOptions());
