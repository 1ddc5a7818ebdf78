import { type TestCheckoutDto, testCheckoutSchema } from '@contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const testCheckoutQueryKey = (id: string) => ['/api', 'stripe', 'test-checkout', id] as const;

export const testCheckoutPath = (id: string) => `/api/stripe/test-checkout/${encodeURIComponent(id)}`;

/** GET /api/stripe/test-checkout/{id}: the simulated gateway's checkout session (404 when unknown or another member's). */
export async function getTestCheckout(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TestCheckoutDto> {
  return testCheckoutSchema.parse(await apiRequest<unknown>(testCheckoutPath(id), { signal }));
}

export const testCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: testCheckoutQueryKey(id), queryFn: ({ signal }) => getTestCheckout(id, { signal }) });

export const useTestCheckout = (id: string) => useQuery(testCheckoutQueryOptions(id));
