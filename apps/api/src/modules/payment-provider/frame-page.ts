import { formatAmount, type CurrencyCode } from '@tours/domain';
import { CARD_MESSAGES, TEST_CARDS } from './cards.ts';
import { FRAME_CSS } from './frame-style.ts';

/**
 * The payment frame's HTML. Rendered on the server with everything escaped;
 * the behaviour lives in frame.js (a static ES module the CSP allows as
 * 'self', which imports card-entry.js to shape what is typed),
 * which reads its settings from the JSON block below.
 */

export type FrameView =
  | {
      state: 'form';
      amount: number;
      currency: CurrencyCode;
      primaryColour: string;
      width: string;
      /** Absolute, or empty for none. */
      logoUrl: string;
      nameOnCard: string;
      allowedOrigin: string;
      token: string;
      expiresInMs: number;
    }
  | { state: 'expired' | 'completed'; primaryColour: string; allowedOrigin: string }
  | { state: 'invalid' };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON inside a script element: '<' never appears, so '</script>' cannot end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The merchant picks the colour; we pick text that stays readable on it (WCAG AA, 4.5:1). */
export function themeColours(primary: string): { primary: string; onPrimary: string; link: string } {
  const l = luminance(primary);
  const onPrimary = contrast(l, 1) >= contrast(l, luminance('#111111')) ? '#ffffff' : '#111111';
  const link = contrast(l, 1) >= 4.5 ? primary : '#1a1a1a';
  return { primary, onPrimary, link };
}

function page(title: string, body: string, options: { nonce: string; primaryColour?: string; width?: string; config: unknown }): string {
  const colours = themeColours(options.primaryColour ?? '#1a1a1a');
  const theme = `:root{--primary:${colours.primary};--on-primary:${colours.onPrimary};--link:${colours.link};--width:${options.width ?? '100%'}}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${options.nonce}">${theme}${FRAME_CSS}</style>
</head>
<body>
<main class="pay" aria-labelledby="pay-title">
${body}
</main>
<script type="application/json" id="pay-config">${scriptJson(options.config)}</script>
<link rel="modulepreload" href="card-entry.js">
<script type="module" src="frame.js"></script>
</body>
</html>`;
}

interface FieldOptions {
  id: 'card_number' | 'expiry' | 'cvc' | 'name';
  label: string;
  hint?: string;
  autocomplete: string;
  inputmode?: 'numeric';
  maxlength: number;
  value?: string;
  placeholder?: string;
}

function field(options: FieldOptions): string {
  const describedBy = [options.hint ? `${options.id}-hint` : '', `${options.id}-error`].filter(Boolean).join(' ');
  return `<div class="field">
  <label for="${options.id}">${escapeHtml(options.label)}</label>
  ${options.hint ? `<p class="field__hint" id="${options.id}-hint">${escapeHtml(options.hint)}</p>` : ''}
  <input id="${options.id}" name="${options.id}" type="text" autocomplete="${options.autocomplete}"${
    options.inputmode ? ` inputmode="${options.inputmode}"` : ''
  }${options.placeholder ? ` placeholder="${escapeHtml(options.placeholder)}"` : ''} maxlength="${options.maxlength}" spellcheck="false" autocapitalize="off" required aria-describedby="${describedBy}" value="${escapeHtml(options.value ?? '')}">
  <p class="field__error" id="${options.id}-error"></p>
</div>`;
}

function testCards(): string {
  const items = TEST_CARDS.map((card) => `<li><code>${card.number}</code> <span>${escapeHtml(card.description)}</span></li>`).join('\n');
  return `<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Sandbox test cards</h2>
<p>No real money is taken. Use any future expiry date and any security code.</p>
<ul>
${items}
</ul>
</section>`;
}

function formBody(view: Extract<FrameView, { state: 'form' }>): string {
  // With pence, as card forms print the charge: £1,234.50, £5,000.00.
  const amount = formatAmount(view.amount, view.currency, { pence: 'always' });
  const logo = view.logoUrl ? `<img class="pay__logo" src="${escapeHtml(view.logoUrl)}" alt="">` : '';
  return `<header class="pay__header">
${logo}
<h1 id="pay-title">Pay by card</h1>
<p class="pay__amount"><span class="pay__amount-label">Amount to pay</span> <strong>${escapeHtml(amount)}</strong> <span class="pay__currency">${view.currency}</span></p>
</header>
<div class="pay__alert" id="pay-alert" role="alert"></div>
<div id="pay-result" class="pay__result" role="status"></div>
<form id="pay-form" class="pay__form" method="post" action="#" novalidate>
${field({ id: 'card_number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 })}
<div class="pay__row">
${field({ id: 'expiry', label: 'Expiry date', hint: 'MM / YY', autocomplete: 'cc-exp', inputmode: 'numeric', maxlength: 9, placeholder: 'MM / YY' })}
${field({ id: 'cvc', label: 'Security code', hint: 'CVC, 3 or 4 digits', autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 })}
</div>
${field({ id: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 100, value: view.nameOnCard })}
<div class="pay__actions">
<button type="submit" class="button" id="pay-button">Pay ${escapeHtml(amount)}</button>
<button type="button" class="link-button" id="pay-cancel">Cancel</button>
</div>
</form>
${testCards()}`;
}

const NOTICES = {
  expired: ['This payment request has expired', 'Nothing has been taken from your card. Please start the payment again.'],
  completed: ['This payment is complete', 'The payment has already been made. Nothing more will be taken.'],
  invalid: ['This payment request is not valid', 'Please go back to the page you came from and start the payment again.'],
} as const;

/** The whole page for one view; `nonce` allows its one style element under the CSP. */
export function renderFramePage(view: FrameView, nonce: string): string {
  if (view.state === 'form') {
    const config = {
      state: 'form',
      token: view.token,
      allowedOrigin: view.allowedOrigin,
      expiresInMs: view.expiresInMs,
      messages: { ...CARD_MESSAGES, network: 'We could not reach the payment service. Check your connection and try again.' },
    };
    return page(`Pay ${formatAmount(view.amount, view.currency, { pence: 'always' })} by card`, formBody(view), {
      nonce,
      primaryColour: view.primaryColour,
      width: view.width,
      config,
    });
  }
  const [title, text] = NOTICES[view.state];
  const body = `<h1 id="pay-title">${title}</h1>\n<p>${text}</p>`;
  const config = view.state === 'invalid' ? { state: 'invalid' } : { state: view.state, allowedOrigin: view.allowedOrigin };
  return page(title, body, { nonce, primaryColour: view.state === 'invalid' ? undefined : view.primaryColour, config });
}
