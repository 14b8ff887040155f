import type { StepId } from '@tours/domain/booking/steps';
import type { PaymentDetails } from '@tours/domain/contracts/booking';
import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import { SCREEN_TEXT } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { resetProviderScripts } from '../../../../lib/card-payment/provider-sdk.ts';
import { installFakeSdk, type FakeSdk } from '../../../../test/card-provider.ts';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { BookingSummary } from '../../components/booking-summary.tsx';
import { offeredOptions } from '../../flow/booking-options.ts';
import { summaryFigures } from '../../flow/summary-figures.ts';
import { forgetRunningConfirmations } from '../../payment/confirm-payment.ts';
import { usePaymentStore } from '../../store/payment-store.ts';
import { DETAILS, EXTRAS, FLIGHTS, HOTELS, PASSENGERS, resetBookingStores, ROOMS, TOUR } from '../../testing/booking-fixtures.ts';
import { heldFigures, mockPaymentApi, PROMOTION, seedReview } from '../../testing/payment-fixtures.ts';
import { advance, option, PRODUCT, renderReview, shows, terms, useFakeClock } from '../../testing/review-harness.tsx';
import { ReviewStep } from './review-step.tsx';

/** '£4,340' -> 434000, '£674.25' -> 67425, '−£100' -> -10000, 'Included in price' -> 0. */
function minorUnits(text: string): number {
  if (/included in price/i.test(text)) return 0;
  const match = /(−|-)?\D*([\d,]+)(?:\.(\d{2}))?/.exec(text.trim());
  if (!match) throw new Error(`No amount in '${text}'`);
  const value = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3] ?? '0');
  return match[1] ? -value : value;
}

interface ShownLine {
  label: string;
  amount: number;
}

const reviewTable = () => screen.getByRole('table', { name: /Price of your booking/ });

function reviewLines(): ShownLine[] {
  return [...reviewTable().querySelectorAll('tbody tr.price-table__line')].map((row) => ({
    label: row.querySelector('.price-table__label')!.textContent!,
    amount: minorUnits(row.querySelector('td')!.textContent!),
  }));
}

const reviewFigure = (name: RegExp) => minorUnits(within(reviewTable()).getByRole('row', { name }).querySelector('td')!.textContent!);

function panelLines(): ShownLine[] {
  const panel = screen.getByRole('complementary', { name: 'Booking summary' });
  return [...panel.querySelectorAll('.summary-lines__row[data-kind]:not(.summary-lines__row--group)')].map((row) => ({
    label: row.querySelector('dt')!.firstChild!.textContent!,
    amount: minorUnits(row.querySelector('dd')!.textContent!),
  }));
}

function panelFigure(label: string): number | null {
  const panel = screen.getByRole('complementary', { name: 'Booking summary' });
  const row = [...panel.querySelectorAll('.summary-lines__row')].find((candidate) => candidate.querySelector('dt')?.firstChild?.textContent === label);
  return row ? minorUnits(row.querySelector('dd')!.textContent!) : null;
}

function renderPanel(details: PrePaymentDetails, promotionActive = false) {
  const figures = summaryFigures({
    tour: TOUR,
    details,
    allocations: { flights: [], extras: [], accommodation: [] },
    offered: null,
    passengerIds: PASSENGERS.map((passenger) => passenger.id),
    participants: 2,
    promotionActive,
  });
  return render(<BookingSummary tour={TOUR} currency="GBP" figures={figures} reference="100042" />);
}

let sdk: FakeSdk;

beforeEach(() => {
  resetBookingStores();
  resetProviderScripts();
  forgetRunningConfirmations();
  sdk = installFakeSdk();
  window.dataLayer = [];
});

afterEach(() => {
  vi.useRealTimers();
  resetProviderScripts();
});

