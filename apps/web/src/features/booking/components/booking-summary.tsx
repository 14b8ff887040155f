import { formatAmount, formatShortDate, OPERATOR, showsDepositLine, type CurrencyCode, type Tour } from '@tours/domain';
import { useId, useState } from 'react';
import { speakerNames } from '../booking-format.ts';
import type { SummaryFigures } from '../flow/summary-figures.ts';

interface BookingSummaryProps {
  tour: Tour;
  currency: CurrencyCode;
  figures: SummaryFigures;
  /** The post-payment reference once paid, otherwise the booking id; null before the booking exists. */
  reference: string | null;
  /** The promotion's name for the discount line ('Promotional code WELCOME100'). */
  discountLabel?: string | undefined;
}

/**
 * The booking summary side panel (spec section 2). Cost lines show when
 * above 0; the deposit line only for tours that take one. On narrow screens
 * it collapses into a bar above the step that opens on demand.
 */
export function BookingSummary({ tour, currency, figures, reference, discountLabel }: BookingSummaryProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const money = (value: number) => formatAmount(value, currency);
  const estimate = figures.source === 'estimate';
  const totalLabel = estimate ? 'Estimated total' : 'Total';
  const showDeposit = showsDepositLine(tour.brand_channel) && figures.deposit !== null && figures.deposit > 0;
  const speakers = speakerNames(tour.speakers);

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
          {figures.flights > 0 ? <Line label="Flights" value={money(figures.flights)} /> : null}
          {figures.extras > 0 ? <Line label="Extras" value={money(figures.extras)} /> : null}
          {figures.accommodation > 0 ? <Line label="Accommodation" value={money(figures.accommodation)} /> : null}
          {figures.discount < 0 ? <Line label={discountLabel ?? 'Discount'} value={`−${money(-figures.discount)}`} /> : null}
          {showDeposit ? <Line label="Deposit" value={money(figures.deposit ?? 0)} /> : null}
          <Line label={totalLabel} value={money(figures.total)} strong />
        </dl>
        {estimate ? (
          <p className="booking-summary__note">Estimated from your choices so far. The final price is confirmed at review.</p>
        ) : null}
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

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`summary-lines__row${strong ? ' summary-lines__row--total' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
