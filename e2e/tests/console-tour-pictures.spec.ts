import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { addVirtualAuthenticator, consoleContext, firstSignIn, signInAsDemoAdmin } from '../support/console.ts';
import { drawnJpeg } from '../support/pictures.ts';

/**
 * Issue 27: a catalogue member uploads a picture of a seeded tour in the
 * console, makes it the main picture, and visitors see it on the tour's
 * page; then removes it again, so the worker's other specs find the demo's
 * pictures as seeded. The member is added for this spec by the
 * administrator, so no other spec's passkey is in the way. The picture is
 * drawn by the browser (a canvas as a JPEG), as a camera's would arrive.
 */

const TOUR = 'TSG-SIC';
const TOUR_NAME = 'Sicily: Greeks and Normans';
const ALT = 'The cloister of Monreale in the afternoon sun';
const REASON = 'Photographs from the recce';

const staffToken = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('tours.console.session') ?? 'null') as { token: string } | null)?.token ?? '');

test.describe("a tour's pictures uploaded in the console", () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;
  let stem: string;

  test.beforeAll(async ({ browser, server }) => {
    const adminContext = await consoleContext(browser, server);
    const adminPage = await adminContext.newPage();
    await addVirtualAuthenticator(adminPage);
    await signInAsDemoAdmin(adminPage);
    const email = `catalogue.pictures.${Date.now()}@meridian-tours.example`;
    const added = await adminContext.request.post('/api/staff/members', {
      headers: { authorization: `Bearer ${await staffToken(adminPage)}` },
      data: { email, name: 'Priya Castell', roles: ['catalogue'], reason: 'Takes the pictures of the Sicily tour' },
    });
    expect(added.status(), await added.text()).toBe(201);
    await adminContext.close();

    context = await consoleContext(browser, server);
    page = await context.newPage();
    await addVirtualAuthenticator(page);
    await firstSignIn(page, { email, name: 'Priya Castell' });
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('a catalogue member uploads a picture and makes it the main one', async () => {
    await page.goto(`/admin/tours?q=${TOUR}`);
    await page.getByRole('link', { name: TOUR, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${TOUR}: ${TOUR_NAME}` })).toBeVisible();
    const list = page.getByRole('region', { name: 'Pictures' }).getByRole('list').first();
    // The pictures arrive after the tour's heading: counted once the seeded ones are shown (a count does not wait).
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const before = await list.getByRole('listitem').count();
    expect(before).toBeGreaterThan(0);

    // Nothing chosen: the form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Upload the picture' }).click();
    await expect(page.getByText('Choose a picture to upload')).toBeVisible();
    await expect(page.getByText('Describe the picture for people who cannot see it')).toBeVisible();

    await page.getByLabel(/^Picture file/).setInputFiles({ name: 'monreale.jpg', mimeType: 'image/jpeg', buffer: await drawnJpeg(page, { from: '#c9783a', to: '#2f5d8a' }) });
    await page.getByLabel(/^What the picture shows/).fill(ALT);
    await page.getByRole('region', { name: 'Add a picture' }).getByLabel(/^Reason/).fill(REASON);
    const uploaded = page.waitForResponse((response) => response.url().endsWith(`/api/staff/tours/${TOUR}/pictures`) && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Upload the picture' }).click();
    const answer = await uploaded;
    expect(answer.status(), await answer.text()).toBe(201);
    stem = ((await answer.json()).data.items as { file_stem: string; uploaded: boolean }[]).at(-1)!.file_stem;
    expect(stem).toMatch(/^tsg-sic\.[0-9a-f]{12}$/);
    await expect(page.getByText('The picture is added at the end. Move it up to make it the main picture.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);
    const thumbnail = list.getByRole('img', { name: ALT });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectNoA11yViolations(page);

    // Up, place by place, each with a reason, until it is the main picture.
    for (let position = before; position > 0; position -= 1) {
      await page.getByRole('button', { name: `Move picture ${position + 1} up` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Reason/).fill('The cloister is the best of Sicily');
      await dialog.getByRole('button', { name: 'Move up' }).click();
      await expect(page.getByText('The picture is moved up.')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(list.getByRole('listitem').first()).toContainText('Main picture');
    await expect(list.getByRole('listitem').first()).toContainText(ALT);
  });

  test("visitors see it on the tour's page, loaded from the new files", async ({ browser, server }) => {
    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await visitor.goto(`/tours/${TOUR}`);
    await expect(visitor.getByRole('heading', { level: 1, name: TOUR_NAME })).toBeVisible();
    const hero = visitor.getByRole('img', { name: ALT });
    await expect(hero).toBeVisible();
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/api/media/tours/${stem}-`);
    expect(await hero.getAttribute('src')).toBe(`/api/media/tours/${stem}-960.jpeg`);
    const picture = hero.locator('xpath=..');
    expect(await picture.locator('source[type="image/avif"]').getAttribute('srcset')).toContain(`/api/media/tours/${stem}-1440.avif 1440w`);
    for (const url of [`/api/media/tours/${stem}-960.jpeg`, `/api/media/tours/${stem}-480.webp`, `/api/media/tours/${stem}-1440.avif`]) {
      const file = await visitor.request.get(url);
      expect(file.status(), url).toBe(200);
      expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await visitor.close();
  });

  test('the member removes it again with a reason, and its files go with it', async ({ browser, server }) => {
    await page.getByRole('button', { name: 'Remove main picture' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(ALT);
    await dialog.getByLabel(/^Reason/).fill('Only for the browser test');
    await dialog.getByRole('button', { name: 'Remove the picture' }).click();
    await expect(page.getByText('Main picture is removed.')).toBeVisible();
    await expect(page.getByRole('img', { name: ALT })).toHaveCount(0);

    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await expect.poll(async () => (await visitor.request.get(`/api/media/tours/${stem}-960.jpeg`)).status()).toBe(404);
    await visitor.goto(`/tours/${TOUR}`);
    await expect(visitor.getByRole('heading', { level: 1, name: TOUR_NAME })).toBeVisible();
    await expect(visitor.getByRole('img', { name: ALT })).toHaveCount(0);
    await visitor.close();
  });
});