describe('the review shows the money line by line', () => {
  it('lists every line with its price, the lines adding up to the total, then the deposit', () => {
    mockPaymentApi();
    renderReview();
    expect(reviewLines()).toEqual([
      { label: 'Tour price', amount: 379_000 },
      { label: 'BA 702 London Heathrow (LHR) to Vienna (VIE)', amount: 0 },
      { label: 'OS 457 Salzburg (SZG) to London Heathrow (LHR)', amount: 29_000 },
      { label: 'Private visit to the Spanish Riding School', amount: 17_000 },
      { label: 'Hotel Königshof: Double room', amount: 9_000 },
      { label: 'Gästehaus Mönchsberg: Double room', amount: 0 },
    ]);
    const sum = reviewLines().reduce((total, line) => total + line.amount, 0);
    expect(reviewFigure(/^Total/)).toBe(sum);
    expect(sum).toBe(DETAILS.total_price.value);
    expect(reviewFigure(/^Deposit/)).toBe(65_100);
    expect(within(reviewTable()).getByRole('row', { name: /^Deposit/ }).textContent).toContain('15% of the total');
    // Per person, with the price of one, and an included option says so.
    expect(within(reviewTable()).getByRole('row', { name: /^Tour price/ }).textContent).toContain('2 × £1,895');
    expect(within(reviewTable()).getByRole('row', { name: /^BA 702/ }).textContent).toContain('Included in price');
    // Headed by kind: the rooms under Accommodation.
    expect(within(reviewTable()).getByRole('rowheader', { name: 'Accommodation' })).toBeTruthy();
  });

  it('shows additional nights as their own line, and amounts with pence to the penny', () => {
    mockPaymentApi();
    const lines = [
      ...DETAILS.lines,
      { kind: 'additional_night' as const, label: 'Additional night', quantity: 2, unit_price: 12_025 as MinorUnits, amount: 24_050 as MinorUnits },
    ];
    const total = (DETAILS.total_price.value + 24_050) as MinorUnits;
    const details: PrePaymentDetails = {
      ...DETAILS,
      lines,
      total_price: { currency_code: 'GBP', value: total },
      deposit: { currency_code: 'GBP', value: 68_708 as MinorUnits },
      breakdown: { ...DETAILS.breakdown, extras: (DETAILS.breakdown.extras + 24_050) as MinorUnits },
    };
    renderReview(details);
    expect(within(reviewTable()).getByRole('rowheader', { name: 'Additional nights' })).toBeTruthy();
    const night = within(reviewTable()).getByRole('row', { name: /^Additional night 2 ×/ });
    expect(night.textContent).toContain('2 × £120.25');
    expect(night.textContent).toContain('£240.50');
    expect(within(reviewTable()).getByRole('row', { name: /^Total/ }).textContent).toContain('£4,580.50');
    expect(within(reviewTable()).getByRole('row', { name: /^Deposit/ }).textContent).toContain('£687.08');
    expect(reviewLines().reduce((sum, line) => sum + line.amount, 0)).toBe(total);
  });

  it('words the deposit at the percentage the server priced it at: a departure with its own deposit', () => {
    mockPaymentApi();
    renderReview({ ...DETAILS, deposit: { currency_code: 'GBP', value: 108_500 as MinorUnits }, deposit_percent: 25 });
    const deposit = within(reviewTable()).getByRole('row', { name: /^Deposit/ });
    expect(deposit.textContent).toContain('25% of the total');
    expect(deposit.textContent).toContain('£1,085');
  });

  it('has the summary panel agree with it line for line', () => {
    mockPaymentApi();
    renderReview();
    renderPanel(DETAILS);
    const charged = reviewLines().filter((line) => line.amount !== 0);
    expect(panelLines()).toEqual(charged);
    expect(panelFigure('Total')).toBe(reviewFigure(/^Total/));
    expect(panelFigure('Deposit')).toBe(reviewFigure(/^Deposit/));
    // The spec's cost lines, each the sum of its lines; additional nights are not extras.
    expect(panelFigure('Flights')).toBe(29_000);
    expect(panelFigure('Extras')).toBe(17_000);
    expect(panelFigure('Accommodation')).toBe(9_000);
    expect(panelFigure('Additional nights')).toBeNull();
  });

  it('has the panel and the review agree with a promotion applied: its negative line, no deposit', () => {
    mockPaymentApi();
    usePaymentStore.getState().applyPromotion(PROMOTION);
    renderReview(PROMOTION.details);
    renderPanel(PROMOTION.details, true);
    expect(reviewLines().at(-1)).toEqual({ label: 'Promotional code WELCOME100', amount: -10_000 });
    expect(panelLines()).toEqual(reviewLines().filter((line) => line.amount !== 0));
    expect(reviewLines().reduce((sum, line) => sum + line.amount, 0)).toBe(reviewFigure(/^Total/));
    expect(panelFigure('Total')).toBe(424_000);
    expect(within(reviewTable()).queryByRole('row', { name: /^Deposit/ })).toBeNull();
    expect(panelFigure('Deposit')).toBeNull();
  });
});

