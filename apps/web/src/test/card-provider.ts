import { vi } from 'vitest';
import type { CardFormSdk } from '../lib/card-payment/provider-sdk.ts';

export interface FakeSdk {
  sdk: CardFormSdk;
  mounts: { token: string; container: HTMLElement; send: (message: unknown) => void; destroyed: boolean }[];
  /** The provider's message to the form mounted last. */
  send: (message: unknown) => void;
}

/**
 * The card provider's SDK as a page sees it once its script has run. The real
 * one checks each message's origin and frame before calling onMessage; here
 * a test plays the part of that checked frame.
 */
export function installFakeSdk(): FakeSdk {
  const mounts: FakeSdk['mounts'] = [];
  const sdk: CardFormSdk = {
    mount: vi.fn((container: HTMLElement, options: { token: string; onMessage: (message: unknown) => void }) => {
      const entry = { token: options.token, container, send: options.onMessage, destroyed: false };
      mounts.push(entry);
      return {
        destroy: () => {
          entry.destroyed = true;
        },
      };
    }),
  };
  window.SandboxPay = sdk;
  return {
    sdk,
    mounts,
    send: (message) => {
      const last = mounts.at(-1);
      if (!last || last.destroyed) throw new Error('No card form is mounted');
      last.send(message);
    },
  };
}
