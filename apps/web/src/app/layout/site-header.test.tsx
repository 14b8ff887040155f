import { OPERATOR } from '@tours/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useRegionStore } from '../../lib/region.ts';
import { renderRoute } from '../../test/render.tsx';

const header = () => screen.getByRole('banner');

describe('SiteHeader', () => {
  it('shows the loading placeholder for 1.5 seconds, then the links', () => {
    vi.useFakeTimers();
    renderRoute('/register');
    expect(screen.getByTestId('header-placeholder')).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Travel agents' })).toBeNull();

    act(() => vi.advanceTimersByTime(1_499));
    expect(screen.getByTestId('header-placeholder')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('header-placeholder')).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(within(header()).getByRole('button', { name: 'Travel agents' })).toBeTruthy();
  });

  it('links the logo home and shows the regional phone as a tel: link', () => {
    useRegionStore.setState({ region: 'US' });
    renderRoute('/register');
    expect(within(header()).getByRole('link', { name: OPERATOR.companyName }).getAttribute('href')).toBe('/');
    const phone = within(header()).getByRole('link', { name: `Call us ${OPERATOR.regions.US.phone}` });
    expect(phone.getAttribute('href')).toBe(`tel:${OPERATOR.regions.US.tel}`);

    act(() => useRegionStore.setState({ region: 'AU' }));
    expect(within(header()).getByRole('link', { name: `Call us ${OPERATOR.regions.AU.phone}` })).toBeTruthy();
  });

  it("opens the 'Travel agent bookings' modal and returns focus on close", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/register');
    act(() => vi.advanceTimersByTime(1_500));
    const opener = within(header()).getByRole('button', { name: 'Travel agents' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Travel agent bookings' });
    expect(within(dialog).getByText('Verify your travel agent profile and continue to make a booking.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
