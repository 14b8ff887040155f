import { z } from 'zod/mini';

/**
 * The card provider's browser script (spec section 7, Third-party: loaded
 * remotely). Its address comes with each payment token, so the page never
 * hard-codes the provider. The script defines `SandboxPay.mount(container,
 * { token, onMessage })`, which frames the provider's form and relays its
 * messages only after checking their origin and that they come from its own
 * frame (apps/api/src/modules/payment-provider/README.md); this page relies on
 * that check and validates the shape of what it is handed.
 */

export interface MountedCardForm {
  destroy: () => void;
}

export interface CardFormSdk {
  mount: (container: HTMLElement, options: { token: string; onMessage: (message: unknown) => void }) => MountedCardForm;
}

declare global {
  interface Window {
    SandboxPay?: CardFormSdk;
  }
}

export const SCRIPT_TIMEOUT_MS = 15_000;

export class ProviderScriptError extends Error {
  override readonly name = 'ProviderScriptError';
}

const loading = new Map<string, Promise<CardFormSdk>>();

const sdkOnPage = (): CardFormSdk | null => (typeof window.SandboxPay?.mount === 'function' ? window.SandboxPay : null);

/**
 * Loads the script once per address; later calls share the same promise. A
 * failed or timed-out load is forgotten (and its element removed), so the
 * next attempt really tries again instead of repeating the failure.
 */
export function loadProviderScript(url: string, timeoutMs: number = SCRIPT_TIMEOUT_MS): Promise<CardFormSdk> {
  const present = sdkOnPage();
  if (present) return Promise.resolve(present);
  const pending = loading.get(url);
  if (pending) return pending;

  const promise = new Promise<CardFormSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.cardProvider = 'true';
    const fail = (message: string) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(url);
      reject(new ProviderScriptError(message));
    };
    const timer = setTimeout(() => fail(`The card payment script did not load within ${timeoutMs / 1000} s`), timeoutMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      const sdk = sdkOnPage();
      if (sdk) resolve(sdk);
      else fail('The card payment script loaded but did not set up its form');
    });
    script.addEventListener('error', () => fail('The card payment script could not be loaded'));
    document.head.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}

/** For tests: forgets every load, as a fresh page would. */
export function resetProviderScripts(): void {
  loading.clear();
  for (const script of document.querySelectorAll('script[data-card-provider]')) script.remove();
  delete window.SandboxPay;
}

/** The messages of spec section 7 (Third-party) and the SDK's README; anything else is ignored. */
export const providerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('resize'), height: z.optional(z.number()) }),
  z.object({ type: z.literal('success'), payment_id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.object({ type: z.literal('failed'), message: z.optional(z.string()) }),
  z.object({ type: z.literal('canceled') }),
  z.object({ type: z.literal('closed'), error: z.optional(z.string()) }),
]);

export const EXPIRED_REQUEST = 'Expired request';

/** What the payment does next for each message (spec section 4, Step 4 payment). */
export type ProviderReaction =
  | { kind: 'ready' }
  | { kind: 'paid'; paymentId: string }
  | { kind: 'declined' }
  | { kind: 'stopped'; reason: 'canceled' | 'closed' }
  | { kind: 'expired' }
  | { kind: 'ignore' };

export function reactionTo(raw: unknown): ProviderReaction {
  const parsed = providerMessageSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'ignore' };
  const message = parsed.data;
  switch (message.type) {
    case 'ready':
      return { kind: 'ready' };
    case 'success':
      return { kind: 'paid', paymentId: message.payment_id };
    case 'failed':
      return { kind: 'declined' };
    case 'canceled':
      return { kind: 'stopped', reason: 'canceled' };
    case 'closed':
      return message.error === EXPIRED_REQUEST ? { kind: 'expired' } : { kind: 'stopped', reason: 'closed' };
    case 'resize':
      // The SDK sizes the frame itself.
      return { kind: 'ignore' };
  }
}
