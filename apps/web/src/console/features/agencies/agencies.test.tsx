import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGENCY_MESSAGES, type StaffAgencyPage } from '@tours/domain/contracts/staff/agencies';
import { permissionsOf } from '@tours/domain/staff/permissions';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../test/render.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';
import { AddAgencyPage } from './add-agency-page.tsx';
import { AgenciesPage } from './agencies-page.tsx';
import { AgencyPage } from './agency-page.tsx';

const AGENCY: StaffAgencyPage = {
  id: 5,
  code: 'AG2001',
  name: 'Horizon Journeys',
  active: true,
  staff_count: 1,
  active_staff_count: 1,
  version: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  staff: [{ id: 9, name: 'Nadia Roy', email: 'nadia@horizon.example', active: true, version: 1, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' }],
};

const renderPages = (path: string) =>
  renderInRouter(
    <Routes>
      <Route path="/agencies" element={<AgenciesPage />} />
      <Route path="/agencies/new" element={<AddAgencyPage />} />
      <Route path="/agencies/:agency" element={<AgencyPage />} />
    </Routes>,
    path,
  );

describe('the agencies pages', () => {
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

  it('lists the agencies and opens the form to add one, checked with the domain schema before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { items: [AGENCY] } }));
    const user = userEvent.setup();
    renderPages('/agencies');
    const row = await screen.findByRole('row', { name: /AG2001/ });
    expect(within(row).getByText('Horizon Journeys')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Add an agency' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add an agency' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Agent ID/), 'A');
    await user.click(screen.getByRole('button', { name: 'Add the agency' }));
    expect(await screen.findByText(AGENCY_MESSAGES.codeFormat)).toBeTruthy();
    expect(screen.getByText(AGENCY_MESSAGES.nameRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends the version it read, and on 412 offers to reload instead of saving over the other change', async () => {
    let version = 3;
    const fetchMock = mockFetch((_url, init) => {
      if (init?.method === 'PATCH') return jsonResponse({ error: { code: 'PRECONDITION_FAILED', message: AGENCY_MESSAGES.staleAgency } }, 412);
      return new Response(JSON.stringify({ data: { ...AGENCY, version, name: version === 3 ? AGENCY.name : 'Horizon Journeys Ltd' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: `"agency-5-v${version}"` },
      });
    });
    const user = userEvent.setup();
    renderPages('/agencies/5');
    const panel = await screen.findByRole('region', { name: 'Agency name' });
    const name = within(panel).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Horizon Travel');
    await user.type(within(panel).getByLabelText(/^Reason for the change/), 'Their new trading name');
    await user.click(within(panel).getByRole('button', { name: 'Save the name' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AGENCY_MESSAGES.staleAgency);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect((patch[1]!.headers as Record<string, string>)['If-Match']).toBe('"agency-5-v3"');

    version = 4;
    await user.click(within(alert).getByRole('button', { name: 'Reload the agency' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Horizon Journeys Ltd'));
  });
});
