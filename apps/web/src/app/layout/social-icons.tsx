import type { ReactNode } from 'react';

/** Simple glyphs for the social networks in OPERATOR.social; unknown names fall back to their initial. */
const GLYPHS: Record<string, ReactNode> = {
  Facebook: <path d="M14 8h2.5V4.5H14A4 4 0 0 0 10 8.5V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9a1 1 0 0 1 1-1Z" fill="currentColor" />,
  Instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="16.6" cy="7.4" r="1.1" fill="currentColor" />
    </>
  ),
  YouTube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="currentColor" />
      <path d="m10 9 5 3-5 3Z" fill="var(--footer-bg, #1f3a5f)" />
    </>
  ),
  X: <path d="M5 4.5h3.6l10.4 15H15.4ZM18.5 4.5 13.4 10.4M10.6 13.6 5.5 19.5" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />,
};

export function SocialIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {GLYPHS[name] ?? (
        <text x="12" y="16.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="currentColor">
          {name.charAt(0)}
        </text>
      )}
    </svg>
  );
}
