import { showsDepositLine } from '@tours/domain/brand-channels';
import type { Tour } from '@tours/domain/contracts/catalogue';
import type { PricedLineKind } from '@tours/domain/contracts/selections';
import { formatShortDate } from '@tours/domain/dates';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import { OPERATOR } from '@tours/domain/operator';
import { PRICED_LINE_GROUP_LABELS } from '@tours/domain/pricing/lines';
import { useId, useState } from 'react';
import { speakerNames } from '../booking-format.ts';
import type { AgentIdentity } from '../flow/agent-booking.ts';
import type { SummaryFigures } from '../flow/summary-figures.ts';
import { DEPOSIT_LABEL, negativeAmount, priceGroups, TOUR_PRICE_LABEL, type PriceGroup } from './price-lines.tsx';

interface BookingSummaryProps {
  tour: Tour;
  currency: CurrencyCode;
  figures: SummaryFigures;
  /** The post-payment reference once paid, otherwise the booking id; null before the booking exists. */
  reference: string | null;
  /** The promotion's name for the discount line ('Promotional code WELCOME100'). */
  discountLabel?: string | undefined;
  /** The travel agent booking on behalf of a client: the welcome card, and no deposit line (nothing is paid online). */
  agent?: AgentIdentity | null;
}

/**
 * The booking summary side panel (spec section 2). Once the server has priced
 * the booking, its money is the review's lines, drawn by the same table:
 * each line that costs something, the promotion, the total and the deposit.
 * Before that, an estimate with a line per kind of cost. Cost lines show when
 * above 0; the deposit line only for tours that take one, while it is
 * offered. On narrow screens it collapses into a bar above the step that
 * opens on demand.
 */
export function BookingSummary({ tour, currency, figures, reference, discountLabel, agent = null }: BookingSummaryProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const money = (value: number) => formatAmount(value, currency);
  const estimate = figures.source === 'estimate';
  const totalLabel = estimate ? 'Estimated total' : 'Total';
  const showDeposit = agent === null && showsDepositLine(tour.brand_channel) && figures.deposit !== null && figures.deposit > 0;
  const speakers = speakerNames(tour.speakers);
  const lines = figures.lines ? serverLines(priceGroups(figures.lines, currency, { onlyCharged: true }), currency) : estimateLines(figures, currency, discountLabel);

  return (
    <aside className="booking-summary" aria-labelledby={`${id}-heading`}>
      <button
        type="button"
        className="booking-summary__toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="booking-summary__toggle-label">{open ? 'Hide booking summary' : 'Show booking summary'}</span>
        <span className="booking-summary__toggle-total">
          {totalLabel} {money(figures.total)}
        </span>
      </button>
      <div className={`booking-summary__body${open ? ' booking-summary__body--open' : ''}`} id={`${id}-body`}>
        <h2 className="booking-summary__heading" id={`${id}-heading`}>
          Booking summary
        </h2>
        <p className="booking-summary__tour">{tour.name}</p>
        {speakers ? <p className="booking-summary__speakers">With {speakers}</p> : null}
        <dl className="summary-lines">
          <Line label="Tour code" value={tour.code} />
          <Line label="Date" value={formatShortDate(tour.start)} />
          <Line label="Participants" value={String(figures.participants)} />
          <Line label="Price per person" value={money(figures.pricePerPerson)} />
          {lines.map(({ id: lineId, ...line }) => (
            <Line key={lineId} {...line} />
          ))}
          {showDeposit ? <Line label={DEPOSIT_LABEL} value={money(figures.deposit ?? 0)} /> : null}
          <Line label={totalLabel} value={money(figures.total)} variant="total" />
        </dl>
        {estimate ? (
          <p className="booking-summary__note">Estimated from your choices so far. The final price is confirmed at review.</p>
        ) : null}
        {agent ? <AgentWelcome agent={agent} /> : null}
        {reference ? (
          <div className="reference-card">
            <p className="reference-card__label">Booking reference</p>
            <p className="reference-card__value">{reference}</p>
            <p className="reference-card__help">
              Questions about your booking? Call our relationship team on{' '}
              <a href={`tel:${OPERATOR.relationshipTeamPhone.replace(/\s+/g, '')}`}>{OPERATOR.relationshipTeamPhone}</a>.
            </p>
          </div>
        ) : null}
      </div>
    </aside>
  );
}

