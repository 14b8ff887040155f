import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_QUEUES } from '@tours/domain/staff/queues';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../test/render.tsx';
import { WorkQueue } from './work-queue.tsx';

describe("the home page's work queue", () => {
  it("shows every queue's count, by the domain's names, each a link to its list", async () => {
    mockFetch(() =>
      jsonResponse({
        data: {
          items: [
            { queue: 'unconfirmed', count: 3 },
            { queue: 'details-missing', count: 1 },
          ],
        },
      }),
    );
    renderInRouter(<WorkQueue />, '/');

    const unconfirmed = await screen.findByRole('link', { name: 'Paid but unconfirmed: 3 bookings' });
    expect(unconfirmed.getAttribute('href')).toBe('/bookings?queue=unconfirmed');
    expect(screen.getByRole('link', { name: 'Passenger details missing: 1 booking' }).getAttribute('href')).toBe('/bookings?queue=details-missing');
    // A queue the API left out reads 0, not blank.
    expect(screen.getByRole('link', { name: 'E-mails not delivered: 0 bookings' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Work queue' })).getAllByRole('link')).toHaveLength(STAFF_QUEUES.length);
  });

  it('says when the counts cannot be had, and tries again when asked', async () => {
    let fail = true;
    mockFetch(() => (fail ? jsonResponse({ error: { code: 'INTERNAL', message: 'The database did not answer.' } }, 503) : jsonResponse({ data: { items: [] } })));
    renderInRouter(<WorkQueue />, '/');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The work queue could not be counted');
    expect(alert.textContent).toContain('The database did not answer.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Paid but unconfirmed: 0 bookings' })).toBeTruthy();
  });
});
