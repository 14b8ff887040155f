import type { PricedLine, PricedLineKind } from '@tours/domain/contracts/selections';
import { formatAmount, INCLUDED_IN_PRICE, type CurrencyCode } from '@tours/domain/money';
import { PRICED_LINE_GROUP_LABELS } from '@tours/domain/pricing/lines';
import { depositDetail } from '@tours/domain/pricing/deposit';
import './price-lines.css';

/**
 * The money of a booking line by line, drawn the same way on the review and
 * in the summary panel, so the two can never disagree: the tour price
 * (participants x price per person), then flights, extras, rooms and
 * additional nights under their headings, the promotion, the total and the
 * deposit. Amounts are exact: whole amounts without pence as the spec shows
 * prices, amounts with pence to the penny (formatAmount).
 */

export interface PriceRow {
  key: string;
  kind: PricedLineKind;
  label: string;
  /** 'quantity × unit price', where a line is priced per person. */
  detail: string | null;
  /** Minor units; a promotion is negative. */
  amount: number;
  /** The amount as shown: '£290', '−£100', 'Included in price'. */
  amountText: string;
}

export interface PriceGroup {
  kind: PricedLineKind;
  /** 'Flights', 'Extras'...; null where the row says what it is (the tour, the promotion, an estimate's totals). */
  heading: string | null;
  rows: PriceRow[];
}

/** A discount as people write it: a minus sign before the amount, '−£100'. */
export const negativeAmount = (value: number, currency: CurrencyCode): string => `−${formatAmount(Math.abs(value), currency)}`;

export const TOUR_PRICE_LABEL = 'Tour price';
export const DEPOSIT_LABEL = 'Deposit';

export function amountText(amount: number, currency: CurrencyCode): string {
  if (amount === 0) return INCLUDED_IN_PRICE;
  return amount < 0 ? negativeAmount(amount, currency) : formatAmount(amount, currency);
}

function rowOf(line: PricedLine, index: number, currency: CurrencyCode): PriceRow {
  const perPerson = line.kind !== 'promotion' && line.unit_price !== 0;
  return {
    key: `${line.kind}-${index}`,
    kind: line.kind,
    label: line.kind === 'tour' ? TOUR_PRICE_LABEL : line.label,
    detail: perPerson ? `${line.quantity} × ${formatAmount(line.unit_price, currency)}` : null,
    amount: line.amount,
    amountText: line.kind === 'tour' ? formatAmount(line.amount, currency) : amountText(line.amount, currency),
  };
}

/**
 * The server's lines in groups of one kind, in the order it priced them.
 * `onlyCharged` leaves out the lines that cost nothing (the summary panel
 * shows flights, extras and accommodation only above 0, spec section 2).
 */
export function priceGroups(lines: readonly PricedLine[], currency: CurrencyCode, options: { onlyCharged?: boolean } = {}): PriceGroup[] {
  const groups: PriceGroup[] = [];
  lines.forEach((line, index) => {
    if (options.onlyCharged && line.kind !== 'tour' && line.amount === 0) return;
    const row = rowOf(line, index, currency);
    const last = groups.at(-1);
    if (last && last.kind === line.kind) last.rows.push(row);
    else {
      const headed = line.kind !== 'tour' && line.kind !== 'promotion';
      groups.push({ kind: line.kind, heading: headed ? PRICED_LINE_GROUP_LABELS[line.kind] : null, rows: [row] });
    }
  });
  return groups;
}

interface PriceTableProps {
  groups: readonly PriceGroup[];
  total: { label: string; text: string };
  /** Shown after the total where the deposit line applies: the amount as shown, and the booking's percentage the server priced it at. */
  deposit: { text: string; percent: number } | null;
  caption: string;
  className?: string;
}

/** The lines as a table: a row per line, a row group per kind with its heading, the total and deposit at the foot. */
export function PriceTable({ groups, total, deposit, caption, className }: PriceTableProps) {
  return (
    <table className={['price-table', className].filter(Boolean).join(' ')}>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.rows[0]!.key} className={`price-table__group price-table__group--${group.kind}`}>
          {group.heading ? (
            <tr className="price-table__heading">
              {/* role: browsers differ in what a rowgroup header is; this one heads the rows below it. */}
              <th scope="rowgroup" role="rowheader" colSpan={2}>
                {group.heading}
              </th>
            </tr>
          ) : null}
          {group.rows.map((row) => (
            <tr key={row.key} className={`price-table__line${row.amount < 0 ? ' price-table__discount' : ''}`} data-kind={row.kind}>
              <th scope="row">
                <span className="price-table__label">{row.label}</span>
                {row.detail ? (
                  <>
                    {' '}
                    <span className="price-table__detail">{row.detail}</span>
                  </>
                ) : null}
              </th>
              <td className={row.kind !== 'tour' && row.amount === 0 ? 'price-table__included' : undefined}>{row.amountText}</td>
            </tr>
          ))}
        </tbody>
      ))}
      <tfoot>
        <tr className="price-table__total">
          <th scope="row">{total.label}</th>
          <td>{total.text}</td>
        </tr>
        {deposit !== null ? (
          <tr className="price-table__deposit">
            <th scope="row">
              <span className="price-table__label">{DEPOSIT_LABEL}</span>{' '}
              <span className="price-table__detail">{depositDetail(deposit.percent)}</span>
            </th>
            <td>{deposit.text}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}
