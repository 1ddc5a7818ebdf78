import { type OfferDto, offerResponseSchema } from '@contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const offerQueryKey = ['/api', 'billing', 'offer'] as const;

/** GET /api/billing/offer (public): the welcome offer's end and its price against the list price. */
export async function getOffer({ signal }: { signal?: AbortSignal } = {}): Promise<OfferDto> {
  return offerResponseSchema.parse(await apiRequest<unknown>('/api/billing/offer', { signal }));
}

export const offerQueryOptions = () => queryOptions({ queryKey: offerQueryKey, queryFn: ({ signal }) => getOffer({ signal }) });

export const useOffer = () => useQuery(offerQueryOptions());
