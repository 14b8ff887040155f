import { ALERTS, VALIDATION } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { INITIAL_ACCOUNT_SESSION, useAccountSession } from '../../lib/auth/account-session.ts';
import { readItem, readJson, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';
import { fakeUserManager, signInForTest } from '../../test/auth.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoute } from '../../test/render.tsx';
import { showPendingAgentSessionNotice } from '../../features/agent/end-agent-session.ts';
import { resetFirstLoadPlaceholder } from './use-first-load-placeholder.ts';

/** The header's 'Travel agents' and the 'Travel agent bookings' modal it opens (features/agent), as a visitor uses them. */

const AGENT = { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' };
const STAFF = { Id: 1, Name: 'Jane Holt', Email: 'jane.holt@wanderlust.example' };
const VERIFICATION = { token: 'verification-token', expires_at: '2030-01-01T00:00:00.000Z' };
const VERIFY_PATH = '/api/bookings/agents/verify';

const header = () => screen.getByRole('banner');
const dialog = () => screen.getByRole('dialog', { name: 'Travel agent bookings' });
const agentIdField = () => within(dialog()).getByRole('textbox', { name: 'Agent ID (required)' });
const emailField = () => within(dialog()).getByRole('textbox', { name: 'Staff email (required)' });
const alerts = () => useAlertStore.getState().alerts;

/** Renders `path`, lets the 1.5 s header placeholder pass and opens the modal from the header's button called `opener`. */
async function openModal(opener = 'Travel agents', path = '/register') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderRoute(path);
  await screen.findByRole('banner');
  act(() => vi.advanceTimersByTime(1_500));
  await waitFor(() => expect(screen.queryByTestId('header-placeholder')).toBeNull(), { timeout: 3_000 });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(within(header()).getByRole('button', { name: opener }));
  // The verification form loads when the modal first opens (it is not part of every page's download).
  await waitFor(() => expect(within(dialog()).queryByText('Loading')).toBeNull());
  return { ...view, user };
}

function mockVerify(answer: () => Response | Promise<Response>) {
  return mockFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === VERIFY_PATH) return answer();
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No mock for ${path}` } }, 404);
  });
}

const verifyCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === VERIFY_PATH);

beforeEach(() => resetFirstLoadPlaceholder());

describe('Travel agent bookings modal without an agent session', () => {
  it('shows the intro and asks for both fields before calling anyone', async () => {
    const fetchMock = mockVerify(() => jsonResponse({}, 500));
    const { user } = await openModal();
    expect(within(dialog()).getByText('Verify your travel agent profile and continue to make a booking.')).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog()).findByText(VALIDATION.agentIdRequired)).toBeTruthy();
    expect(within(dialog()).getByText(VALIDATION.staffEmailRequired)).toBeTruthy();
    expect(agentIdField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(agentIdField());

    // Blanks are not an answer either: required text is trimmed (spec section 5).
    await user.type(agentIdField(), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(within(dialog()).getByText(VALIDATION.agentIdRequired)).toBeTruthy();
    expect(verifyCalls(fetchMock)).toHaveLength(0);
  });

  it('submits with Enter, sends the trimmed ID and e-mail, and stores the agent, staff member and verification', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockVerify(
      () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ data: { agent: AGENT, staff: STAFF, verification: VERIFICATION } })))),
    );
    const { user } = await openModal();
    await user.type(agentIdField(), ' AG1001 ');
    await user.type(emailField(), 'jane.holt@wanderlust.example{Enter}');

    // The wait says what is happening and refuses a second press.
    const busy = await within(dialog()).findByRole('button', { name: 'Verifying…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('status').textContent).toBe('Verifying your agent details, please wait.');
    const calls = verifyCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ agent_id: 'AG1001', email: 'jane.holt@wanderlust.example' });

    act(() => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useAccountSession.getState()).toMatchObject({ agent: AGENT, agentStaff: STAFF, agentVerification: VERIFICATION });
    const stored = readJson(STORAGE_KEYS.accountSession) as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ agent: AGENT, agentStaff: STAFF, agentVerification: VERIFICATION });
    expect(alerts()).toEqual([expect.objectContaining({ message: ALERTS.agentFound.message, type: 'success' })]);

    // The header: the agent's name replaces 'Travel agents', and 'Sign in' goes.
    expect(within(header()).getByRole('button', { name: AGENT.Name })).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: 'Travel agents' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it("says 'Failed to find agent.' for an unknown ID and marks the field", async () => {
    mockVerify(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'No such agent', fields: { agent_id: 'Failed to find agent.' } } }, 404));
    const { user } = await openModal();
    await user.type(agentIdField(), 'AG9999');
    await user.type(emailField(), 'jane.holt@wanderlust.example');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(alerts()).toEqual([expect.objectContaining({ message: 'Failed to find agent.', type: 'warning', timeout: 5_000 })]));
    expect(screen.getByRole('alert').textContent).toContain('Failed to find agent.');
    await waitFor(() => expect(document.activeElement).toBe(agentIdField()));
    expect(agentIdField().getAttribute('aria-invalid')).toBe('true');
    expect(useAccountSession.getState().agent).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it("says 'Failed to find staff member.' for an e-mail the agent does not have", async () => {
    mockVerify(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'No such staff member', fields: { email: 'Failed to find staff member.' } } }, 404));
    const { user } = await openModal();
    await user.type(agentIdField(), 'AG1001');
    await user.type(emailField(), 'nobody@wanderlust.example{Enter}');

    await waitFor(() => expect(alerts()).toEqual([expect.objectContaining({ message: 'Failed to find staff member.', type: 'warning', timeout: 5_000 })]));
    await waitFor(() => expect(document.activeElement).toBe(emailField()));
    expect(useAccountSession.getState()).toMatchObject({ agent: null, agentStaff: null, agentVerification: null });
  });

  it('says when to try again after too many attempts', async () => {
    mockVerify(
      () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '90' },
        }),
    );
    const { user } = await openModal();
    await user.type(agentIdField(), 'AG1001');
    await user.type(emailField(), 'jane.holt@wanderlust.example{Enter}');

    await waitFor(() =>
      expect(alerts()).toEqual([expect.objectContaining({ message: ALERTS.agentVerificationLimited(OPERATOR.regions.DEFAULT.phone, '2 minutes').message, type: 'warning' })]),
    );
    expect(alerts()[0]!.message).toContain('Please try again in 2 minutes');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('gives the general failure toast when the service fails', async () => {
    mockVerify(() => jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500));
    const { user } = await openModal();
    await user.type(agentIdField(), 'AG1001');
    await user.type(emailField(), 'jane.holt@wanderlust.example{Enter}');
    await waitFor(() => expect(alerts()).toEqual([expect.objectContaining({ message: ALERTS.generalFailure(OPERATOR.regions.DEFAULT.phone).message })]));
    expect(within(dialog()).getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('Travel agent bookings modal with an agent session', () => {
  const seedStores = () => {
    writeJson(STORAGE_KEYS.booking, { version: 0, state: { step: 3 } });
    writeJson(STORAGE_KEYS.payment, { version: 0, state: { agentBooking: true } });
    writeJson(STORAGE_KEYS.accountPayment, { version: 0, state: { paymentOption: 'full' } });
    writeJson(STORAGE_KEYS.product, { version: 0, state: { currency: 'USD' } });
    writeJson(STORAGE_KEYS.passengers, { version: 0, state: { participants: [] } });
  };

  it('names the agent and ends the session: every store cleared, the end toast shown, the modal closed', async () => {
    useAccountSession.getState().setAgent(AGENT, STAFF, VERIFICATION);
    seedStores();
    const { user } = await openModal(AGENT.Name);
    expect(within(dialog()).getByText(`You're currently making bookings as agent ${AGENT.Name}`)).toBeTruthy();
    expect(within(dialog()).queryByRole('textbox')).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: 'End agent session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { bookingURL: _kept, ...session } = INITIAL_ACCOUNT_SESSION;
    expect(useAccountSession.getState()).toMatchObject(session);
    for (const name of ['booking', 'payment', 'accountPayment', 'product', 'passengers'] as const) {
      expect(readItem(STORAGE_KEYS[name]), name).toBeNull();
    }
    expect(alerts()).toEqual([expect.objectContaining({ message: ALERTS.agentSessionEnded.message, type: 'success' })]);
    expect(within(header()).getByRole('button', { name: 'Travel agents' })).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('logs a signed-in customer out the way the header does, and shows the toast when the site loads again', async () => {
    const { manager } = fakeUserManager();
    signInForTest();
    useAccountSession.getState().setAgent(AGENT, STAFF, VERIFICATION);
    seedStores();
    const { user } = await openModal(AGENT.Name);
    await user.click(within(dialog()).getByRole('button', { name: 'End agent session' }));

    await waitFor(() => expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id.token.demo' }));
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, accessToken: null, agent: null, agentStaff: null, agentVerification: null });
    expect(readItem(STORAGE_KEYS.product)).toBeNull();
    expect(readItem(STORAGE_KEYS.agentSessionEnded)).toBe('1');

    // The provider brings the visitor back: the page loads again and says the session ended, once.
    useAlertStore.getState().clear();
    showPendingAgentSessionNotice();
    showPendingAgentSessionNotice();
    expect(alerts()).toEqual([expect.objectContaining({ message: ALERTS.agentSessionEnded.message })]);
    expect(readItem(STORAGE_KEYS.agentSessionEnded)).toBeNull();
  });

  it('keeps the agent button for a customer who signed in during an agent session', async () => {
    fakeUserManager();
    signInForTest();
    useAccountSession.getState().setAgent(AGENT, STAFF, VERIFICATION);
    await openModal(AGENT.Name);
    expect(within(dialog()).getByRole('button', { name: 'End agent session' })).toBeTruthy();
  });
});
