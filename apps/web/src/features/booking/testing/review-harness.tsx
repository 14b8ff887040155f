import type { PrePaymentDetails } from '@tours/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import type { FakeSdk } from '../../../test/card-provider.ts';
import { ReviewStep } from '../steps/review/review-step.tsx';
import { DETAILS, PASSENGERS, TOUR } from './booking-fixtures.ts';
import { seedReview } from './payment-fixtures.ts';

/** Step 4a on its own, as the payment tests drive it: fake clock, fake provider SDK, mocked API. */

export const PRODUCT = { code: TOUR.code, name: TOUR.name, currency: 'GBP' };
export const TERMS = 'I have read and accept the terms and conditions';

export function renderReview(details: PrePaymentDetails = DETAILS, reload: () => void = () => undefined) {
  seedReview(details);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ReviewStep tour={TOUR} currency="GBP" offered={null} passengers={PASSENGERS} product={PRODUCT} reload={reload} />
    </QueryClientProvider>,
  );
}

/** Moves the fake clock and lets the promises that were waiting on it settle. */
export const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
export const terms = () => screen.getByRole('checkbox', { name: TERMS });
export const option = (name: RegExp) => screen.getByRole('radio', { name });
/** Inside a disabled fieldset the control's own `disabled` stays false; :disabled is what the browser honours. */
export const isDisabled = (element: HTMLElement) => element.matches(':disabled');
export const shows = (text: string | RegExp) => screen.queryAllByText(text).length > 0;
export const alerts = () => useAlertStore.getState().alerts.map((alert) => alert.message);

/** Ticks the terms and runs the delays until the provider's form is mounted, ready and shown (3 s after the terms). */
export async function openCardForm(sdk: FakeSdk) {
  fireEvent.click(terms());
  // One step per delay: each timer is set once React has rendered what the previous one changed.
  await advance(2_000);
  await advance(500);
  act(() => sdk.send({ source: 'sandbox-pay', type: 'ready' }));
  await advance(500);
}

export const useFakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
