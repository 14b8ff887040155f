import { act, renderHook, waitFor } from '@testing-library/react';
import { VALIDATION } from '@tours/domain/messages';
import { RATE_LIMIT_MESSAGES } from '@tours/domain/rate-limit-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { useAlertStore } from './alerts.ts';
import { findAddresses } from './find-addresses.ts';
import { usePostcodeLookup } from './postcode-lookup.ts';

const ADDRESSES = [
  '10 Downing Street, , , , , London, Greater London',
  '11 Downing Street, , , , , London, Greater London',
];

/** Answers the lookup as our API does; records the postcodes asked for. */
function addressService(answer: (postcode: string) => Response) {
  const asked: string[] = [];
  const fetchMock = mockFetch((url) => {
    const postcode = decodeURIComponent(new URL(url, 'http://localhost').pathname.replace('/api/addresses/', ''));
    asked.push(postcode);
    return answer(postcode);
  });
  return { asked, fetchMock };
}

describe('findAddresses', () => {
  it('answers the addresses found, asking for the postcode in its usual form', async () => {
    const { asked } = addressService((postcode) => jsonResponse({ data: { postcode, addresses: ADDRESSES } }));
    await expect(findAddresses(' sw1a2aa ')).resolves.toEqual({ status: 'found', postcode: 'SW1A 2AA', addresses: ADDRESSES });
    expect(asked).toEqual(['SW1A 2AA']);
  });

  it("says 'Sorry, we were unable to find that post-code.' when nothing is found", async () => {
    addressService((postcode) => jsonResponse({ data: { postcode, addresses: [] } }));
    await expect(findAddresses('ZZ9 9ZZ')).resolves.toEqual({ status: 'failed', message: 'Sorry, we were unable to find that post-code.' });
  });

  it("says 'Field required' for an empty postcode, without a call", async () => {
    const { fetchMock } = addressService(() => jsonResponse({}));
    await expect(findAddresses('   ')).resolves.toEqual({ status: 'failed', message: 'Field required' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not look up what cannot be a UK postcode', async () => {
    const { fetchMock } = addressService(() => jsonResponse({}));
    await expect(findAddresses('90210')).resolves.toEqual({ status: 'failed', message: 'Sorry, we were unable to find that post-code.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when to look again, at the field, when the server refuses too many lookups', async () => {
    const refusal = RATE_LIMIT_MESSAGES.postcodeLookups('in 14 minutes');
    mockFetch(() => new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: refusal } }), { status: 429, headers: { 'Retry-After': '800' } }));
    await expect(findAddresses('EC1A 1BB')).resolves.toEqual({ status: 'failed', message: refusal });
    // A bare 429 from a proxy is worded the same way, with its Retry-After.
    mockFetch(() => new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': '30' } }));
    await expect(findAddresses('EC1A 1BB')).resolves.toEqual({ status: 'failed', message: RATE_LIMIT_MESSAGES.postcodeLookups('in 30 seconds') });
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('treats a failed call as not found, at the field and without the general toast', async () => {
    addressService(() => jsonResponse({ error: { code: 'SERVICE_FAILURE', message: 'Address service down' } }, 502));
    await expect(findAddresses('EC1A 1BB')).resolves.toEqual({ status: 'failed', message: 'Sorry, we were unable to find that post-code.' });
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await expect(findAddresses('EC1A 1BB')).resolves.toMatchObject({ status: 'failed' });
    expect(useAlertStore.getState().alerts).toEqual([]);
  });
});

describe('usePostcodeLookup', () => {
  it('reports searching, then the result, and clears', async () => {
    addressService((postcode) => jsonResponse({ data: { postcode, addresses: ADDRESSES } }));
    const { result } = renderHook(() => usePostcodeLookup());
    expect(result.current.state).toEqual({ status: 'idle' });
    let pending: Promise<unknown>;
    act(() => {
      pending = result.current.find('SW1A 2AA');
    });
    expect(result.current.state).toEqual({ status: 'searching' });
    await act(async () => {
      await pending;
    });
    expect(result.current.state).toMatchObject({ status: 'found', addresses: ADDRESSES });
    act(() => result.current.clear());
    expect(result.current.state).toEqual({ status: 'idle' });
  });

  it('lets the newest search win over a slower older one', async () => {
    let releaseFirst: (response: Response) => void = () => {};
    mockFetch((url, init) => {
      if (url.includes('SW1A')) {
        return new Promise<Response>((resolve, reject) => {
          releaseFirst = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return jsonResponse({ data: { postcode: 'EC1A 1BB', addresses: ['1 Little Britain, , , , , London, Greater London'] } });
    });
    const { result } = renderHook(() => usePostcodeLookup());
    let first: Promise<unknown>;
    act(() => {
      first = result.current.find('SW1A 2AA');
    });
    await act(async () => {
      await result.current.find('EC1A 1BB');
    });
    releaseFirst(jsonResponse({ data: { postcode: 'SW1A 2AA', addresses: ADDRESSES } }));
    await act(async () => {
      await expect(first).resolves.toBeNull();
    });
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'found', postcode: 'EC1A 1BB' }));
  });
});

describe('usePostcodeLookup when the call cannot be loaded', () => {
  afterEach(() => {
    vi.doUnmock('./find-addresses.ts');
    vi.resetModules();
  });

  it('says the address was not found, so it can still be typed', async () => {
    vi.resetModules();
    vi.doMock('./find-addresses.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { usePostcodeLookup: useFreshLookup } = await import('./postcode-lookup.ts');
    const { result } = renderHook(() => useFreshLookup());
    await act(async () => {
      await result.current.find('SW1A 2AA');
    });
    expect(result.current.state).toEqual({ status: 'failed', message: VALIDATION.postcodeNotFound });
  });
});
