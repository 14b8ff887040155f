import type { Agent, AgentStaff } from '@tours/domain/contracts/session-records';
import { ALERTS, SCREEN_TEXT, VALIDATION } from '@tours/domain/messages';
import { formatAmount } from '@tours/domain/money';
import { OPERATOR } from '@tours/domain/operator';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { useAlertStore } from '../../../lib/alerts.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoute } from '../../../test/render.tsx';
import { AGENT_TERMS_LABEL, CONFIRMING_AGENT_BOOKING_TEXT, REGISTERING_AGENT_TEXT } from '../steps/review/agent-confirmation.tsx';
import { forgetAgentRegistrations } from '../flow/agent-registration.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, EXTRAS, mockBookingApi, resetBookingStores, seedActiveBooking, type ApiOverrides } from '../testing/booking-fixtures.ts';
import { UNCONFIRMED_WITHOUT_PAYMENT } from './unconfirmed-screen.tsx';

/**
 * The travel agent's path through the booking flow (spec sections 2, 4 and
 * 6): with an agent session, review registers the agent and the staff member
 * on the booking, shows the outstanding balance and confirms without payment.
 */

const BOOK = '/book?tour=MHW-VIE&departure=2027-03-04';
const PHONE = OPERATOR.regions.DEFAULT.phone;
const AGENT: Agent = { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' };
const STAFF: AgentStaff = { Id: 3, Name: 'Jane Holt', Email: 'jane.holt@wanderlust.example' };
const VERIFICATION = { token: 'agent-proof', expires_at: '2030-01-01T00:00:00.000Z' };
const CONFIRMED = { data: { status: 'confirmed', reference: 'MER-480210', booking_status: 'Confirmed' } };
const TOTAL = formatAmount(DETAILS.total_price.value, 'GBP');

const failure = (status: number, code = 'INTERNAL') => jsonResponse({ error: { code, message: `Failed with ${status}` } }, status);

interface AgentApi {
  agent?: () => Response | Promise<Response>;
  staff?: () => Response;
  confirm?: () => Response | Promise<Response>;
}

/** The booking flow's API (mockBookingApi) with the agent calls in front of it; every request recorded. */
function mockAgentApi(options: AgentApi = {}, flowOverrides: ApiOverrides = {}) {
  const { requests } = mockBookingApi(flowOverrides);
  const flow = globalThis.fetch;
  mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const record = () =>
      requests.push({
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        auth: new Headers(init?.headers).get('Authorization'),
      });
    if (path === '/api/bookings/agent') {
      record();
      return options.agent?.() ?? jsonResponse({ data: AGENT });
    }
    if (path === '/api/bookings/agent-staff') {
      record();
      return options.staff?.() ?? jsonResponse({ data: STAFF });
    }
    if (path === '/api/bookings/agent-confirm') {
      record();
      return options.confirm?.() ?? jsonResponse(CONFIRMED);
    }
    return flow(url, init);
  });
  const to = (path: string) => requests.filter((request) => request.path === path);
  return { requests, to };
}

function startAgentSession() {
  useAccountSession.getState().setAgent(AGENT, STAFF, VERIFICATION);
}

