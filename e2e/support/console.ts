import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { signInAtProvider } from './sign-in.ts';
import type { WorkerServer } from './server.ts';

/**
 * The staff console (/admin) as a member uses it. It must be opened at
 * http://localhost:<port>: WebAuthn refuses IP addresses as a relying party,
 * and the worker's baseURL names 127.0.0.1. Passkeys come from Chromium's
 * virtual authenticator (CDP WebAuthn domain): a platform authenticator
 * with user verification, which keeps its credentials for the page's life.
 */

/** The demo's staff (apps/api/src/db/seed/data/staff.ts). */
export const DEMO_STAFF = {
  operations: { email: 'ops@meridian-tours.example', name: 'Olivia Park', label: 'Operations' },
  finance: { email: 'finance@meridian-tours.example', name: 'Felix Grant', label: 'Finance' },
  admin: { email: 'admin@meridian-tours.example', name: 'Ada Morgan', label: 'Administrator' },
  catalogue: { email: 'catalogue@meridian-tours.example', name: 'Cara Lewis', label: 'Catalogue' },
} as const;

export const consoleOrigin = (server: WorkerServer) => `http://localhost:${server.port}`;

/** A browser context at the console's origin (its request context reads the mailbox there too). */
export function consoleContext(browser: Browser, server: WorkerServer, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL: consoleOrigin(server), viewport });
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys it holds. */
  credentials(): Promise<{ credentialId: string; rpId?: string; signCount: number }[]>;
}

/** A platform authenticator with a verified user (fingerprint, face or PIN), answering every prompt by itself. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** From /admin to back from the identity provider: the e-mail typed there and the code read from the mailbox. */
export async function signInAtConsole(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signInAtProvider(page, email);
  await page.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/signed-in'), { timeout: 20_000 });
}

/** The first sign-in's passkey and its recovery codes, which the page shows once; answers the codes. */
export async function registerPasskey(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your passkey' })).toBeVisible();
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  return codes.map((code) => code.trim());
}

/** A later sign-in's passkey step. */
export async function provePasskey(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Use your passkey' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
}

/** The first sign-in of a member, to the console's home. */
export async function firstSignIn(page: Page, member: { email: string; name: string }): Promise<string[]> {
  await signInAtConsole(page, member.email);
  const codes = await registerPasskey(page);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` })).toBeVisible();
  return codes;
}

/**
 * The demo administrator's recovery codes in this worker: its server (one per
 * worker, for the whole run) knows the passkey the first spec to sign in as
 * the administrator registered, but that passkey lives in that spec's virtual
 * authenticator. Later specs sign in with one of its recovery codes instead.
 */
const adminCodes: string[] = [];

/** Signs in as the demo administrator, whichever spec of this worker does it first (specs add their own members this way). */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  const admin = DEMO_STAFF.admin;
  if (adminCodes.length === 0) {
    adminCodes.push(...(await firstSignIn(page, admin)));
    return;
  }
  await signInAtConsole(page, admin.email);
  await page.getByRole('link', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(adminCodes.shift()!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register a new passkey?' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${admin.name}` })).toBeVisible();
}

/** Sign out: the console and the provider, back to the 'signed out' page. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You have signed out' })).toBeVisible({ timeout: 20_000 });
}

/** The sections the console's navigation offers, in order. */
export const navigationItems = (page: Page) => page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();
