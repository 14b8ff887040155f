import { OPERATOR } from '@tours/domain';
import { identityPagePolicy } from '../../lib/content-security-policy.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The provider's pages, rendered on the server with everything escaped and
 * no script but the nonce'd one that submits the logout form. They wear the
 * site's colours (packages/domain operator.ts), so the visitor never feels
 * they left the site.
 */

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address, such as name@example.com.',
  codeRequired: 'Please enter the 6-digit code from the e-mail.',
  codeFormat: 'The code is 6 digits, such as 123456.',
  codeWrong: (left: number) => `That code is not right. Please check the e-mail and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`,
  codeVoided: 'That code was wrong five times, so it no longer works. Please send a new code.',
  codeExpired: 'This code has expired: codes work for 10 minutes. Please send a new code.',
  codeUsed: 'This code has already been used. Please send a new code.',
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}. It works for 10 minutes.`,
  codeResent: (email: string) => `We have sent a new code to ${email}. Only the newest code works.`,
} as const;

const { primary, accent, surface } = OPERATOR.colours;

const CSS = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:100%;line-height:1.5;color:#1a1a1a;background:${surface}}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center}
header{width:100%;background:${primary};color:#fff;padding:.75rem 1.25rem}
header p{margin:0;font-weight:700;font-size:1.125rem}
main{width:100%;max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-top:4px solid ${accent};border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none}}
h1{font-size:1.5rem;margin:0 0 .75rem;color:${primary}}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{display:block;width:100%;font:inherit;font-size:1.125rem;padding:.625rem .75rem;border:1px solid #6b6b6b;border-radius:4px;background:#fff;color:#1a1a1a}
input[aria-invalid=true]{border-color:#b3261e;border-width:2px}
input:focus,button:focus,a:focus{outline:3px solid ${accent};outline-offset:2px}
.hint{color:#4a4a4a;font-size:.9375rem;margin:.25rem 0 0}
.error{color:#b3261e;font-weight:600;margin:.25rem 0 0}
.field{margin-bottom:1.25rem}
.status{background:#eef3f8;border-left:4px solid ${primary};padding:.75rem;margin-bottom:1rem}
.alert{background:#fdecea;border-left:4px solid #b3261e;padding:.75rem;margin-bottom:1rem;color:#5f1410}
button{font:inherit;font-weight:700;border-radius:4px;padding:.625rem 1.25rem;cursor:pointer;border:2px solid ${primary}}
.primary{background:${primary};color:#fff;width:100%}
.secondary{background:#fff;color:${primary}}
.link{background:none;border:none;color:${primary};text-decoration:underline;padding:.25rem 0;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;margin-top:1rem}
a{color:${primary}}
.code{letter-spacing:.4em;font-variant-numeric:tabular-nums}
`;

export interface PageOptions {
  title: string;
  nonce: string;
  body: string;
  /** A script run on load (the logout form's submit); it carries the nonce. */
  script?: string;
}

