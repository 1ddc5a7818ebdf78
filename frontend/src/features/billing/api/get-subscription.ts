import { type SubscriptionDto, subscriptionResponseSchema } from '@contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const subscriptionQueryKey = ['/api', 'billing', 'subscription'] as const;

/** GET /api/billing/subscription (free and pro members): the member's Pro subscription, and whether it has a portal to manage. */
export async function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionDto> {
  return subscriptionResponseSchema.parse(await apiRequest<unknown>('/api/billing/subscription', { signal }));
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription({ signal }) });

/** Asked only when `enabled` (staff have no subscription: the route refuses them). */
export const useSubscription = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...subscriptionQueryOptions(), enabled });
