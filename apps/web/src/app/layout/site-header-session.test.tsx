import { SCREEN_TEXT } from '@tours/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';
import { fakeUserManager, signInForTest } from '../../test/auth.ts';
import { renderRoute } from '../../test/render.tsx';
import { resetFirstLoadPlaceholder } from './use-first-load-placeholder.ts';

const header = () => screen.getByRole('banner');

/** Renders `path` and lets the 1.5 s header placeholder pass. */
async function renderSettled(path: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderRoute(path);
  await screen.findByRole('banner');
  act(() => vi.advanceTimersByTime(1_500));
  // A header that mounted again (the page's own code loading) counts the rest of the 1.5 s; the fake clock follows real time.
  await waitFor(() => expect(screen.queryByTestId('header-placeholder')).toBeNull(), { timeout: 3_000 });
  return { ...view, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

beforeEach(() => resetFirstLoadPlaceholder());

describe('header session links', () => {
  it("shows 'My account' and 'Log out' to a signed-in customer, without 'Sign in' or 'Travel agents'", async () => {
    fakeUserManager();
    signInForTest();
    await renderSettled('/register');
    expect(within(header()).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(within(header()).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Travel agents' })).toBeNull();
  });

  it("shows 'Sign in' and 'Travel agents' when signed out", async () => {
    await renderSettled('/register');
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Travel agents' })).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'My account' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("shows the agent's name and hides 'Sign in' while agent staff are set", async () => {
    useAccountSession.getState().setAgent({ ID: 'AG1', Name: 'Harbour Travel' }, { Id: 3, Name: 'Sam', Email: 'sam@harbour.example' }, null);
    await renderSettled('/register');
    expect(within(header()).getByRole('button', { name: 'Harbour Travel' })).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('logs out at once away from /book, clearing the session and ending the provider session', async () => {
    const { manager } = fakeUserManager();
    signInForTest();
    const { user } = await renderSettled('/register');
    await user.click(within(header()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id.token.demo' }));
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, accessToken: null, customer: null, bookingTab: 0, locationWhenAuthenticating: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first on /book; Cancel keeps everything, Log out clears the stores', async () => {
    const { manager } = fakeUserManager();
    signInForTest();
    writeJson(STORAGE_KEYS.product, { version: 0, state: { currency: 'USD' } });
    const { user } = await renderSettled('/book?tour=VIE24');
    await user.click(within(header()).getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(within(dialog).getByText(SCREEN_TEXT.logoutDuringBooking)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAccountSession.getState().isAuth).toBe(true);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();

    await user.click(within(header()).getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Log out' })).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(manager.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(useAccountSession.getState().isAuth).toBe(false);
    expect(readJson(STORAGE_KEYS.product)).toBeNull();
  });
});
