import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProviderScripts } from '../../lib/card-payment/provider-sdk.ts';
import { installFakeSdk, type FakeSdk } from '../../test/card-provider.ts';
import { CardForm, FORM_READY_TIMEOUT_MS } from './card-form.tsx';

const TOKEN = { token: 'ptok_1', script_url: 'http://localhost/pay/sdk.js' };
let sdk: FakeSdk;

beforeEach(() => {
  resetProviderScripts();
  sdk = installFakeSdk();
  vi.useFakeTimers();
});

afterEach(() => resetProviderScripts());

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('the inline card form', () => {
  it("mounts the provider's form 500 ms after its token, relays its messages and destroys it when unmounted", async () => {
    const onMessage = vi.fn();
    const view = render(<CardForm token={TOKEN} onMessage={onMessage} onFailure={() => undefined} />);
    await advance(499);
    expect(sdk.mounts).toHaveLength(0);
    await advance(1);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1']);
    act(() => sdk.send({ type: 'ready' }));
    expect(onMessage).toHaveBeenCalledWith('ptok_1', { type: 'ready' });
    view.unmount();
    expect(sdk.mounts[0]!.destroyed).toBe(true);
  });

  it('reports a failure when the form never says it is ready', async () => {
    const onFailure = vi.fn();
    render(<CardForm token={TOKEN} onMessage={() => undefined} onFailure={onFailure} />);
    await advance(500);
    await advance(FORM_READY_TIMEOUT_MS - 1);
    expect(onFailure).not.toHaveBeenCalled();
    await advance(1);
    expect(onFailure).toHaveBeenCalledWith('ptok_1');
  });
});