/** A booking at review with the server's totals, as the flow leaves it. */
function seedReview() {
  seedActiveBooking('4a');
  usePaymentStore.getState().setPrePaymentDetails(DETAILS);
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const progressLabels = () =>
  within(screen.getByRole('navigation', { name: 'Booking progress' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.step-progress__label')?.textContent);
const alerts = () => useAlertStore.getState().alerts.map((alert) => alert.message);
const confirmButton = () => screen.getByRole('button', { name: 'Confirm Booking' }) as HTMLButtonElement;

beforeEach(() => {
  // A test that ends before its agency is registered leaves the calls running; the next renders the same booking id.
  forgetAgentRegistrations();
  resetBookingStores();
  useAlertStore.setState({ alerts: [] });
  window.dataLayer = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('an agent booking at review', () => {
  it("registers the agent and the staff member with the verification, and drops '& payment' from the label", async () => {
    const api = mockAgentApi();
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    expect(await stepHeading('Booking review')).toBeTruthy();
    expect(progressLabels()).toEqual(['Participants', 'Travel arrangements & extras', 'Accommodation', 'Booking review', 'Confirmation']);

    await waitFor(() => expect(usePaymentStore.getState().agentBooking).toBe(true));
    expect(api.to('/api/bookings/agent')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 'AG1001', verification: 'agent-proof' }, auth: 'Bearer booking-token' }),
    ]);
    expect(api.to('/api/bookings/agent-staff')).toEqual([
      expect.objectContaining({ method: 'POST', body: { id: 3, verification: 'agent-proof' }, auth: 'Bearer booking-token' }),
    ]);
    // The staff member's call follows the agent's: the server checks the staff member belongs to the registered agent.
    const paths = api.requests.map((request) => request.path);
    expect(paths.indexOf('/api/bookings/agent')).toBeLessThan(paths.indexOf('/api/bookings/agent-staff'));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
  });

  it('shows the agent welcome card in the side panel, without a deposit line', async () => {
    mockAgentApi();
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    const summary = await screen.findByRole('complementary', { name: 'Booking summary' });
    const card = within(summary).getByRole('region', { name: 'Welcome, Jane Holt' });
    const value = (label: string) => within(card).getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(value('Agent ID')).toBe('AG1001');
    expect(value('Agent')).toBe('Wanderlust Travel Ltd');
    expect(within(summary).queryByText('Deposit', { exact: true })).toBeNull();
    expect(within(summary).getByText('Total', { exact: true }).nextElementSibling?.textContent).toBe(TOTAL);
  });

  it('shows the outstanding balance with the rates note, the agent terms and Confirm Booking instead of the payment options', async () => {
    mockAgentApi();
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    await stepHeading('Booking review');
    const price = screen.getByRole('table', { name: 'Price of your booking, line by line' });
    expect(within(price).getByRole('row', { name: `Outstanding balance ${TOTAL}` })).toBeTruthy();
    expect(within(price).queryByText('Deposit')).toBeNull();
    expect(screen.getByText(SCREEN_TEXT.agentRates)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'How would you like to pay?' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'I have read and accept the terms and conditions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Tick to use a different billing address' })).toBeNull();
  });

  it('says what is happening while the agency is added', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockAgentApi({ agent: () => new Promise<Response>((resolve) => (answer = resolve)) });
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    // The agency's registration never answers until the test says: its words stay while the page renders.
    expect(await screen.findByText(REGISTERING_AGENT_TEXT)).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    answer(jsonResponse({ data: AGENT }));
    await waitFor(() => expect(screen.queryByText(REGISTERING_AGENT_TEXT)).toBeNull());
    expect(confirmButton().disabled).toBe(false);
  });

  it('asks for the agent terms before confirming', async () => {
    const api = mockAgentApi();
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(confirmButton());
    expect(screen.getByText(VALIDATION.agentTermsRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    expect(api.to('/api/bookings/agent-confirm')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    expect(screen.queryByText(VALIDATION.agentTermsRequired)).toBeNull();
  });

  it('confirms without payment and shows step 5 with the reference and the outstanding balance', async () => {
    const api = mockAgentApi();
    startAgentSession();
    seedReview();
    const { router } = renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    await userEvent.click(confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
    expect(api.to('/api/bookings/agent-confirm')).toEqual([
      expect.objectContaining({ method: 'POST', body: { action: 'confirm', agent_terms_accepted: true }, auth: 'Bearer booking-token' }),
    ]);
    expect(api.to('/api/bookings/confirm')).toHaveLength(0);
    expect(api.to('/api/bookings/payments/token')).toHaveLength(0);
    expect(await screen.findByText('MER-480210')).toBeTruthy();
    expect(useBookingStore.getState().step).toBe('5a');
    const detail = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(detail('Outstanding balance')).toBe(`${TOTAL}, settled through Wanderlust Travel Ltd`);
    expect(screen.queryByText('Paid today')).toBeNull();
    expect(screen.getByText(SCREEN_TEXT.agentRates)).toBeTruthy();
    expect(screen.getByText(/within 1-3 working days, with a copy to Jane Holt/)).toBeTruthy();
    // The step label of an agent booking, on the confirmation too.
    expect(progressLabels()).toContain('Booking review');
    // The purchase is recorded, and no payment information: nothing was paid.
    const events = window.dataLayer?.map((entry) => entry.event);
    expect(events).toContain('booking_review_and_payment');
    expect(events).toContain('purchase');
    expect(events).not.toContain('add_payment_info');
    expect(window.dataLayer?.find((entry) => entry.event === 'purchase')).toMatchObject({ reference: 'MER-480210', payment_option: 'agent' });
  });

  it('says what is happening while the booking is confirmed, with the booking locked and no way back', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockAgentApi({ confirm: () => new Promise<Response>((resolve) => (answer = resolve)) });
    startAgentSession();
    seedReview();
    const { router } = renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    await userEvent.click(confirmButton());

    expect(await screen.findByText(CONFIRMING_AGENT_BOOKING_TEXT)).toBeTruthy();
    expect(confirmButton().getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change/ })).toBeNull();
    // A second press while the first runs sends nothing more.
    await userEvent.click(confirmButton());
    expect(api.to('/api/bookings/agent-confirm')).toHaveLength(1);

    answer(jsonResponse(CONFIRMED));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
  });

  it('shows the general alert when the confirmation fails, and confirms on a second press', async () => {
    let fail = true;
    const api = mockAgentApi({ confirm: () => (fail ? failure(500) : jsonResponse(CONFIRMED)) });
    startAgentSession();
    seedReview();
    const { router } = renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    await userEvent.click(confirmButton());

    await waitFor(() => expect(alerts()).toEqual([ALERTS.generalFailure(PHONE).message]));
    expect(await screen.findByText('We could not confirm the booking')).toBeTruthy();
    expect(useBookingStore.getState().step).toBe('4a');
    expect(usePaymentStore.getState()).toMatchObject({ confirmation: null, processing: false, postPaymentDetails: null });
    expect(confirmButton().disabled).toBe(false);

    fail = false;
    await userEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
    expect(api.to('/api/bookings/agent-confirm')).toHaveLength(2);
  });

  it('shows the general alert and a retry when the agency cannot be added', async () => {
    let fail = true;
    const api = mockAgentApi({ agent: () => (fail ? failure(400, 'VALIDATION') : jsonResponse({ data: AGENT })) });
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    expect(await screen.findByText('We could not add your agency to this booking')).toBeTruthy();
    expect(alerts()).toEqual([ALERTS.generalFailure(PHONE).message]);
    expect(api.to('/api/bookings/agent-staff')).toHaveLength(0);
    expect(usePaymentStore.getState().agentBooking).toBe(false);
    expect(confirmButton().disabled).toBe(true);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(usePaymentStore.getState().agentBooking).toBe(true));
    expect(screen.queryByText('We could not add your agency to this booking')).toBeNull();
    expect(confirmButton().disabled).toBe(false);
  });

  it('asks to verify again, and registers nothing, when the session holds no proof of the verification', async () => {
    const api = mockAgentApi();
    useAccountSession.getState().setAgent(AGENT, STAFF, null);
    seedReview();
    renderRoute(BOOK);
    expect(await screen.findByText('Please verify your travel agent details again')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Welcome, Jane Holt' })).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    expect(api.to('/api/bookings/agent')).toHaveLength(0);
    expect(usePaymentStore.getState().agentBooking).toBe(false);
  });

  it('shows the unconfirmed screen, without claiming a payment, when the server could not confirm', async () => {
    mockAgentApi({ confirm: () => jsonResponse({ data: { status: 'unconfirmed', reference: '100042' } }) });
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    await userEvent.click(confirmButton());
    expect(await screen.findByText(UNCONFIRMED_WITHOUT_PAYMENT)).toBeTruthy();
    expect(screen.queryByText(SCREEN_TEXT.unconfirmed)).toBeNull();
    expect(alerts()).toEqual([ALERTS.unableToConfirm(PHONE).message]);
  });

  it('shows the availability-error screen when the places went before the confirmation', async () => {
    mockAgentApi({ confirm: () => failure(409, 'SERVICE_FAILURE') });
    startAgentSession();
    seedReview();
    renderRoute(BOOK);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(screen.getByRole('checkbox', { name: AGENT_TERMS_LABEL }));
    await userEvent.click(confirmButton());
    expect(await screen.findByText(SCREEN_TEXT.quoteCreated(PHONE, 100_042))).toBeTruthy();
    expect(alerts()).toEqual([]);
  });
});

describe('the steps before review for an agent', () => {
  it("leads on to review with 'Next', and labels step 4 without '& payment'", async () => {
    // No additional nights: the room choice leads straight to review, which customers reach with 'Continue to payment'.
    mockAgentApi({}, { extras: EXTRAS.filter((extra) => extra.name !== 'Additional night') });
    startAgentSession();
    seedActiveBooking('3a');
    renderRoute(BOOK);
    await stepHeading('Accommodation');
    expect(progressLabels()[3]).toBe('Booking review');
    await userEvent.click(await screen.findByRole('radio', { name: /Double room/ }));
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await stepHeading('Booking review')).toBeTruthy();
    await waitFor(() => expect(usePaymentStore.getState().agentBooking).toBe(true));
  });

  it("keeps '& payment' and the payment for customers", async () => {
    const api = mockAgentApi();
    seedReview();
    renderRoute(BOOK);
    expect(await stepHeading('Booking review & payment')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: AGENT_TERMS_LABEL })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Welcome/ })).toBeNull();
    expect(api.to('/api/bookings/agent')).toHaveLength(0);
  });
});
