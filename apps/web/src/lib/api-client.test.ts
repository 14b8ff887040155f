import { catalogueTourSchema } from '@tours/domain/contracts/catalogue';
import { dataEnvelope, defineEndpoint, itemsEnvelope } from '@tours/domain/contracts/common';
import { ALERTS } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { catalogueTours } from '../test/fixtures.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { callApi } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';
import { useAlertStore } from './alerts.ts';
import { useRegionStore } from './region.ts';

const getBooking = defineEndpoint({
  method: 'GET',
  path: '/account/bookings/:booking',
  params: z.object({ booking: z.coerce.number() }),
  response: dataEnvelope(z.object({ id: z.number() })),
  auth: 'customer',
  summary: 'test',
});

const findTour = defineEndpoint({
  method: 'GET',
  path: '/tours/find',
  query: z.object({ tour: z.string().trim().min(1), departure: z.string(), currency: z.enum(['GBP', 'USD']).default('GBP') }),
  response: dataEnvelope(z.object({ code: z.string() })),
  auth: 'none',
  summary: 'test',
});

const createBooking = defineEndpoint({
  method: 'POST',
  path: '/bookings',
  body: z.object({ tour_code: z.string().trim(), passengers: z.array(z.object({ given_name: z.string() })) }),
  response: dataEnvelope(z.object({ id: z.number() })),
  auth: 'none',
  summary: 'test',
});

/** A call with no input, answering the catalogue's items. */
const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/tours',
  response: itemsEnvelope(catalogueTourSchema),
  auth: 'none',
  summary: 'test',
});

const toasts = () => useAlertStore.getState().alerts.map(({ message, type }) => ({ message, type }));

describe('callApi', () => {
  it('parses a success with the contract and returns it', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { items: catalogueTours } }));
    const result = await callApi(listCatalogue);
    expect(result.data.items[0]?.code).toBe('VIE24');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tours');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('fills path parameters and sends the bearer token', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { id: 42 } }));
    await expect(callApi(getBooking, { params: { booking: 42 }, token: 'abc.def' })).resolves.toEqual({ data: { id: 42 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/bookings/42');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc.def');
  });

  it('checks and serialises the query, applying its defaults', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { code: 'VIE24' } }));
    await callApi(findTour, { query: { tour: ' VIE24 ', departure: '2027-03-04' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tours/find?tour=VIE24&departure=2027-03-04&currency=GBP');
  });

  it('sends the body as JSON', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { id: 7 } }, 201));
    await callApi(createBooking, { body: { tour_code: 'VIE24', passengers: [{ given_name: 'Ada' }] } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ tour_code: 'VIE24', passengers: [{ given_name: 'Ada' }] });
  });

  it('raises a required-parameter error without calling the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { id: 1 } }));
    const failure = callApi(getBooking, { params: { booking: undefined } });
    await expect(failure).rejects.toMatchObject({ code: 'REQUIRED_PARAMETER', status: 0 });
    await expect(failure).rejects.toThrow("Required parameter 'booking' was missing");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps an error envelope to ApiRequestError with its fields', async () => {
    mockFetch(() =>
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Invalid body', fields: { 'passengers.0.given_name': 'First name is required' } } }, 400),
    );
    const error = await callApi(createBooking, { body: { tour_code: 'X', passengers: [] }, onError: 'silent' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      fields: { 'passengers.0.given_name': 'First name is required' },
    });
  });

  it('names answers without an envelope by their status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callApi(listCatalogue, { onError: 'silent' })).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
    mockFetch(() => new Response('', { status: 404 }));
    await expect(callApi(listCatalogue, { onError: 'silent' })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('rejects an answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ data: { items: [{ id: 'one' }] } }));
    await expect(callApi(listCatalogue, { onError: 'silent' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
  });

  it('refuses invalid input before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    await expect(callApi(findTour, { query: { tour: '  ', departure: '2027-03-04' }, onError: 'silent' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      fields: { tour: expect.any(String) },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi(listCatalogue, { onError: 'silent' })).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('failure reporting', () => {
  it('raises the general-failure toast with the regional phone by default', async () => {
    useRegionStore.setState({ region: 'AU' });
    mockFetch(() => jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    await expect(callApi(listCatalogue)).rejects.toBeInstanceOf(ApiRequestError);
    expect(toasts()).toEqual([
      { message: `A problem occurred. Please refresh the page or contact us on ${OPERATOR.regions.AU.phone}.`, type: 'danger' },
    ]);
  });

  it('stays silent when the caller handles the failure', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'NO_RESULTS', message: 'none' } }, 404));
    await expect(callApi(listCatalogue, { onError: 'silent' })).rejects.toMatchObject({ code: 'NO_RESULTS' });
    expect(toasts()).toEqual([]);
  });

  it('picks a message by error code, then by status, then the default', async () => {
    const onError = { NO_RESULTS: 'silent', 500: ALERTS.noAccount, default: ALERTS.agentNotFound } as const;
    mockFetch(() => jsonResponse({ error: { code: 'NO_RESULTS', message: 'none' } }, 404));
    await callApi(listCatalogue, { onError }).catch(() => {});
    expect(toasts()).toEqual([]);

    mockFetch(() => jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    await callApi(listCatalogue, { onError }).catch(() => {});
    expect(toasts()).toEqual([
      { message: `No account found. Please make sure to use the e-mail address used on your booking or contact us on ${OPERATOR.regions.DEFAULT.phone}.`, type: 'warning' },
    ]);

    useAlertStore.getState().clear();
    mockFetch(() => jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, 403));
    await callApi(listCatalogue, { onError }).catch(() => {});
    expect(toasts()).toEqual([{ message: 'Failed to find agent.', type: 'warning' }]);
  });

  it('lets a handler function decide, falling back to the general toast', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'CONFLICT', message: 'taken' } }, 409));
    await callApi(listCatalogue, { onError: (error) => (error.code === 'CONFLICT' ? ALERTS.staffNotFound : undefined) }).catch(() => {});
    await callApi(listCatalogue, { onError: () => undefined }).catch(() => {});
    expect(toasts().map((toast) => toast.message)).toEqual([
      'Failed to find staff member.',
      `A problem occurred. Please refresh the page or contact us on ${OPERATOR.regions.DEFAULT.phone}.`,
    ]);
  });

  it('raises no toast for a call cancelled by its caller', async () => {
    const controller = new AbortController();
    mockFetch((_url, init) => {
      controller.abort();
      return Promise.reject(init?.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    });
    await expect(callApi(listCatalogue, { signal: controller.signal })).rejects.not.toBeInstanceOf(ApiRequestError);
    expect(toasts()).toEqual([]);
  });
});
