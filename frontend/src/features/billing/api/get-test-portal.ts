import { type TestPortalDto, testPortalSchema } from '@contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const testPortalQueryKey = (id: string) => ['/api', 'stripe', 'test-portal', id] as const;

export const testPortalPath = (id: string) => `/api/stripe/test-portal/${encodeURIComponent(id)}`;

/** GET /api/stripe/test-portal/{id}: the simulated gateway's portal session and the member's subscription (404 when unknown or another member's). */
export async function getTestPortal(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TestPortalDto> {
  return testPortalSchema.parse(await apiRequest<unknown>(testPortalPath(id), { signal }));
}

export const testPortalQueryOptions = (id: string) =>
  queryOptions({ queryKey: testPortalQueryKey(id), queryFn: ({ signal }) => getTestPortal(id, { signal }) });

export const useTestPortal = (id: string) => useQuery(testPortalQueryOptions(id));
