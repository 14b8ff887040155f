import { ALERTS } from '@tours/domain/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addAlert, useAlertStore } from '../../lib/alerts.ts';
import { AlertStack } from './alert-stack.tsx';

describe('AlertStack', () => {
  it("titles each toast 'System Alert' and announces problems assertively, good news politely", () => {
    render(<AlertStack />);
    act(() => {
      addAlert(ALERTS.validationErrors);
      addAlert(ALERTS.agentNotFound);
      addAlert(ALERTS.paymentSuccessful, { extra: 'ID: 991' });
    });
    const [danger, warning] = screen.getAllByRole('alert');
    expect(within(danger!).getByText('System Alert')).toBeTruthy();
    expect(within(danger!).getByText('Some validation errors were found')).toBeTruthy();
    expect(within(danger!).getByRole('img', { name: 'Error' })).toBeTruthy();
    expect(within(warning!).getByRole('img', { name: 'Warning' })).toBeTruthy();
    const success = screen.getByRole('status');
    expect(within(success).getByText('Payment Successful ID: 991')).toBeTruthy();
    expect(within(success).getByRole('img', { name: 'Success' })).toBeTruthy();
  });

  it('dismisses a toast with its button', async () => {
    render(<AlertStack />);
    act(() => {
      addAlert(ALERTS.detailsUpdated);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss alert' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('goes by itself after its timeout, unless the pointer is on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AlertStack />);
    act(() => {
      addAlert(ALERTS.validationErrors);
    });
    await user.hover(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.unhover(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
