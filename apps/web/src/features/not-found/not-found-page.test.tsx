import { OPERATOR } from '@tours/domain/operator';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';

describe('Page Not Found', () => {
  it('shows the warning, a hint and a Home Page button to /', async () => {
    const { router } = renderRoute('/tourz/vienna');
    const main = screen.getByRole('main');
    const warning = await within(main).findByRole('heading', { level: 1, name: 'Page not found' });
    expect(warning.closest('.notice--warning')).not.toBeNull();
    expect(within(main).getByText(/may have moved/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Page not found | ${OPERATOR.companyName}`));

    const home = within(main).getByRole('link', { name: 'Home Page' });
    expect(home.getAttribute('href')).toBe('/');
    await userEvent.click(home);
    // The move commits once Home's code has loaded (app/routes.tsx).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
  });
});
