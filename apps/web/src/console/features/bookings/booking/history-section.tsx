import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { isCurrencyCode, type CurrencyCode } from '@tours/domain/money';
import { OFFLINE_PAYMENT_METHOD_LABELS, OFFLINE_PAYMENT_METHODS, type OfflinePaymentMethod } from '@tours/domain/staff/money';
import { money, moment } from '../format.ts';
import { actionLabel } from '../labels.ts';

type Entry = StaffBookingDetail['history'][number];
type Snapshot = Record<string, unknown> | null;

/** Figures the audit log keeps in minor units beside a currency: shown as money, so a charge reads '£1,234.50', not 123450. */
const MONEY_KEYS = new Set(['amount', 'charge', 'refund', 'paid', 'owed', 'total', 'balance', 'deposit', 'refunded', 'refundable', 'refund_pending', 'price', 'unit_price']);

const isOfflineMethod = (value: unknown): value is OfflinePaymentMethod => (OFFLINE_PAYMENT_METHODS as readonly unknown[]).includes(value);

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]/g, ' ')
    .toLowerCase();

/** A value of a snapshot in words; a record inside it (a refund, say) as its fields, each read the same way. */
function valueText(key: string, value: unknown, currency: CurrencyCode): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_KEYS.has(key) && typeof value === 'number' && Number.isInteger(value)) return money({ value, currency });
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => valueText(key, item, currency)).join('; ');
  if (typeof value === 'object') {
    const inner = value as Record<string, unknown>;
    const own = isCurrencyCode(inner.currency) ? inner.currency : currency;
    return Object.entries(inner)
      .filter(([innerKey]) => innerKey !== 'currency' || !isCurrencyCode(inner.currency))
      .map(([innerKey, innerValue]) => `${words(innerKey)} ${valueText(innerKey, innerValue, own)}`)
      .join(', ');
  }
  return String(value);
}

const MISSING = Symbol('not in this snapshot');
type Value = unknown;

/**
 * The fields the change touched: those whose value differs, or every field
 * of a record made or removed. A field only one snapshot names is shown
 * blank on the other side (not recorded), never as emptied; the currency
 * shows in the amounts, so it is not a row of its own unless it changed.
 */
function changes(before: Snapshot, after: Snapshot): { key: string; before: Value; after: Value }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const read = (snapshot: Snapshot, key: string) => (snapshot && key in snapshot ? snapshot[key] : MISSING);
  return keys
    .map((key) => ({ key, before: read(before, key), after: read(after, key) }))
    .filter((change) => !(change.key === 'currency' && (change.before === MISSING || change.after === MISSING || change.before === change.after)))
    .filter((change) => before === null || after === null || JSON.stringify(change.before) !== JSON.stringify(change.after));
}

const cellText = (key: string, value: Value, currency: CurrencyCode) =>
  value === MISSING ? '' : key === 'method' && isOfflineMethod(value) ? OFFLINE_PAYMENT_METHOD_LABELS[value] : valueText(key, value, currency);

function EntryChanges({ entry, fallback }: { entry: Entry; fallback: CurrencyCode }) {
  const named = [entry.after?.currency, entry.before?.currency, entry.detail.currency].find(isCurrencyCode);
  const currency = named ?? fallback;
  const rows = changes(entry.before, entry.after);
  if (rows.length === 0) return null;
  return (
    <table className="console-change">
      <caption className="visually-hidden">What changed</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{words(row.key)}</th>
            <td>{entry.before === null ? '—' : cellText(row.key, row.before, currency)}</td>
            <td>{entry.after === null ? '—' : cellText(row.key, row.after, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The booking's audit history, newest first: when, who, what, why (the reason typed), and before and after. */
export function HistorySection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <section aria-labelledby="history" className="console-panel">
      <h2 id="history">History</h2>
      {detail.history.length === 0 ? (
        <p className="console-hint">Nothing has been recorded yet.</p>
      ) : (
        <ol className="console-history" aria-label="History, newest first">
          {detail.history.map((entry) => (
            <li key={entry.id} className="console-history__entry">
              <p className="console-history__what">
                <strong>{actionLabel(entry.action)}</strong>
                <span className="console-hint">
                  {' '}
                  by {entry.actor.label}, {moment(entry.occurred_at)}
                </span>
              </p>
              {entry.reason ? <p className="console-history__why">Reason: {entry.reason}</p> : null}
              <EntryChanges entry={entry} fallback={detail.booking.currency} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
