import { ALERTS } from '@tours/domain/messages';
import { describe, expect, it, vi } from 'vitest';
import { addAlert, alertMessage, dismissAlert, useAlertStore } from './alerts.ts';

const alerts = () => useAlertStore.getState().alerts;

describe('alerts store', () => {
  it('removes each alert after its own timeout', () => {
    vi.useFakeTimers();
    addAlert(ALERTS.validationErrors); // 3 s
    addAlert(ALERTS.paymentExpired('020 7946 0018')); // 7 s
    expect(alerts()).toHaveLength(2);

    vi.advanceTimersByTime(2_999);
    expect(alerts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(alerts().map((alert) => alert.message)).toEqual(['Your payment has expired. Please retry or contact us on 020 7946 0018.']);

    vi.advanceTimersByTime(4_000);
    expect(alerts()).toEqual([]);
  });

  it('dismisses by id and stops its clock', () => {
    vi.useFakeTimers();
    const first = addAlert(ALERTS.paymentSuccessful);
    const second = addAlert(ALERTS.detailsUpdated);
    dismissAlert(first);
    expect(alerts().map((alert) => alert.id)).toEqual([second]);
    vi.advanceTimersByTime(10_000);
    expect(alerts()).toEqual([]);
  });

  it('appends the extra text to the message', () => {
    const id = addAlert(ALERTS.paymentSuccessful, { extra: 'ID: 123' });
    const alert = alerts().find((item) => item.id === id)!;
    expect(alertMessage(alert)).toBe('Payment Successful ID: 123');
    expect(alert).toMatchObject({ type: 'success', timeout: 5_000 });
  });

  it('shows a repeated message once, with a fresh clock', () => {
    vi.useFakeTimers();
    const first = addAlert(ALERTS.validationErrors);
    vi.advanceTimersByTime(2_000);
    const again = addAlert(ALERTS.validationErrors);
    expect(again).toBe(first);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(alerts()).toEqual([]);
  });

  it('replaces the toast with a given id', () => {
    addAlert(ALERTS.agentFound, { id: 'agent' });
    addAlert(ALERTS.agentNotFound, { id: 'agent' });
    expect(alerts()).toEqual([expect.objectContaining({ id: 'agent', message: 'Failed to find agent.', type: 'warning' })]);
  });

  it('holds the clock while paused', () => {
    vi.useFakeTimers();
    const id = addAlert(ALERTS.validationErrors);
    vi.advanceTimersByTime(1_000);
    useAlertStore.getState().pause(id);
    vi.advanceTimersByTime(60_000);
    expect(alerts()).toHaveLength(1);
    useAlertStore.getState().resume(id);
    vi.advanceTimersByTime(1_999);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alerts()).toEqual([]);
  });
});
