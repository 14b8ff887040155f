import { RATE_LIMIT_MESSAGES } from '@tours/domain/rate-limit-messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../../lib/alerts.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { mockFetch } from '../../../../test/fetch-mock.ts';
import { DETAILS, resetBookingStores } from '../../testing/booking-fixtures.ts';
import { seedReview } from '../../testing/payment-fixtures.ts';
import { PromotionField } from './promotion-field.tsx';

const BOOKING = { id: 41, token: 'booking-token', expiresAt: Date.now() + 3_600_000 };

/** The API's refusal of too many invalid codes: 429 RATE_LIMITED in its envelope, with Retry-After. */
function refuse(body: unknown, retryAfter = '540') {
  return mockFetch(() => new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter } }));
}

async function applyCode(code: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PromotionField booking={BOOKING} locked={false} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Enter a promotional code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  return screen.findByRole('alert');
}

describe('the promotional code field when the server refuses too many codes', () => {
  beforeEach(() => {
    resetBookingStores();
    seedReview(DETAILS);
    useAlertStore.setState({ alerts: [] });
  });

  it("shows the server's refusal at the field, saying when to try again, not the general failure", async () => {
    const message = RATE_LIMIT_MESSAGES.promoForBooking('in 9 minutes');
    refuse({ error: { code: 'RATE_LIMITED', message } });
    const alert = await applyCode('GUESS7');
    expect(alert.textContent).toBe(message);
    const field = screen.getByLabelText('Enter a promotional code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('words a bare 429 (a proxy that sent no envelope) the same way, with its Retry-After', async () => {
    mockFetch(() => new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': '120' } }));
    const alert = await applyCode('GUESS8');
    expect(alert.textContent).toBe(RATE_LIMIT_MESSAGES.promoFromClient('in 2 minutes'));
  });
});
