import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMOTION_MESSAGES, type StaffPromotion } from '@tours/domain/contracts/staff/promotions';
import { permissionsOf } from '@tours/domain/staff/permissions';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../test/render.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';
import { AddPromotionPage } from './add-promotion-page.tsx';
import { PromotionPage } from './promotion-page.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const PROMOTION: StaffPromotion = {
  id: 4,
  code: 'AUTUMN10',
  description: 'Autumn newsletter',
  discount_type: 'percentage',
  amounts: { GBP: null, USD: null, AUD: null },
  percent: 10,
  valid_from: '2026-11-01',
  valid_to: '2026-12-31',
  tour_codes: ['TSG-SIC'],
  max_uses: 100,
  max_uses_per_customer: 1,
  active: true,
  uses: 3,
  on_bookings: 4,
  version: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};

const renderPages = (path: string) =>
  renderInRouter(
    <Routes>
      <Route path="/promotions" element={<PromotionsPage />} />
      <Route path="/promotions/new" element={<AddPromotionPage />} />
      <Route path="/promotions/:promotion" element={<PromotionPage />} />
    </Routes>,
    path,
  );

describe('the promotional codes pages', () => {
  beforeEach(() => {
    useStaffSession.setState({
      ended: false,
      session: {
        token: 'staff-session-token',
        me: {
          member: { id: 7, email: 'cara@meridian-tours.example', name: 'Cara Lewis', roles: ['catalogue'] },
          permissions: permissionsOf(['catalogue']),
          session: { mfa_method: 'passkey', expires_at: '2030-01-01T12:00:00.000Z', idle_expires_at: '2030-01-01T00:30:00.000Z' },
        },
      },
    });
  });

  it('lists each code with its discount, its tours and how many bookings use it', async () => {
    mockFetch(() => jsonResponse({ data: { items: [PROMOTION, { ...PROMOTION, id: 5, code: 'WELCOME100', discount_type: 'amount', amounts: { GBP: 10_000, USD: null, AUD: null }, percent: null, tour_codes: [], max_uses: null, uses: 1 }] } }));
    renderPages('/promotions');
    const autumn = await screen.findByRole('row', { name: /AUTUMN10/ });
    expect(autumn.textContent).toContain('10%');
    expect(autumn.textContent).toContain('TSG-SIC');
    expect(autumn.textContent).toContain('3 of 100 uses');
    const welcome = screen.getByRole('row', { name: /WELCOME100/ });
    expect(welcome.textContent).toContain('£100.00');
    expect(welcome.textContent).toContain('All tours');
    expect(welcome.textContent).toContain('1 use');
  });

  it('asks for the amount or the percentage the chosen kind needs, with the domain’s messages, before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { items: [] } }));
    const user = userEvent.setup();
    renderPages('/promotions/new');
    await user.type(await screen.findByLabelText(/^Code/), 'summer');
    await user.click(screen.getByRole('radio', { name: 'A percentage of the booking' }));
    await user.type(screen.getByLabelText(/^Percentage off/), '120');
    await user.click(screen.getByRole('button', { name: 'Add the promotional code' }));
    expect(await screen.findByText(PROMOTION_MESSAGES.percentRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('saves the terms with the version it read; on 412 it offers to reload, and a code on bookings cannot be deleted', async () => {
    let version = 2;
    const fetchMock = mockFetch((_url, init) => {
      if (init?.method === 'PATCH') return jsonResponse({ error: { code: 'PRECONDITION_FAILED', message: PROMOTION_MESSAGES.stale } }, 412);
      return new Response(JSON.stringify({ data: { ...PROMOTION, version, max_uses: version === 2 ? 100 : 50 } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: `"promotion-4-v${version}"` },
      });
    });
    const user = userEvent.setup();
    renderPages('/promotions/4');
    const terms = await screen.findByRole('region', { name: 'Terms' });
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    const limit = within(terms).getByLabelText(/^Uses in all/);
    await user.clear(limit);
    await user.type(limit, '200');
    await user.type(within(terms).getByLabelText(/^Reason/), 'A bigger campaign');
    await user.click(within(terms).getByRole('button', { name: 'Save the changes' }));
    const alert = await within(terms).findByRole('alert');
    expect(alert.textContent).toContain(PROMOTION_MESSAGES.stale);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect((patch[1]!.headers as Record<string, string>)['If-Match']).toBe('"promotion-4-v2"');
    expect(JSON.parse(String(patch[1]!.body))).toMatchObject({ max_uses: 200, percent: 10, tour_codes: ['TSG-SIC'], reason: 'A bigger campaign' });

    version = 3;
    await user.click(within(alert).getByRole('button', { name: 'Reload the code' }));
    await waitFor(() => expect((within(screen.getByRole('region', { name: 'Terms' })).getByLabelText(/^Uses in all/) as HTMLInputElement).value).toBe('50'));
  });
});
