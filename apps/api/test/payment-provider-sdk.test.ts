import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { cardBrand, checkCard, isValidExpiry, outcomeOf, passesLuhn } from '../src/modules/payment-provider/cards.ts';

const SDK = readFileSync(new URL('../src/modules/payment-provider/browser/sdk.js', import.meta.url), 'utf8');
const PROVIDER = 'https://pay.example';

/**
 * Just enough of a browser for sdk.js: a window that keeps its message
 * listeners, a document with the script's own element, and elements that
 * record what is done to them. The origin checks are what is under test.
 */
function loadSdk(scriptSrc: string | null = `${PROVIDER}/pay/sdk.js`) {
  const listeners = new Set<(event: unknown) => void>();
  const frameWindow = { name: 'the frame' };
  const iframe = {
    src: '',
    title: '',
    style: {} as Record<string, string>,
    attributes: {} as Record<string, string>,
    contentWindow: frameWindow,
    removed: false,
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
    remove() {
      this.removed = true;
    },
  };
  const dispatched: { type: string; data: unknown; origin: string }[] = [];
  const container = {
    children: [] as unknown[],
    appendChild(child: unknown) {
      this.children.push(child);
    },
    dispatchEvent(event: { type: string; data: unknown; origin: string }) {
      dispatched.push({ type: event.type, data: event.data, origin: event.origin });
      return true;
    },
  };
  const window: Record<string, unknown> = {
    location: { href: 'https://shop.example/book' },
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && listeners.add(listener),
    removeEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && listeners.delete(listener),
  };
  const document = {
    currentScript: scriptSrc ? { src: scriptSrc } : null,
    createElement: (tag: string) => {
      if (tag !== 'iframe') throw new Error(`unexpected element ${tag}`);
      return iframe;
    },
    querySelector: (selector: string) => (selector === '#payment' ? container : null),
  };
  runInNewContext(SDK, { window, document, MessageEvent, URL });
  const sdk = window.SandboxPay as {
    mount(target: unknown, options: Record<string, unknown>): { destroy(): void };
  };
  const send = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const listener of [...listeners]) listener(event);
  };
  return { sdk, iframe, container, dispatched, send, listeners, frameWindow };
}

