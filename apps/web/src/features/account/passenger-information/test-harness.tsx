import { bookingDetailsComplete } from '@tours/domain/account/bookings';
import { correspondenceSchema, passengerUpdateSchema } from '@tours/domain/account/forms';
import type { BookingDetail, CorrespondenceRecord } from '@tours/domain/contracts/account';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { alertMessage, useAlertStore } from '../../../lib/alerts.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { MONTH_NAMES } from '../../../components/forms/calendar.ts';
import { signInForTest } from '../../../test/auth.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { useAccountBooking } from '../api/get-account-booking.ts';
import { bookingDetail } from '../testing/account-fixtures.ts';
import { PassengerInformationTab } from './passenger-information-tab.tsx';

/**
 * The tab against a small stand-in for the API: GET answers the booking as
 * the server holds it, PATCH checks the body with the same domain schemas
 * and stores it, so a test sees the whole round trip (cache update, refetch).
 */
export interface FakeServer {
  state: BookingDetail;
  patches: { path: string; body: unknown }[];
  /** Answer the next PATCH with this instead (a failure, say). */
  failNext: (response: () => Response) => void;
  fetchMock: ReturnType<typeof mockFetch>;
}

export function fakeAccountServer(initial: BookingDetail): FakeServer {
  const server: FakeServer = { state: structuredClone(initial), patches: [], failNext: () => undefined, fetchMock: undefined as never };
  let nextFailure: (() => Response) | null = null;
  server.failNext = (response) => {
    nextFailure = response;
  };
  const complete = () => ({
    ...server.state,
    booking: { ...server.state.booking, details_complete: bookingDetailsComplete(server.state.passengers, server.state.booking.correspondence) },
  });
  server.fetchMock = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const base = `/api/account/bookings/${server.state.booking.id}`;
    if (method === 'GET' && path === base) return jsonResponse({ data: complete() });
    if (method === 'GET' && path === '/api/account/bookings') return jsonResponse({ data: { items: [complete().booking] } });
    if (method !== 'PATCH') return jsonResponse({ error: { code: 'NOT_FOUND', message: path } }, 404);
    const body = JSON.parse(String(init?.body)) as unknown;
    server.patches.push({ path, body });
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return failure();
    }
    if (path === `${base}/correspondence`) {
      const parsed = correspondenceSchema.parse(body);
      const record: CorrespondenceRecord = {
        send_to: parsed.send_to,
        alternate_address: parsed.send_to === 'alternate_address' ? parsed.alternate_address : null,
      };
      server.state.booking.correspondence = record;
      return jsonResponse({ data: record });
    }
    const id = Number(/\/passengers\/(\d+)$/.exec(path)?.[1]);
    const update = passengerUpdateSchema.parse(body);
    const index = server.state.passengers.findIndex((passenger) => passenger.id === id);
    const passenger = { ...server.state.passengers[index]!, ...update };
    server.state.passengers[index] = passenger;
    return jsonResponse({ data: passenger });
  });
  return server;
}

function Harness({ id }: { id: number }) {
  const { detail } = useAccountBooking(id);
  return detail ? <PassengerInformationTab detail={detail} /> : <p>Loading</p>;
}

/** Two adults by default (the demo's couple). */
export async function renderPassengerTab(detail: BookingDetail = twoAdults()) {
  signInForTest();
  const server = fakeAccountServer(detail);
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness id={detail.booking.id} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 2, name: 'Passenger information' });
  return { ...view, server, queryClient };
}

export function twoAdults(): BookingDetail {
  const detail = bookingDetail();
  return { ...detail, passengers: detail.passengers.filter((passenger) => passenger.type === 'Adult') };
}

export const sectionButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
export const sectionPanel = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
/** One passenger's form within a section. */
export const passengerForm = (section: string, name: string) => within(sectionPanel(section)).getByRole('form', { name });

export async function openSection(user: UserEvent, name: string) {
  if (sectionButton(name).getAttribute('aria-expanded') !== 'true') await user.click(sectionButton(name));
  return sectionPanel(name);
}

export const messagesIn = (scope: HTMLElement) => [...scope.querySelectorAll('.field__error')].map((node) => node.textContent);
export const alertTexts = () => useAlertStore.getState().alerts.map(alertMessage);

/** Picks 'YYYY-MM-DD' with the date picker as a person does: year, month, then day. */
export async function pickDate(user: UserEvent, scope: HTMLElement, label: string, iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  await user.click(within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  const dialog = screen.getByRole('dialog', { name: `Choose ${label.toLowerCase()}` });
  for (let page = 0; page < 10 && !within(dialog).queryByRole('button', { name: String(year) }); page++) {
    const grid = within(dialog).getByRole('grid', { name: /^Years/ }).getAttribute('aria-label')!;
    const first = Number(/Years (\d+)/.exec(grid)![1]);
    await user.click(within(dialog).getByRole('button', { name: year < first ? 'Earlier years' : 'Later years' }));
  }
  await user.click(within(dialog).getByRole('button', { name: String(year) }));
  await user.click(within(dialog).getByRole('button', { name: `${MONTH_NAMES[month - 1]} ${year}` }));
  await user.click(within(dialog).getByRole('button', { name: `${day} ${MONTH_NAMES[month - 1]} ${year}` }));
}
