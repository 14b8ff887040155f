import { addDepartureOption, deleteDepartureOption, exportSeason, importSeason, updateDepartureOption } from '@tours/domain/contracts/staff/catalogue-inventory';
import type { OptionInput } from '@tours/domain/contracts/staff/catalogue-options';
import {
  createCatalogueDeparture,
  deleteCatalogueDeparture,
  getCatalogueDeparture,
  updateCatalogueDeparture,
  type DepartureInput,
  type ManagedDeparture,
} from '@tours/domain/contracts/staff/catalogue-departures';
import { createCatalogueTour, deleteCatalogueTour, getCatalogueTour, listCatalogueTours, updateCatalogueTour, type ManagedTour, type TourInput } from '@tours/domain/contracts/staff/catalogue-tours';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall, staffFile } from '../../lib/staff-api.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * The catalogue's calls (permission catalogue.edit) as TanStack Query reads
 * and changes. A tour or a departure is kept with its ETag; every change
 * sends it as If-Match and keeps the answer (the record as it now is, with
 * its new ETag) as the record's data at once.
 */

export const tourKeys = {
  list: (q: string) => ['catalogue', 'tours', q] as const,
  tour: (id: number) => ['catalogue', 'tour', id] as const,
  departure: (id: number) => ['catalogue', 'departure', id] as const,
};

export interface Versioned<T> {
  record: T;
  etag: string | null;
}

export const useTours = (q: string) =>
  useQuery({
    queryKey: tourKeys.list(q),
    queryFn: async ({ signal }) => (await staffCall(listCatalogueTours, { query: q ? { q } : {}, signal })).body.data.items,
    placeholderData: keepPreviousData,
  });

export const useTour = (id: number) =>
  useQuery({
    queryKey: tourKeys.tour(id),
    queryFn: async ({ signal }): Promise<Versioned<ManagedTour>> => {
      const { body, etag } = await staffCall(getCatalogueTour, { params: { tour: id }, signal });
      return { record: body.data, etag };
    },
  });

export const useDeparture = (id: number) =>
  useQuery({
    queryKey: tourKeys.departure(id),
    queryFn: async ({ signal }): Promise<Versioned<ManagedDeparture>> => {
      const { body, etag } = await staffCall(getCatalogueDeparture, { params: { departure: id }, signal });
      return { record: body.data, etag };
    },
  });

type WithReason<T> = T & { reason: string };

export function useTourChanges(id: number | null) {
  const client = useQueryClient();
  const keep = (answer: Versioned<ManagedTour>) => {
    client.setQueryData(tourKeys.tour(answer.record.id), answer);
    return client.invalidateQueries({ queryKey: ['catalogue', 'tours'] });
  };
  return {
    create: useMutation({
      mutationFn: async (body: WithReason<TourInput>) => {
        const { body: answer, etag } = await staffCall(createCatalogueTour, { body });
        return { record: answer.data, etag };
      },
      onSuccess: keep,
    }),
    update: useMutation({
      mutationFn: async ({ body, etag }: { body: WithReason<TourInput>; etag: string | null }) => {
        const answer = await staffCall(updateCatalogueTour, { params: { tour: id! }, body, ifMatch: etag });
        return { record: answer.body.data, etag: answer.etag };
      },
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: async ({ reason, etag }: { reason: string; etag: string | null }) => staffCall(deleteCatalogueTour, { params: { tour: id! }, body: { reason }, ifMatch: etag }),
      onSuccess: () => client.invalidateQueries({ queryKey: ['catalogue', 'tours'] }),
    }),
  };
}

export function useDepartureChanges(tourId: number, departureId: number | null) {
  const client = useQueryClient();
  const keep = async (answer: Versioned<ManagedDeparture>) => {
    client.setQueryData(tourKeys.departure(answer.record.id), answer);
    await client.invalidateQueries({ queryKey: tourKeys.tour(tourId) });
  };
  const answered = (answer: { body: { data: ManagedDeparture }; etag: string | null }): Versioned<ManagedDeparture> => ({ record: answer.body.data, etag: answer.etag });
  const params = () => ({ departure: departureId! });
  return {
    create: useMutation({
      mutationFn: async (body: WithReason<DepartureInput>) => answered(await staffCall(createCatalogueDeparture, { params: { tour: tourId }, body })),
      onSuccess: keep,
    }),
    update: useMutation({
      mutationFn: async ({ body, etag }: { body: WithReason<DepartureInput>; etag: string | null }) =>
        answered(await staffCall(updateCatalogueDeparture, { params: params(), body, ifMatch: etag })),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: async ({ reason, etag }: { reason: string; etag: string | null }) => staffCall(deleteCatalogueDeparture, { params: params(), body: { reason }, ifMatch: etag }),
      onSuccess: () => client.invalidateQueries({ queryKey: tourKeys.tour(tourId) }),
    }),
    addOption: useMutation({
      mutationFn: async ({ body, etag }: { body: WithReason<OptionInput>; etag: string | null }) => answered(await staffCall(addDepartureOption, { params: params(), body, ifMatch: etag })),
      onSuccess: keep,
    }),
    updateOption: useMutation({
      mutationFn: async ({ option, body, etag }: { option: number; body: WithReason<OptionInput>; etag: string | null }) =>
        answered(await staffCall(updateDepartureOption, { params: { ...params(), option }, body, ifMatch: etag })),
      onSuccess: keep,
    }),
    removeOption: useMutation({
      mutationFn: async ({ option, reason, etag }: { option: number; reason: string; etag: string | null }) =>
        answered(await staffCall(deleteDepartureOption, { params: { ...params(), option }, body: { reason }, ifMatch: etag })),
      onSuccess: keep,
    }),
  };
}

export async function downloadSeason(query: { from?: string; to?: string; tour?: string }): Promise<void> {
  saveFile(await staffFile(exportSeason, { query }), 'departures.csv');
}

export function useSeasonImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { csv: string; dry_run: boolean; reason: string }) => (await staffCall(importSeason, { body })).body.data,
    onSuccess: (report) => (report.applied ? client.invalidateQueries({ queryKey: ['catalogue'] }) : undefined),
  });
}
