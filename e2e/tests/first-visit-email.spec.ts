import { ALERTS, VALIDATION } from '@tours/domain';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { bookableDeparture, chooseHowHeard, DEMO_PARTICIPANTS, fillParticipant, participantSection, startBooking } from '../support/booking.ts';
import { payByCard, reviewHeading } from '../support/payment.ts';
import { openCardFormOnTheClock } from '../support/unconfirmed.ts';
import { SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 1: `anne.reed@example,com` and `sarah.jones@example` went
 * through step 1 unseen, the review never showed an address, and step 5 said
 * the confirmation would go to an address no mail reaches. Step 1 now refuses
 * such an address with the domain's message, suggests the likely address
 * for a common slip in the domain (without blocking), and the review and
 * step 5 both name the address the confirmation goes to.
 */

const LEAD = DEMO_PARTICIPANTS[0];

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('step 1 refuses an address no mail can reach, suggests the likely one for a mistyped domain, and review and step 5 name it', async ({ page, request }) => {
      await page.clock.install();
      const departure = await bookableDeparture(request, 'LD-GRE', { minDaysAhead: 40 });
      await startBooking(page, { tour: 'LD-GRE', departure });
      await fillParticipant(page, 0, { ...LEAD, email: 'anne.reed@example,com' });
      await chooseHowHeard(page, 'Our website');
      const email = participantSection(page, 0).getByLabel(/^E-mail address/);
      const created: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().endsWith('/api/bookings') && sent.method() === 'POST') created.push(sent.url());
      });

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.locator('.toast-stack').getByText(ALERTS.validationErrors.message)).toBeVisible();
      await expect(email).toHaveAccessibleDescription(VALIDATION.emailUndeliverable);
      await expect(email).toBeFocused();
      // A domain without its dot is refused too.
      await email.fill('sarah.jones@example');
      await expect(email).toHaveAccessibleDescription(VALIDATION.emailUndeliverable);
      expect(created).toEqual([]);

      // A slip in a known domain is accepted as typed, with the likely address offered.
      await email.fill('anne.reed@gmial.com');
      await expect(email).not.toHaveAccessibleDescription(VALIDATION.emailUndeliverable);
      await email.press('Tab');
      const suggestion = participantSection(page, 0).getByRole('status').filter({ hasText: 'Did you mean' });
      await expect(suggestion).toHaveText('Did you mean anne.reed@gmail.com?');
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath('email-suggestion.png') });
      await suggestion.getByRole('button', { name: 'Use anne.reed@gmail.com' }).click();
      await expect(email).toHaveValue('anne.reed@gmail.com');
      await expect(email).toBeFocused();
      await expect(suggestion).toHaveCount(0);

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(reviewHeading(page)).toBeVisible();
      const participants = page.getByRole('region', { name: 'Participant' });
      await expect(participants).toContainText('Your confirmation will be sent to anne.reed@gmail.com');

      await openCardFormOnTheClock(page);
      await payByCard(page);
      await expect(page).toHaveURL(/\/booking-confirmation$/);
      await expect(page.getByText('You will receive your booking confirmation by e-mail at anne.reed@gmail.com within 1-3 working days.')).toBeVisible();
    });
  });
}
