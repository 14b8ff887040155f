import { getTourDetail, listCatalogue, type CatalogueQuery } from '@tours/domain/contracts/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';

export const catalogueQueryKey = ['catalogue'] as const;

/**
 * The tours the filters let through, soonest first, with the months that have
 * departures. While new filters load, the previous list stays in view.
 * A failure raises the general toast and the page offers a retry.
 */
export function useCatalogue(query: CatalogueQuery) {
  return useQuery({
    queryKey: [...catalogueQueryKey, query],
    queryFn: async ({ signal }) => (await callApi(listCatalogue, { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** One tour's page; an unknown code is a 404 the page explains, so no toast for it. */
export function useTourDetail(code: string) {
  return useQuery({
    queryKey: [...catalogueQueryKey, 'tour', code.toUpperCase()],
    queryFn: async ({ signal }) => (await callApi(getTourDetail, { params: { code }, signal, onError: { NOT_FOUND: 'silent' } })).data,
    retry: (count, error) => count < 2 && !(error instanceof ApiRequestError && error.status === 404),
  });
}
