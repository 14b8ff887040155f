/* global window, document, ResizeObserver */
// The sandbox payment frame's behaviour. Served as-is from /pay/frame.js (no
// build step, an ES module importing card-entry.js beside it), allowed by
// the frame's CSP as 'self'. It talks to the parent
// page only through postMessage with the token's allowed origin as target,
// never '*', so no other page can read what happened to the payment.
import { caretAfterFormat, formatCardNumberTyping, formatCvcTyping, formatExpiryTyping } from './card-entry.js';

(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('pay-config').textContent);
  const SOURCE = 'sandbox-pay';
  const EXPIRED = 'Expired request';
  const embedded = window.parent !== window;

  function post(message) {
    if (!embedded || !config.allowedOrigin) return;
    window.parent.postMessage({ source: SOURCE, ...message }, config.allowedOrigin);
  }

  // The host sizes the frame to its content, so no inner scroll bar ever appears.
  let lastHeight = 0;
  function reportHeight() {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post({ type: 'resize', height });
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
  window.addEventListener('resize', reportHeight);
  reportHeight();
  post({ type: 'ready' });

  if (config.state === 'expired') return post({ type: 'closed', error: EXPIRED });
  if (config.state === 'completed') return post({ type: 'closed' });
  if (config.state !== 'form') return;

  const form = document.getElementById('pay-form');
  const button = document.getElementById('pay-button');
  const alertBox = document.getElementById('pay-alert');
  const result = document.getElementById('pay-result');
  const buttonText = button.textContent;
  const FIELDS = ['card_number', 'expiry', 'cvc', 'name'];
  let busy = false;
  let finished = false;

  function showFieldErrors(errors) {
    let first = null;
    for (const name of FIELDS) {
      const input = document.getElementById(name);
      const message = errors[name] || '';
      document.getElementById(`${name}-error`).textContent = message;
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        first = first || input;
      } else {
        input.removeAttribute('aria-invalid');
      }
    }
    if (first) first.focus();
  }

  /** The form is over: the fields go, a notice stays, the parent hears once. */
  function finish(title, text, message) {
    if (finished) return;
    finished = true;
    form.remove();
    // Test cards are of no more use, and after a success the amount is no longer to pay.
    document.querySelector('.test-cards')?.remove();
    if (message.type === 'success') document.querySelector('.pay__amount-label').textContent = 'Amount paid';
    alertBox.textContent = '';
    const heading = document.getElementById('pay-title');
    heading.textContent = title;
    result.textContent = text;
    if (message.type === 'success') result.classList.add('pay__result--success');
    heading.setAttribute('tabindex', '-1');
    heading.focus();
    post(message);
  }

  function expire() {
    finish('This payment request has expired', 'Nothing has been taken from your card. Please start the payment again.', {
      type: 'closed',
      error: EXPIRED,
    });
  }

  // Closes itself at the token's end even if nobody submits, as the provider would.
  window.setTimeout(expire, Math.max(0, Math.min(config.expiresInMs, 2147483647)));

  function setBusy(value) {
    busy = value;
    button.disabled = value;
    button.setAttribute('aria-busy', String(value));
    button.textContent = value ? 'Processing…' : buttonText;
  }

  function handle(status, body) {
    if (status === 400 && body && body.error && body.error.fields) {
      showFieldErrors(body.error.fields);
      return;
    }
    showFieldErrors({});
    if (status === 200 && body.status === 'succeeded') {
      finish('Payment successful', 'Thank you. Your payment has been taken.', { type: 'success', payment_id: body.payment_id });
    } else if (status === 200 && body.status === 'declined') {
      alertBox.textContent = body.message;
      post({ type: 'failed', message: body.message });
      document.getElementById('card_number').focus();
    } else if (status === 200 && body.status === 'expired') {
      expire();
    } else if (status === 401) {
      finish('This payment request is not valid', 'Please go back to the page you came from and start the payment again.', {
        type: 'closed',
        error: EXPIRED,
      });
    } else {
      alertBox.textContent = config.messages.network;
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy || finished) return;
    setBusy(true);
    alertBox.textContent = '';
    const values = Object.fromEntries(FIELDS.map((name) => [name, document.getElementById(name).value]));
    try {
      const response = await fetch('api/frame/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ token: config.token, ...values }),
        credentials: 'omit',
      });
      const body = await response.json().catch(() => null);
      handle(response.status, body);
    } catch {
      alertBox.textContent = config.messages.network;
    } finally {
      if (!finished) setBusy(false);
    }
  });

  // Each field shaped as it is typed (card-entry.js), keeping the caret by the digits before it.
  const shapes = {
    card_number: (value) => formatCardNumberTyping(value),
    expiry: (value, deleting) => formatExpiryTyping(value, { deleting }),
    cvc: (value) => formatCvcTyping(value),
  };
  for (const [name, shape] of Object.entries(shapes)) {
    const input = document.getElementById(name);
    // What was typed before this module ran (it loads after the fields are drawn) is shaped too.
    if (input.value) input.value = shape(input.value, false);
    input.addEventListener('input', (event) => {
      const typed = input.value;
      const formatted = shape(typed, String(event.inputType || '').startsWith('delete'));
      if (formatted === typed) return;
      const caret = input.selectionStart ?? typed.length;
      input.value = formatted;
      const at = caretAfterFormat(typed, caret, formatted);
      if (document.activeElement === input) input.setSelectionRange(at, at);
    });
  }

  document.getElementById('pay-cancel').addEventListener('click', () => {
    if (!busy && !finished) post({ type: 'canceled' });
  });
})();
