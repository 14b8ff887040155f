import { componentCost, componentTypeLabel } from '@tours/domain/account/bookings';
import type { Component } from '@tours/domain/contracts/options';

/**
 * The booking's components: Name, Type, Cost ('Included' when free). On
 * phones each row stacks into a block labelled cell by cell (account.css),
 * so nothing scrolls sideways.
 */
export function ComponentsTable({ components }: { components: readonly Component[] }) {
  return (
    <table className="account-table">
      <caption className="visually-hidden">What this booking includes</caption>
      <thead>
        <tr>
          <th scope="col">
            Name
          </th>
          <th scope="col">
            Type
          </th>
          <th scope="col" className="account-table__money">
            Cost
          </th>
        </tr>
      </thead>
      <tbody>
        {components.length === 0 ? (
          <tr className="account-table__empty">
            <td colSpan={3}>
              No items found
            </td>
          </tr>
        ) : (
          components.map((component) => (
            <tr key={component.id}>
              <td data-label="Name">
                {component.name}
              </td>
              <td data-label="Type">
                {componentTypeLabel(component.component_type)}
              </td>
              <td data-label="Cost" className="account-table__money">
                {componentCost(component)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
