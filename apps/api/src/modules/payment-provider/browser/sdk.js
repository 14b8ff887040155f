/* global window, document */
// SandboxPay browser SDK, served as-is from /pay/sdk.js (no build step).
//
//   const form = SandboxPay.mount(container, { token, onMessage(message) {...} });
//   form.destroy();
//
// mount() puts the provider's payment frame into `container` (an element or a
// selector), sizes it to its content and relays the frame's messages. A
// message is only trusted when it comes from this provider's origin and from
// this very frame; the frame itself posts only to the token's allowed origin.
// Each trusted message goes to `onMessage` and is dispatched on the container
// as a bubbling MessageEvent named 'sandbox-pay:message' (event.data, event.origin).
// Messages, all with source 'sandbox-pay':
//   { type: 'ready' }                        the form is shown
//   { type: 'resize', height }               content height in CSS pixels (the SDK applies it)
//   { type: 'success', payment_id }          paid; confirm the payment server-side with the id
//   { type: 'failed', message }              declined; the form stays open for another try
//   { type: 'canceled' }                     the payer pressed Cancel
//   { type: 'closed' }                       the token has already paid; the form is closed
//   { type: 'closed', error: 'Expired request' }  the token's lifetime is over; start again with a new token
(() => {
  'use strict';
  if (window.SandboxPay) return;

  const TYPES = ['ready', 'resize', 'success', 'failed', 'canceled', 'closed'];
  const script = document.currentScript;
  // The provider's base URL is where this script came from: https://host/pay/sdk.js -> https://host/pay.
  const scriptBase = script && script.src ? script.src.replace(/\/sdk\.js(?:[?#].*)?$/, '') : '';

  /** Only the fields each type defines reach the host page. */
  function copy(data) {
    const message = { source: 'sandbox-pay', type: data.type };
    if (data.type === 'resize' && typeof data.height === 'number' && data.height >= 0) message.height = data.height;
    if (data.type === 'success' && typeof data.payment_id === 'string') message.payment_id = data.payment_id;
    if (data.type === 'failed' && typeof data.message === 'string') message.message = data.message;
    if (data.type === 'closed' && typeof data.error === 'string') message.error = data.error;
    return message;
  }

  function mount(target, options) {
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('SandboxPay.mount: the container was not found');
    if (!options || typeof options.token !== 'string' || options.token === '') {
      throw new Error('SandboxPay.mount: a token is required');
    }
    // `origin` names the provider when the script was loaded from elsewhere (a bundle, a proxy).
    const base = options.origin ? `${String(options.origin).replace(/\/+$/, '')}/pay` : scriptBase;
    if (!base) throw new Error('SandboxPay.mount: pass { origin } when the script has no src');
    const providerOrigin = new URL(base, window.location.href).origin;

    const iframe = document.createElement('iframe');
    iframe.src = `${base}/frame?token=${encodeURIComponent(options.token)}`;
    iframe.title = 'Card payment form';
    iframe.setAttribute('scrolling', 'no');
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.height = '480px';

    function onWindowMessage(event) {
      if (event.origin !== providerOrigin) return;
      if (event.source !== iframe.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.source !== 'sandbox-pay' || !TYPES.includes(data.type)) return;
      const message = copy(data);
      if (message.type === 'resize' && message.height !== undefined) iframe.style.height = `${Math.ceil(message.height)}px`;
      container.dispatchEvent(new MessageEvent('sandbox-pay:message', { data: message, origin: providerOrigin, bubbles: true }));
      if (typeof options.onMessage === 'function') options.onMessage(message);
    }

    window.addEventListener('message', onWindowMessage);
    container.appendChild(iframe);
    return {
      iframe,
      destroy() {
        window.removeEventListener('message', onWindowMessage);
        iframe.remove();
      },
    };
  }

  window.SandboxPay = Object.freeze({ mount, version: '1' });
})();
