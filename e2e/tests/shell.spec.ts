import { OPERATOR, addressLines } from '@tours/domain';
import { expect, test, visitFrom } from '../support/fixtures.ts';

test.describe('site shell', () => {
  test('an unknown path shows Page Not Found with a Home Page button to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page you were looking for may have moved')).toBeVisible();
    await page.getByRole('link', { name: 'Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
  });

  test('the header shows the logo, the UK phone, and the signed-out links after the placeholder', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: OPERATOR.companyName })).toHaveAttribute('href', '/');
    const phone = header.getByRole('link', { name: /020 7946 0018/ });
    await expect(phone).toHaveAttribute('href', `tel:${OPERATOR.regions.DEFAULT.tel}`);
    // The session links wait behind a placeholder for 1.5 s.
    await expect(header.getByTestId('header-placeholder')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByTestId('header-placeholder')).toHaveCount(0);
    await header.getByRole('button', { name: 'Travel agents' }).click();
    const modal = page.getByRole('dialog', { name: 'Travel agent bookings' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Verify your travel agent profile and continue to make a booking.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test('the footer shows company, address lines, year, social links, card brands and trade bodies', async ({ page }) => {
    await page.goto('/tours');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(OPERATOR.companyName, { exact: true })).toBeVisible();
    const lines = footer.locator('address .site-footer__address-line');
    await expect(lines).toHaveText(addressLines(OPERATOR.regions.DEFAULT.address));
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${OPERATOR.companyName}`)).toBeVisible();
    for (const network of OPERATOR.social) {
      await expect(footer.getByRole('link', { name: network.name })).toHaveAttribute('href', network.href);
    }
    for (const mark of ['Visa', 'Mastercard', 'American Express', 'ABTA', 'ATOL', 'AITO']) {
      await expect(footer.getByRole('img', { name: new RegExp(mark) })).toBeVisible();
    }
  });

  test('a US visitor sees the US phone number from one geolocation call', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/sandbox/geolocation')) calls += 1;
    });
    await visitFrom(page, 'US');
    await page.goto('/');
    const phone = page.getByRole('banner').getByRole('link', { name: new RegExp(OPERATOR.regions.US.phone.replace(/[()]/g, '\\$&')) });
    await expect(phone).toHaveAttribute('href', `tel:${OPERATOR.regions.US.tel}`);
    await page.getByRole('banner').getByRole('link', { name: 'Our tours', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our tours' })).toBeVisible();
    expect(calls).toBe(1);
  });

  test('an Australian visitor sees the AU phone; an unknown country keeps the UK phone', async ({ page, context }) => {
    await visitFrom(page, 'AU');
    await page.goto('/');
    await expect(page.getByRole('banner').getByText(OPERATOR.regions.AU.phone)).toBeVisible();

    const other = await context.newPage();
    await visitFrom(other, 'FR');
    await other.goto('/');
    await expect(other.getByRole('banner').getByText(OPERATOR.regions.DEFAULT.phone)).toBeVisible();
  });

  test('a failed region lookup keeps the default region', async ({ page }) => {
    await page.route('**/sandbox/geolocation**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/');
    await expect(page.getByRole('banner').getByText(OPERATOR.regions.DEFAULT.phone)).toBeVisible();
  });
});
