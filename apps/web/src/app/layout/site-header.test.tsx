import { OPERATOR } from '@tours/domain/operator';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRegionStore } from '../../lib/region.ts';
import { renderRoute } from '../../test/render.tsx';
import { resetFirstLoadPlaceholder } from './use-first-load-placeholder.ts';

const header = () => screen.getByRole('banner');
const menuButton = () => within(header()).getByRole('button', { name: 'Menu' });
const nav = () => within(header()).getByRole('navigation', { name: 'Main', hidden: true });

// Each test is a fresh page load.
beforeEach(() => resetFirstLoadPlaceholder());

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

    // The modal and its verification form load when the modal is first wanted.
    const dialog = await screen.findByRole('dialog', { name: 'Travel agent bookings' });
    expect(await within(dialog).findByText('Verify your travel agent profile and continue to make a booking.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Agent ID (required)' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Staff email (required)' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('the header placeholder', () => {
  it('shows on the first load only: not on moving to another page, nor when the header mounts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = renderRoute('/register');
    expect(screen.getByTestId('header-placeholder')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByTestId('header-placeholder')).toBeNull();

    await user.click(within(header()).getByRole('link', { name: 'Our tours' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our tours' })).toBeTruthy();
    expect(screen.queryByTestId('header-placeholder')).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy();

    unmount();
    renderRoute('/terms');
    expect(screen.queryByTestId('header-placeholder')).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('a header that mounts again during the first 1.5 s waits only for what is left', () => {
    vi.useFakeTimers();
    const first = renderRoute('/register');
    act(() => vi.advanceTimersByTime(1_000));
    first.unmount();
    renderRoute('/register');
    expect(screen.getByTestId('header-placeholder')).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('header-placeholder')).toBeNull();
  });
});

describe('the header menu (small screens)', () => {
  it('is a disclosure: the button says whether the links are shown, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderRoute('/register');
    const button = menuButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(nav().id);
    expect(nav().className).not.toContain('header-nav--open');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav().className).toContain('header-nav--open');
    await user.tab();
    expect(document.activeElement).toBe(within(nav()).getByRole('link', { name: 'Our tours' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a press outside and when a link in it is chosen', async () => {
    const user = userEvent.setup();
    renderRoute('/register');
    await user.click(menuButton());
    await user.click(screen.getByRole('main'));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    await user.click(menuButton());
    await user.click(within(nav()).getByRole('link', { name: 'Our tours' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our tours' })).toBeTruthy();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open behind the agent modal opened from it, which hands focus back to its button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/register');
    act(() => vi.advanceTimersByTime(1_500));
    await user.click(menuButton());
    const opener = within(nav()).getByRole('button', { name: 'Travel agents' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Travel agent bookings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(opener);
  });
});
