/**
 * The frame's stylesheet. Themed through custom properties the page sets from
 * the token (--primary, --on-primary, --link, --width). Colours for text and
 * borders are fixed so contrast holds whatever the merchant's colour is.
 */
export const FRAME_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fff;color:#1a1a1a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.pay{width:var(--width);max-width:100%;margin:0 auto;padding:16px}
.pay__header{margin-bottom:16px}
.pay__logo{display:block;max-height:40px;max-width:180px;margin-bottom:12px}
h1{font-size:1.25rem;line-height:1.3;margin:0 0 4px}
h2{font-size:1rem;margin:0 0 4px}
p{margin:0 0 8px}
.pay__amount{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 8px;margin:0}
.pay__amount strong{font-size:1.5rem;line-height:1.3}
.pay__amount-label,.pay__currency{color:#4a4a4a}
.pay__form{display:grid;gap:16px}
.pay__row{display:grid;gap:16px;grid-template-columns:1fr}
@media (min-width:380px){.pay__row{grid-template-columns:1fr 1fr}}
.field{display:flex;flex-direction:column;gap:4px;min-width:0}
.field label{font-weight:600}
.field__hint{margin:0;color:#4a4a4a;font-size:.875rem}
.field input{width:100%;min-height:44px;padding:8px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #6b6b6b;border-radius:6px}
.field input:focus{outline:3px solid var(--primary);outline-offset:1px;border-color:var(--primary)}
.field input[aria-invalid="true"]{border:2px solid #b3261e}
.field__error{margin:0;color:#b3261e;font-weight:600;font-size:.9375rem}
.field__error:empty,.pay__alert:empty,.pay__result:empty{display:none}
.pay__alert{padding:12px;margin-bottom:16px;border:2px solid #b3261e;border-radius:6px;background:#fdf0ef;color:#7a1a14;font-weight:600}
.pay__result{padding:12px;margin-bottom:16px;border:2px solid #6b6b6b;border-radius:6px;background:#f4f4f4;color:#1a1a1a;font-weight:600}
.pay__result--success{border-color:#1e6b34;background:#eef7f0;color:#14502a}
h1:focus{outline:none}
.pay__actions{display:flex;flex-wrap:wrap;align-items:center;gap:12px 20px}
.button{min-height:48px;padding:10px 24px;font:inherit;font-weight:700;color:var(--on-primary);background:var(--primary);border:2px solid var(--primary);border-radius:6px;cursor:pointer}
.button:focus-visible,.link-button:focus-visible{outline:3px solid var(--primary);outline-offset:3px}
.button:disabled{opacity:.65;cursor:progress}
.link-button{min-height:44px;padding:0 4px;font:inherit;color:var(--link);background:none;border:0;text-decoration:underline;cursor:pointer}
.test-cards{margin-top:24px;padding:12px 16px;background:#f4f4f4;border-radius:6px;font-size:.875rem}
.test-cards ul{margin:4px 0 0;padding:0;list-style:none}
.test-cards li{display:flex;flex-wrap:wrap;gap:0 12px;padding:2px 0}
.test-cards code{flex:0 0 19ch;font:600 .875rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
@media (prefers-reduced-motion:no-preference){.button{transition:opacity .15s}}
`;
