/** Our mark: a globe crossed by a meridian, drawn in the operator's colours. Decorative: the company name beside it is the link text. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="var(--brand-primary)" />
      <circle cx="24" cy="24" r="15.5" fill="none" stroke="var(--brand-surface)" strokeWidth="1.6" />
      <ellipse cx="24" cy="24" rx="6.5" ry="15.5" fill="none" stroke="var(--brand-surface)" strokeWidth="1.6" />
      <path d="M8.5 24h31" stroke="var(--brand-surface)" strokeWidth="1.6" />
      <path d="M24 3v42" stroke="var(--brand-accent)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
