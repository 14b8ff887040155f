import { listMarketingSources } from '@tours/domain/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

export const marketingSourcesQueryKey = ['marketing-sources'] as const;

/** The 'How did you hear about us?' choices; they change rarely, so one load serves the visit. */
export function useMarketingSources() {
  return useQuery({
    queryKey: marketingSourcesQueryKey,
    queryFn: async ({ signal }) => (await callApi(listMarketingSources, { signal })).data.items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
