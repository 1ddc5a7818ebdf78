import { type PaymentDto, paymentsResponseSchema } from '@contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

export const paymentsQueryKey = ['/api', 'admin', 'stripe-payments'] as const;

/** GET /api/admin/stripe-payments (back-office §7, admins): every recorded payment, newest first. */
export async function getPayments({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentDto[]> {
  return parseReady(paymentsResponseSchema, await apiRequest<unknown>('/api/admin/stripe-payments', { signal }));
}

export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: paymentsQueryKey, queryFn: ({ signal }) => getPayments({ signal }), ...notReadyRetry });

export const usePayments = () => useQuery(paymentsQueryOptions());