describe('sdk.js', () => {
  it('frames the provider form for the token, sized by the frame', () => {
    const { sdk, iframe, container } = loadSdk();
    sdk.mount(container, { token: 'ptok_a+b/c' });
    expect(container.children).toEqual([iframe]);
    expect(iframe.src).toBe(`${PROVIDER}/pay/frame?token=ptok_a%2Bb%2Fc`);
    expect(iframe.title).toBe('Card payment form');
    expect(iframe.style.width).toBe('100%');
  });

  it('trusts only messages from the provider origin and from its own frame', () => {
    const { sdk, container, dispatched, send, frameWindow } = loadSdk();
    const onMessage = vi.fn();
    sdk.mount('#payment', { token: 't', onMessage });
    const success = { source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' };

    send({ origin: 'https://evil.example', source: frameWindow, data: success });
    send({ origin: PROVIDER, source: { another: 'frame' }, data: success });
    send({ origin: PROVIDER, source: frameWindow, data: { ...success, source: 'someone-else' } });
    send({ origin: PROVIDER, source: frameWindow, data: { source: 'sandbox-pay', type: 'pay-everyone' } });
    send({ origin: PROVIDER, source: frameWindow, data: 'success' });
    expect(onMessage).not.toHaveBeenCalled();
    expect(dispatched).toEqual([]);

    send({ origin: PROVIDER, source: frameWindow, data: { ...success, extra: '<img onerror>' } });
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(success);
    expect(dispatched).toEqual([{ type: 'sandbox-pay:message', data: success, origin: PROVIDER }]);
    expect(container.children).toHaveLength(1);
  });

  it('relays every message type with its own fields, and resizes the frame', () => {
    const { sdk, iframe, send, frameWindow } = loadSdk();
    const messages: unknown[] = [];
    sdk.mount('#payment', { token: 't', onMessage: (message: unknown) => messages.push(message) });
    const frame = (data: Record<string, unknown>) => send({ origin: PROVIDER, source: frameWindow, data: { source: 'sandbox-pay', ...data } });
    frame({ type: 'ready' });
    frame({ type: 'resize', height: 612.4 });
    frame({ type: 'failed', message: 'Your card was declined.' });
    frame({ type: 'canceled' });
    frame({ type: 'closed' });
    frame({ type: 'closed', error: 'Expired request' });
    expect(iframe.style.height).toBe('613px');
    expect(messages).toEqual([
      { source: 'sandbox-pay', type: 'ready' },
      { source: 'sandbox-pay', type: 'resize', height: 612.4 },
      { source: 'sandbox-pay', type: 'failed', message: 'Your card was declined.' },
      { source: 'sandbox-pay', type: 'canceled' },
      { source: 'sandbox-pay', type: 'closed' },
      { source: 'sandbox-pay', type: 'closed', error: 'Expired request' },
    ]);
  });

  it('takes the provider origin from options when the script has no src', () => {
    const { sdk, iframe, container, send, frameWindow } = loadSdk(null);
    expect(() => sdk.mount(container, { token: 't' })).toThrow(/origin/);
    const onMessage = vi.fn();
    sdk.mount(container, { token: 't', origin: 'http://localhost:3000/', onMessage });
    expect(iframe.src).toBe('http://localhost:3000/pay/frame?token=t');
    send({ origin: PROVIDER, source: frameWindow, data: { source: 'sandbox-pay', type: 'canceled' } });
    send({ origin: 'http://localhost:3000', source: frameWindow, data: { source: 'sandbox-pay', type: 'canceled' } });
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('stops listening and removes the frame on destroy', () => {
    const { sdk, iframe, container, listeners } = loadSdk();
    const mounted = sdk.mount(container, { token: 't' });
    expect(listeners.size).toBe(1);
    mounted.destroy();
    expect(listeners.size).toBe(0);
    expect(iframe.removed).toBe(true);
  });

  it('refuses to mount without a container or a token', () => {
    const { sdk, container } = loadSdk();
    expect(() => sdk.mount('#missing', { token: 't' })).toThrow(/container/);
    expect(() => sdk.mount(container, { token: '' })).toThrow(/token/);
  });
});

describe('sandbox card rules', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('checks numbers with Luhn and names their brand', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000069')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect([cardBrand('4242424242424242'), cardBrand('5555555555554444'), cardBrand('2223003122003222'), cardBrand('378282246310005')]).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
    ]);
  });

  it('takes a card to the end of its expiry month and no more than 20 years ahead', () => {
    expect(isValidExpiry('11/26', now)).toBe(true);
    expect(isValidExpiry('10/26', now)).toBe(false);
    expect(isValidExpiry(' 01 / 27 ', now)).toBe(true);
    expect(isValidExpiry('12/46', now)).toBe(true);
    expect(isValidExpiry('01/47', now)).toBe(false);
    expect(isValidExpiry('00/27', now)).toBe(false);
    expect(isValidExpiry('1/27', now)).toBe(false);
  });

  it('decides outcomes by the test card alone', () => {
    expect(outcomeOf('4242424242424242')).toEqual({ outcome: 'succeeds' });
    expect(outcomeOf('4000000000000002').outcome).toBe('declined');
    expect(outcomeOf('4000000000000069')).toEqual({ outcome: 'expired-request' });
    expect(outcomeOf('5555555555554444').outcome).toBe('declined');
  });

  it('keeps only brand and last four digits of a good card', () => {
    expect(checkCard({ card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'A' }, now)).toEqual({
      card: { digits: '4242424242424242', brand: 'visa', last4: '4242' },
    });
  });
});