/** The agent welcome card (spec section 2): staff name, agent id, agent name. */
function AgentWelcome({ agent }: { agent: AgentIdentity }) {
  const id = useId();
  return (
    <section className="agent-card" aria-labelledby={`${id}-agent`}>
      <p className="agent-card__welcome" id={`${id}-agent`}>
        Welcome, {agent.staff.Name}
      </p>
      <dl className="agent-card__details">
        <div>
          <dt>Agent ID</dt>
          <dd>{agent.agent.ID}</dd>
        </div>
        <div>
          <dt>Agent</dt>
          <dd>{agent.agent.Name}</dd>
        </div>
      </dl>
      <p className="agent-card__note">You are booking on behalf of your client.</p>
    </section>
  );
}

interface LineProps {
  label: string;
  detail?: string | null;
  value: string;
  /** 'group': a kind of cost with its sum (spec section 2); 'item': one of its lines, as the review shows it. */
  variant?: 'group' | 'item' | 'total';
  kind?: PricedLineKind;
}

/**
 * The server's lines as the review shows them, each charged one: the tour,
 * then each kind of cost as the spec's line with its sum, followed by its
 * lines, then the promotion.
 */
type KeyedLine = LineProps & { id: string };

function serverLines(groups: readonly PriceGroup[], currency: CurrencyCode): KeyedLine[] {
  return groups.flatMap((group): KeyedLine[] => {
    const rows = group.rows.map((row): KeyedLine => ({
      id: row.key,
      label: row.label,
      detail: row.detail,
      value: row.amountText,
      variant: group.heading ? 'item' : undefined,
      kind: row.kind,
    }));
    if (!group.heading) return rows;
    const sum = group.rows.reduce((total, row) => total + row.amount, 0);
    return [{ id: `${group.kind}-group`, label: group.heading, value: formatAmount(sum, currency), variant: 'group', kind: group.kind }, ...rows];
  });
}

/** Before the server has priced the booking: the tour, then a line per kind of cost above 0. */
function estimateLines(figures: SummaryFigures, currency: CurrencyCode, discountLabel: string | undefined): KeyedLine[] {
  const line = (kind: PricedLineKind, amount: number): KeyedLine => ({
    id: kind,
    kind,
    label: PRICED_LINE_GROUP_LABELS[kind],
    value: formatAmount(amount, currency),
    variant: 'group',
  });
  return [
    {
      id: 'tour',
      kind: 'tour',
      label: TOUR_PRICE_LABEL,
      detail: `${figures.participants} × ${formatAmount(figures.pricePerPerson, currency)}`,
      value: formatAmount(figures.pricePerPerson * figures.participants, currency),
    },
    ...(figures.flights > 0 ? [line('flight', figures.flights)] : []),
    ...(figures.extras > 0 ? [line('extra', figures.extras)] : []),
    ...(figures.accommodation > 0 ? [line('room', figures.accommodation)] : []),
    ...(figures.additionalNights > 0 ? [line('additional_night', figures.additionalNights)] : []),
    ...(figures.discount < 0 ? [{ id: 'promotion', kind: 'promotion' as const, label: discountLabel ?? 'Discount', value: negativeAmount(figures.discount, currency) }] : []),
  ];
}

function Line({ label, detail, value, variant, kind }: LineProps) {
  return (
    <div className={['summary-lines__row', variant ? `summary-lines__row--${variant}` : null].filter(Boolean).join(' ')} data-kind={kind}>
      <dt>
        {label}
        {detail ? (
          <>
            {' '}
            <span className="summary-lines__detail">{detail}</span>
          </>
        ) : null}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}