export function renderPage({ title, nonce, body, script }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${escapeHtml(OPERATOR.companyName)}</title>
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<header><p>${escapeHtml(OPERATOR.companyName)}</p></header>
<main aria-labelledby="page-title">
${body}
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

/** The pages' Content-Security-Policy: nothing from elsewhere, forms post to this origin only (lib/content-security-policy.ts). */
export const pagePolicy = identityPagePolicy;

interface FieldView {
  value?: string;
  error?: string | undefined;
}

function field(options: {
  id: string;
  label: string;
  hint: string;
  type: string;
  autocomplete: string;
  inputmode?: string;
  maxlength?: number;
  className?: string;
  state: FieldView;
}): string {
  const { id, state } = options;
  const describedBy = [`${id}-hint`, state.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${id}">${escapeHtml(options.label)}</label>
<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>
<input id="${id}" name="${id}" type="${options.type}" autocomplete="${options.autocomplete}"${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${options.maxlength ? ` maxlength="${options.maxlength}"` : ''}${options.className ? ` class="${options.className}"` : ''} value="${escapeHtml(state.value ?? '')}" required autofocus aria-describedby="${describedBy}"${state.error ? ' aria-invalid="true"' : ''}>
${state.error ? `<p class="error" id="${id}-error">${escapeHtml(state.error)}</p>` : ''}
</div>`;
}

const cancelForm = (uid: string) =>
  `<form method="post" action="/idp/interaction/${escapeHtml(uid)}/cancel"><button type="submit" class="link">Cancel and return to the site</button></form>`;

export interface EmailStepView extends FieldView {
  /** Why no code was sent (too many codes): shown above the form, the address kept in the field. */
  alert?: string | undefined;
}

/** A refusal of the whole step (not of what was typed): an alert, read out as the page loads. */
const alertBox = (message: string | undefined) => (message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>\n` : '');

export function emailStep(uid: string, nonce: string, state: EmailStepView): string {
  return renderPage({
    title: 'Sign in',
    nonce,
    body: `<h1 id="page-title">Sign in</h1>
${alertBox(state.alert)}<p>Enter your e-mail address and we will send you a 6-digit code to sign in with. No password needed.</p>
<form method="post" action="/idp/interaction/${escapeHtml(uid)}/email" novalidate>
${field({ id: 'email', label: 'E-mail address', hint: 'Use the address you booked with.', type: 'email', autocomplete: 'email', state })}
<button type="submit" class="primary">Send me a code</button>
</form>
<div class="actions">${cancelForm(uid)}</div>`,
  });
}

export interface CodeStepView extends FieldView {
  email: string;
  /** A confirmation shown above the form (code sent). */
  status?: string | undefined;
  /** Why no new code was sent (too many codes), shown above the form. */
  alert?: string | undefined;
  /** The code can no longer be used: the field is shown, but sending a new code is the way on. */
  dead?: boolean;
}

export function codeStep(uid: string, nonce: string, view: CodeStepView): string {
  const action = `/idp/interaction/${escapeHtml(uid)}`;
  return renderPage({
    title: 'Enter your code',
    nonce,
    body: `<h1 id="page-title">Enter your code</h1>
${alertBox(view.alert)}${view.status ? `<p class="status" role="status">${escapeHtml(view.status)}</p>` : ''}
<form method="post" action="${action}/code" novalidate>
${field({ id: 'code', label: 'Sign-in code', hint: `The 6-digit code we e-mailed to ${view.email}.`, type: 'text', autocomplete: 'one-time-code', inputmode: 'numeric', maxlength: 6, className: 'code', state: view })}
<button type="submit" class="primary">Sign in</button>
</form>
<div class="actions">
<form method="post" action="${action}/email"><input type="hidden" name="email" value="${escapeHtml(view.email)}"><input type="hidden" name="resend" value="1"><button type="submit" class="secondary">Send a new code</button></form>
<a href="${action}?change=1">Use a different e-mail address</a>
${cancelForm(uid)}
</div>`,
  });
}

/** A sign-in that can't go on (expired, opened in another browser): back to the site to start again. */
export function problemPage(nonce: string, title: string, message: string, siteUrl: string): string {
  return renderPage({
    title,
    nonce,
    body: `<h1 id="page-title">${escapeHtml(title)}</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(siteUrl)}">Return to ${escapeHtml(OPERATOR.companyName)}</a></p>`,
  });
}

/**
 * Logout. An application that names the session's ID token asked for it, so
 * the form submits itself; anyone else (a link followed by accident) is
 * asked first.
 */
export function logoutPage(nonce: string, form: string, confirmed: boolean): string {
  // oidc-provider's form has its action and anti-forgery field; 'logout=yes' ends the provider session too.
  const withChoice = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return renderPage({
    title: 'Log out',
    nonce,
    body: `<h1 id="page-title">${confirmed ? 'Logging you out' : 'Do you want to log out?'}</h1>
${withChoice}
${confirmed ? '<p role="status">Please wait while we log you out.</p>' : ''}
<div class="actions"><button type="submit" form="op.logoutForm" class="primary"${confirmed ? '' : ' autofocus'}>${confirmed ? 'Continue' : 'Yes, log me out'}</button></div>`,
    script: confirmed ? "document.getElementById('op.logoutForm').submit();" : undefined,
  });
}

export function loggedOutPage(nonce: string, siteUrl: string): string {
  return renderPage({
    title: 'Logged out',
    nonce,
    body: `<h1 id="page-title">You are logged out</h1>
<p role="status">You have been logged out of ${escapeHtml(OPERATOR.companyName)}.</p>
<p><a href="${escapeHtml(siteUrl)}">Return to the site</a></p>`,
  });
}
