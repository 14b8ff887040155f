import type { ReactNode } from 'react';

/**
 * Card brands and travel trade bodies, drawn here as plain lettered marks
 * (no copied artwork). Each is one image with a spoken name.
 */
function Mark({ name, children, width = 72 }: { name: string; children: ReactNode; width?: number }) {
  return (
    <svg className="mark" role="img" aria-label={name} width={width} height="44" viewBox={`0 0 ${width} 44`} focusable="false">
      {children}
    </svg>
  );
}

const text = { fontFamily: 'system-ui, sans-serif', textAnchor: 'middle' } as const;

export const CARD_BRANDS = [
  {
    name: 'Visa',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="6" fill="#1a1f71" />
        <text x="36" y="29" fill="#ffffff" fontSize="17" fontWeight="800" fontStyle="italic" {...text}>
          VISA
        </text>
      </>
    ),
  },
  {
    name: 'Mastercard',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="6" fill="#ffffff" stroke="#1c1c1c" strokeWidth="1.5" />
        <text x="36" y="27" fill="#1c1c1c" fontSize="10.5" fontWeight="700" {...text}>
          mastercard
        </text>
      </>
    ),
  },
  {
    name: 'American Express',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="6" fill="#006fcf" />
        <text x="36" y="20" fill="#ffffff" fontSize="9" fontWeight="800" {...text}>
          AMERICAN
        </text>
        <text x="36" y="32" fill="#ffffff" fontSize="9" fontWeight="800" {...text}>
          EXPRESS
        </text>
      </>
    ),
  },
] as const;

export const TRADE_BODIES = [
  {
    name: 'ABTA, the Association of British Travel Agents',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="6" fill="#ffffff" stroke="#1f3a5f" strokeWidth="1.5" />
        <text x="36" y="29" fill="#1f3a5f" fontSize="17" fontWeight="800" {...text}>
          ABTA
        </text>
      </>
    ),
  },
  {
    name: 'ATOL protected',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="21" fill="#ffffff" stroke="#1f3a5f" strokeWidth="1.5" />
        <text x="36" y="22" fill="#1f3a5f" fontSize="14" fontWeight="800" {...text}>
          ATOL
        </text>
        <text x="36" y="33" fill="#1f3a5f" fontSize="7" fontWeight="600" {...text}>
          PROTECTED
        </text>
      </>
    ),
  },
  {
    name: 'AITO, the Association of Independent Tour Operators',
    mark: (
      <>
        <rect x="1" y="1" width="70" height="42" rx="6" fill="#ffffff" stroke="#1f3a5f" strokeWidth="1.5" />
        <text x="36" y="29" fill="#1f3a5f" fontSize="17" fontWeight="800" fontFamily="Georgia, serif" textAnchor="middle">
          AITO
        </text>
      </>
    ),
  },
] as const;

export function MarkList({ label, marks }: { label: string; marks: readonly { name: string; mark: ReactNode }[] }) {
  return (
    <ul className="mark-list" aria-label={label}>
      {marks.map(({ name, mark }) => (
        <li key={name}>
          <Mark name={name}>{mark}</Mark>
        </li>
      ))}
    </ul>
  );
}
