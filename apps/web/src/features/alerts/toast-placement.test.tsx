import { ALERTS } from '@tours/domain/messages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAlert } from '../../lib/alerts.ts';
import { AlertStack } from './alert-stack.tsx';
import { chooseToastEdge, type Box } from './toast-placement.ts';

const VIEWPORT = 667;
const box = (top: number, bottom: number, left = 8, right = 367): Box => ({ top, bottom, left, right });

describe('chooseToastEdge', () => {
  // A stack 100 px tall, 8 px from the edges of a 375 × 667 phone, now at the bottom.
  const stack = box(559, 659);

  it('keeps the spec’s bottom edge with no field focused, or with one elsewhere', () => {
    expect(chooseToastEdge(stack, null, VIEWPORT, 8)).toBe('bottom');
    expect(chooseToastEdge(stack, box(200, 244), VIEWPORT, 8)).toBe('bottom');
    // Beside the stack, not under it (a wide screen's left column).
    expect(chooseToastEdge(box(559, 659, 900, 1300), box(600, 644, 100, 700), VIEWPORT, 8)).toBe('bottom');
  });

  it('moves to the top edge when the bottom would cover the focused field', () => {
    expect(chooseToastEdge(stack, box(600, 644), VIEWPORT, 8)).toBe('top');
  });

  it('measures from where the stack would be, wherever it is now', () => {
    // Now at the top, over a field at the top: back to the bottom, which is free.
    expect(chooseToastEdge(box(8, 108), box(40, 84), VIEWPORT, 8)).toBe('bottom');
    // Now at the top with the field still low: stays at the top.
    expect(chooseToastEdge(box(8, 108), box(600, 644), VIEWPORT, 8)).toBe('top');
  });

  it('covers as little as it can when both edges would cover the field', () => {
    expect(chooseToastEdge(stack, box(0, 640), VIEWPORT, 8)).toBe('bottom');
    expect(chooseToastEdge(stack, box(20, 667), VIEWPORT, 8)).toBe('top');
  });
});

describe('AlertStack placement', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves to the top while the focused field sits under it, and back when focus leaves', async () => {
    Object.defineProperty(document.documentElement, 'clientHeight', { value: VIEWPORT, configurable: true });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('toast-stack')) {
        const top = this.dataset.edge === 'top' ? 8 : 559;
        return DOMRect.fromRect({ x: 8, y: top, width: 359, height: 100 });
      }
      if (this.id === 'low') return DOMRect.fromRect({ x: 16, y: 600, width: 343, height: 44 });
      return DOMRect.fromRect({ x: 16, y: 200, width: 343, height: 44 });
    });
    render(
      <>
        <input id="high" aria-label="High field" />
        <input id="low" aria-label="Low field" />
        <AlertStack />
      </>,
    );
    act(() => {
      addAlert(ALERTS.validationErrors);
    });
    const stack = document.querySelector<HTMLElement>('.toast-stack')!;
    expect(stack.dataset.edge).toBe('bottom');

    act(() => screen.getByRole('textbox', { name: 'Low field' }).focus());
    await vi.waitFor(() => expect(stack.dataset.edge).toBe('top'));
    expect(stack.className).toContain('toast-stack--top');

    act(() => screen.getByRole('textbox', { name: 'High field' }).focus());
    await vi.waitFor(() => expect(stack.dataset.edge).toBe('bottom'));
  });

  it('dismisses a toast with Escape from inside it, and labels its dismiss button', async () => {
    render(<AlertStack />);
    act(() => {
      addAlert(ALERTS.validationErrors);
    });
    const dismiss = screen.getByRole('button', { name: 'Dismiss alert' });
    await userEvent.setup().click(screen.getByRole('alert'));
    fireEvent.keyDown(dismiss, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