describe('removing a promotional code', () => {
  const withoutCode: PaymentDetails = { details: DETAILS, promotion: null };

  function mockPromotionApi() {
    const calls: string[] = [];
    mockFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/bookings/promotion') return jsonResponse({ data: method === 'DELETE' ? withoutCode : PROMOTION });
      if (path === '/api/bookings/payment-details') return jsonResponse({ data: heldFigures() });
      return jsonResponse({ error: { code: 'NOT_FOUND', message: path } }, 404);
    });
    return calls;
  }

  it('says why the deposit is not offered while a code is applied, and Remove brings the deposit back', async () => {
    const calls = mockPromotionApi();
    renderReview();
    expect(shows(SCREEN_TEXT.promoNoDeposit)).toBe(false);
    const field = screen.getByLabelText('Enter a promotional code') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'WELCOME100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promotional code applied.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Pay the deposit/ })).toBeNull();
    const note = screen.getByText(SCREEN_TEXT.promoNoDeposit);
    expect(screen.getByRole('group', { name: 'How would you like to pay?' }).getAttribute('aria-describedby')).toBe(note.id);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the promotional code' }));
    expect(await screen.findByText(SCREEN_TEXT.promoRemoved)).toBeTruthy();
    expect(calls).toContain('DELETE /api/bookings/promotion');
    expect(shows(SCREEN_TEXT.promoNoDeposit)).toBe(false);
    expect((option(/^Pay the deposit/) as HTMLInputElement).checked).toBe(true);
    expect(option(/^Pay the deposit/).closest('label')?.textContent).toContain('£651');
    expect(reviewFigure(/^Total/)).toBe(434_000);
    expect(reviewLines().some((line) => line.label.startsWith('Promotional code'))).toBe(false);
    expect(field.disabled).toBe(false);
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('button', { name: 'Remove the promotional code' })).toBeNull();
    expect(usePaymentStore.getState()).toMatchObject({ promotion: null, validPromotionalCode: false, paymentOption: 'deposit', prePaymentDetails: DETAILS });
  });

  it('keeps the code and says so when the server refuses to remove it', async () => {
    mockFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/bookings/promotion' && init?.method === 'DELETE') {
        return jsonResponse({ error: { code: 'CONFLICT', message: 'This booking is Confirmed and can no longer be changed online.' } }, 409);
      }
      if (path === '/api/bookings/payment-details') return jsonResponse({ data: heldFigures() });
      return jsonResponse({ error: { code: 'NOT_FOUND', message: path } }, 404);
    });
    usePaymentStore.getState().applyPromotion(PROMOTION);
    renderReview(PROMOTION.details);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the promotional code' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Remove the promotional code' }).getAttribute('aria-busy')).not.toBe('true'));
    expect(usePaymentStore.getState().validPromotionalCode).toBe(true);
    expect(screen.getByText(SCREEN_TEXT.promoNoDeposit)).toBeTruthy();
  });
});

describe('Change links', () => {
  const offered = offeredOptions({ flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } }, 2);

  function renderWith(onChange: ((step: StepId) => void) | undefined, withOptions = true) {
    mockPaymentApi();
    seedReview();
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <ReviewStep tour={TOUR} currency="GBP" offered={withOptions ? offered : null} passengers={PASSENGERS} product={PRODUCT} onChange={onChange} />
      </QueryClientProvider>,
    );
  }

  it('offers Change beside each part the booking has, naming the step it goes back to', () => {
    const onChange = vi.fn<(step: StepId) => void>();
    renderWith(onChange);
    const expected: [string, StepId][] = [
      ['Change participants', '1'],
      ['Change flights', '2a'],
      ['Change extras', '2b'],
      ['Change rooms', '3a'],
      ['Change additional nights', '3b'],
    ];
    for (const [name, step] of expected) {
      fireEvent.click(screen.getByRole('button', { name }));
      expect(onChange).toHaveBeenLastCalledWith(step);
    }
    expect(onChange).toHaveBeenCalledTimes(expected.length);
  });

  it('offers none for parts the tour does not have (a day trip: the participants alone)', () => {
    renderWith(vi.fn(), false);
    expect(screen.getAllByRole('button', { name: /^Change/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Change participants']);
  });

  it('offers none when the flow gives no way back, nor once payment has started', () => {
    const { unmount } = renderWith(undefined);
    expect(screen.queryAllByRole('button', { name: /^Change/ })).toEqual([]);
    unmount();
    renderWith(vi.fn());
    expect(screen.getAllByRole('button', { name: /^Change/ })).toHaveLength(5);
    act(() => usePaymentStore.getState().setProcessing(true));
    expect(screen.queryAllByRole('button', { name: /^Change/ })).toEqual([]);
    act(() => usePaymentStore.getState().setProcessing(false));
    expect(screen.getAllByRole('button', { name: /^Change/ })).toHaveLength(5);
  });
});

describe('the wait before the card form', () => {
  it('is one labelled progress line in a polite live region, from the terms until the form is ready', async () => {
    useFakeClock();
    mockPaymentApi();
    renderReview();
    const region = document.querySelector('.payment-progress-region')!;
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    fireEvent.click(terms());
    const bar = () => screen.getByRole('progressbar', { name: SCREEN_TEXT.preparingPayment });
    expect(region.contains(bar())).toBe(true);
    expect(bar().getAttribute('aria-valuetext')).toBe('Unlocking the payment options…');
    const start = Number(bar().getAttribute('aria-valuenow'));
    await advance(1_000);
    expect(Number(bar().getAttribute('aria-valuenow'))).toBeGreaterThan(start);

    // The token, requested at 2 s, and the form, 500 ms after it, are prepared within the 3 s.
    await advance(1_000);
    expect(bar().getAttribute('aria-valuetext')).toBe('Loading the secure card form…');
    expect(Number(bar().getAttribute('aria-valuenow'))).toBeLessThan(100);
    await advance(500);
    expect(sdk.mounts).toHaveLength(1);
    act(() => sdk.send({ source: 'sandbox-pay', type: 'ready' }));
    // Ready, but shown with the payment fields, at 3 s.
    expect(bar()).toBeTruthy();
    await advance(500);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(region.isConnected).toBe(true);
    expect(region.textContent).toBe('');
  });

  it('goes when the terms are unticked', () => {
    useFakeClock();
    mockPaymentApi();
    renderReview();
    fireEvent.click(terms());
    expect(screen.getByRole('progressbar', { name: SCREEN_TEXT.preparingPayment })).toBeTruthy();
    fireEvent.click(terms());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
