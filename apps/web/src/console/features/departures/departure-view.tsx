import type { StaffDepartureDetail } from '@tours/domain/contracts/staff/departures';
import { formatLongDate } from '@tours/domain/dates';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import { DEPARTURE_DOCUMENT_TITLES, DEPARTURE_DOCUMENTS, type DepartureDocument, type DepartureDocumentFormat } from '@tours/domain/staff/departures';

export interface DepartureViewProps {
  detail: StaffDepartureDetail;
  /** The member may read passports (passports.read): only then is the flight manifest offered. */
  mayReadPassports: boolean;
  onDownload: (document: DepartureDocument, format: DepartureDocumentFormat) => void;
  /** The document being fetched, its buttons disabled meanwhile. */
  busy?: string | null;
}

const money = (value: number, currency: string) => formatAmount(value, currency as CurrencyCode, { pence: 'always' });

/** A departure's figures and its documents' buttons, as the departure's page shows them. */
export function DepartureView({ detail, mayReadPassports, onDownload, busy = null }: DepartureViewProps) {
  const { departure } = detail;
  const documents = DEPARTURE_DOCUMENTS.filter((document) => document !== 'flight-manifest' || mayReadPassports);
  return (
    <>
      <p>
        {departure.tour.name} ({departure.tour.code}): {formatLongDate(departure.start_date)} to {formatLongDate(departure.end_date)}. {detail.bookings} settled
        bookings, {detail.passengers} passengers.
      </p>

      <section className="console-section" aria-labelledby="departure-places">
        <h2 id="departure-places">Places</h2>
        <dl className="console-figures">
          <div>
            <dt>Capacity</dt>
            <dd>{departure.places.capacity}</dd>
          </div>
          <div>
            <dt>Sold</dt>
            <dd>{departure.places.sold}</dd>
          </div>
          <div>
            <dt>Held</dt>
            <dd>{departure.places.held}</dd>
          </div>
          <div>
            <dt>Left</dt>
            <dd>{departure.places.left}</dd>
          </div>
        </dl>
      </section>

      <section className="console-section" aria-labelledby="departure-documents">
        <h2 id="departure-documents">Documents for the ground team</h2>
        <ul className="console-downloads">
          {documents.map((document) => (
            <li key={document}>
              <span>{DEPARTURE_DOCUMENT_TITLES[document]}</span>{' '}
              {(['csv', 'pdf'] as const).map((format) => (
                <button
                  key={format}
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  onClick={() => onDownload(document, format)}
                  aria-label={`Download the ${DEPARTURE_DOCUMENT_TITLES[document].toLowerCase()} as ${format.toUpperCase()}`}
                >
                  {format.toUpperCase()}
                </button>
              ))}
            </li>
          ))}
        </ul>
        {mayReadPassports ? null : <p>The flight manifest carries passport details: only roles that may read passports can download it.</p>}
      </section>

      <section className="console-section" aria-labelledby="departure-revenue">
        <h2 id="departure-revenue">Revenue</h2>
        {detail.revenue.length === 0 ? (
          <p>No settled booking yet.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Currency</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">Total</th>
                  <th scope="col">Taken</th>
                  <th scope="col">Outstanding</th>
                </tr>
              </thead>
              <tbody>
                {detail.revenue.map((line) => (
                  <tr key={line.currency}>
                    <th scope="row">{line.currency}</th>
                    <td>{line.bookings}</td>
                    <td>{money(line.total.value, line.currency)}</td>
                    <td>{money(line.taken.value, line.currency)}</td>
                    <td>{money(line.outstanding.value, line.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="console-section" aria-labelledby="departure-rooms">
        <h2 id="departure-rooms">Rooms</h2>
        {detail.rooms.length === 0 ? <p>This departure has no hotel.</p> : null}
        {detail.rooms.map((hotel) => (
          <div key={hotel.hotel} className="console-table-wrap">
            <table className="console-table">
              <caption>
                {hotel.hotel} ({hotel.nights} nights)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Room</th>
                  <th scope="col">Count</th>
                  <th scope="col">Sold</th>
                  <th scope="col">Held</th>
                  <th scope="col">Left</th>
                </tr>
              </thead>
              <tbody>
                {hotel.room_types.map((room) => (
                  <tr key={room.option_id}>
                    <th scope="row">{room.room_type}</th>
                    <td>{room.inventory}</td>
                    <td>{room.sold}</td>
                    <td>{room.held}</td>
                    <td>{room.left}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>

      <section className="console-section" aria-labelledby="departure-flights">
        <h2 id="departure-flights">Seats by flight</h2>
        {detail.flights.length === 0 ? (
          <p>This departure has no flight.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Flight</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Sold</th>
                  <th scope="col">Held</th>
                  <th scope="col">Left</th>
                </tr>
              </thead>
              <tbody>
                {detail.flights.map((flight) => (
                  <tr key={flight.option_id}>
                    <th scope="row">{flight.name}</th>
                    <td>{flight.inventory}</td>
                    <td>{flight.sold}</td>
                    <td>{flight.held}</td>
                    <td>{flight.left}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="console-section" aria-labelledby="departure-missing">
        <h2 id="departure-missing">Passengers whose details are missing</h2>
        {detail.missing_details.length === 0 ? (
          <p>Every passenger has given their details.</p>
        ) : (
          <ul>
            {detail.missing_details.map((passenger) => (
              <li key={passenger.passenger_id}>
                {passenger.name} ({passenger.booking_reference}): {passenger.missing.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
