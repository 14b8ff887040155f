import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeSdk } from '../../test/card-provider.ts';
import { loadProviderScript, ProviderScriptError, reactionTo, resetProviderScripts } from './provider-sdk.ts';

const URL = 'http://localhost/pay/sdk.js';
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-card-provider]')];

afterEach(() => resetProviderScripts());

describe("the provider's messages", () => {
  it.each([
    [{ source: 'sandbox-pay', type: 'ready' }, { kind: 'ready' }],
    [{ source: 'sandbox-pay', type: 'resize', height: 420 }, { kind: 'ignore' }],
    [{ source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' }, { kind: 'paid', paymentId: 'pay_1' }],
    [{ source: 'sandbox-pay', type: 'failed', message: 'Declined' }, { kind: 'declined' }],
    [{ source: 'sandbox-pay', type: 'canceled' }, { kind: 'stopped', reason: 'canceled' }],
    [{ source: 'sandbox-pay', type: 'closed' }, { kind: 'stopped', reason: 'closed' }],
    [{ source: 'sandbox-pay', type: 'closed', error: 'Expired request' }, { kind: 'expired' }],
    [{ type: 'success' }, { kind: 'ignore' }],
    [{ type: 'paid', payment_id: 'pay_1' }, { kind: 'ignore' }],
    ['success', { kind: 'ignore' }],
    [null, { kind: 'ignore' }],
  ])('%j means %j', (message, reaction) => {
    expect(reactionTo(message)).toEqual(reaction);
  });
});

describe('loading the provider script', () => {
  it('loads the script once for every caller and hands over its SDK', async () => {
    const first = loadProviderScript(URL);
    const second = loadProviderScript(URL);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.src).toBe(URL);
    const { sdk } = installFakeSdk();
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(sdk);
    await expect(second).resolves.toBe(sdk);
    // Once on the page, nothing is loaded again.
    await expect(loadProviderScript(URL)).resolves.toBe(sdk);
    expect(scripts()).toHaveLength(1);
  });

  it('fails clearly when the script cannot be loaded, and tries afresh next time', async () => {
    const failed = loadProviderScript(URL);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(ProviderScriptError);
    expect(scripts()).toHaveLength(0);
    void loadProviderScript(URL).catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });

  it('gives up after its time-out', async () => {
    vi.useFakeTimers();
    const slow = loadProviderScript(URL, 15_000);
    const outcome = slow.catch((error: unknown) => error);
    vi.advanceTimersByTime(15_000);
    expect(await outcome).toBeInstanceOf(ProviderScriptError);
    expect(((await outcome) as Error).message).toMatch(/did not load within 15 s/);
    expect(scripts()).toHaveLength(0);
  });

  it('fails when the script loads but sets up no form', async () => {
    const empty = loadProviderScript(URL);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow(/did not set up its form/);
  });
});
