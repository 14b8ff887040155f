/**
 * Card brands and travel trade bodies, drawn as plain lettered marks (no
 * copied artwork). Each is a static SVG in public/marks/ shown as an image
 * with a spoken name: pictures are not JavaScript, so every page's entry
 * chunk no longer carries them, and the browser caches them apart.
 */
interface Mark {
  name: string;
  file: string;
}

export const CARD_BRANDS: readonly Mark[] = [
  { name: 'Visa', file: 'visa.svg' },
  { name: 'Mastercard', file: 'mastercard.svg' },
  { name: 'American Express', file: 'american-express.svg' },
];

export const TRADE_BODIES: readonly Mark[] = [
  { name: 'ABTA, the Association of British Travel Agents', file: 'abta.svg' },
  { name: 'ATOL protected', file: 'atol.svg' },
  { name: 'AITO, the Association of Independent Tour Operators', file: 'aito.svg' },
];

export function MarkList({ label, marks }: { label: string; marks: readonly Mark[] }) {
  return (
    <ul className="mark-list" aria-label={label}>
      {marks.map(({ name, file }) => (
        <li key={name}>
          {/* Below the fold on every page: fetched when the footer comes near, not with the page. */}
          <img className="mark" src={`${import.meta.env.BASE_URL}marks/${file}`} alt={name} width={72} height={44} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
