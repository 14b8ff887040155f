import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { money } from '../format.ts';

/** What the booking is made of, line by line, with the total the lines come to. */
export function ComponentsSection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <section aria-labelledby="components" className="console-panel">
      <h2 id="components">Components</h2>
      {detail.components.length === 0 ? (
        <p className="console-hint">The booking has no components yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Components of the booking</caption>
            <thead>
              <tr>
                <th scope="col">Component</th>
                <th scope="col">Type</th>
                <th scope="col" className="console-num">
                  Quantity
                </th>
                <th scope="col" className="console-num">
                  Unit price
                </th>
                <th scope="col" className="console-num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.components.map((component) => (
                <tr key={component.id}>
                  <td>{component.name}</td>
                  <td>{component.type}</td>
                  <td className="console-num">{component.quantity}</td>
                  <td className="console-num console-money">{money(component.unit_price)}</td>
                  <td className="console-num console-money">{money(component.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total
                </th>
                <td className="console-num console-money">{money(detail.money.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
