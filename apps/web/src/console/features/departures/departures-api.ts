import {
  downloadAgencyStatement,
  downloadFlightManifest,
  downloadPassengerManifest,
  downloadRoomingList,
  getStaffDeparture,
  listStaffDepartures,
  type StaffDepartureSearch,
} from '@tours/domain/contracts/staff/departures';
import { departureDocumentFileName, type DepartureDocument, type DepartureDocumentFormat } from '@tours/domain/staff/departures';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveFile } from '../../lib/save-file.ts';
import { staffCall, staffFile } from '../../lib/staff-api.ts';

/** The departures' calls (permission departures.read; the flight manifest passports.read), as TanStack Query reads. */

export const useDepartures = (search: Partial<StaffDepartureSearch>) =>
  useQuery({
    queryKey: ['staff', 'departures', search],
    queryFn: async ({ signal }) => (await staffCall(listStaffDepartures, { query: search, signal })).body.data,
    placeholderData: keepPreviousData,
  });

export const useDeparture = (id: number) =>
  useQuery({ queryKey: ['staff', 'departures', id], queryFn: async ({ signal }) => (await staffCall(getStaffDeparture, { params: { departure: id }, signal })).body.data });

const ENDPOINTS = {
  'passenger-manifest': downloadPassengerManifest,
  'rooming-list': downloadRoomingList,
  'flight-manifest': downloadFlightManifest,
  'agency-statement': downloadAgencyStatement,
} as const;

/** Fetches one of the departure's documents with the staff session's token and saves it. */
export async function downloadDepartureDocument(
  departure: { id: number; tour: { code: string }; start_date: string },
  document: DepartureDocument,
  format: DepartureDocumentFormat,
): Promise<void> {
  const fallback = departureDocumentFileName(document, departure.tour.code, departure.start_date, format);
  saveFile(await staffFile(ENDPOINTS[document], { params: { departure: departure.id }, query: { format } }), fallback);
}
