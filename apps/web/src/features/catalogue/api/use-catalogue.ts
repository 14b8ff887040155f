import { listCatalogue } from '@tours/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const catalogueQueryKey = ['catalogue'] as const;

/** Every tour with its departures; a failure raises the general toast and the page offers a retry. */
export function useCatalogue() {
  return useQuery({
    queryKey: catalogueQueryKey,
    queryFn: async ({ signal }) => (await callApi(listCatalogue, { signal })).data.items,
  });
}
