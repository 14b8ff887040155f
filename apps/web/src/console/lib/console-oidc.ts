import { CONSOLE_IDENTITY_PATHS, getIdentityConfig, type IdentityConfig } from '@tours/domain/contracts/identity';
import { InMemoryWebStorage, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { removeByPrefix, usableStorage } from '../../lib/storage.ts';
import { staffCall } from './staff-api.ts';
import { CONSOLE_OIDC_PREFIXES } from './storage-keys.ts';

/**
 * The console signs in at the same identity provider, with the same client,
 * as the customer site (GET /api/config/identity), and its own redirect
 * URIs (CONSOLE_IDENTITY_PATHS, which the sandbox provider registers). It
 * needs the provider's access token only to start the staff session, so it
 * never renews it: the staff session, with its own expiry, is what counts.
 */

const isAbsoluteUrl = (value: string) => URL.canParse(value) && Boolean(new URL(value).protocol);

export function consoleUserManagerSettings(identity: IdentityConfig, origin: string = window.location.origin) {
  const store = usableStorage('session') ?? new InMemoryWebStorage();
  return {
    authority: identity.issuer,
    client_id: identity.client_id,
    redirect_uri: `${origin}${CONSOLE_IDENTITY_PATHS.signInCallback}`,
    post_logout_redirect_uri: `${origin}${CONSOLE_IDENTITY_PATHS.postLogout}`,
    response_type: 'code',
    scope: identity.scope,
    automaticSilentRenew: false,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store, prefix: CONSOLE_OIDC_PREFIXES.user }),
    stateStore: new WebStorageStateStore({ store, prefix: CONSOLE_OIDC_PREFIXES.state }),
    // Providers name the API differently: RFC 8707 `resource` (absolute URIs only), Auth0's `audience`.
    ...(isAbsoluteUrl(identity.audience) ? { resource: identity.audience } : {}),
    extraQueryParams: { audience: identity.audience },
  };
}

let manager: Promise<UserManager> | null = null;

export function consoleUserManager(): Promise<UserManager> {
  manager ??= staffCall(getIdentityConfig, {})
    .then(({ body }) => new UserManager(consoleUserManagerSettings(body)))
    .catch((error: unknown) => {
      manager = null;
      throw error;
    });
  return manager;
}

/** Off to the provider's sign-in page. */
export async function redirectToProvider(): Promise<void> {
  await (await consoleUserManager()).signinRedirect();
}

/** Back from the provider (/admin/signed-in): the code exchanged for the user and their access token. */
export async function completeProviderSignIn(url: string = window.location.href): Promise<User> {
  return (await consoleUserManager()).signinRedirectCallback(url);
}

/** The provider's user of this tab (the access token the sign-in steps send), while its token lasts. */
export async function providerUser(): Promise<User | null> {
  const user = await (await consoleUserManager()).getUser();
  return user && !user.expired ? user : null;
}

/**
 * Ends the provider's session too, so the next person at this computer
 * types their own address: the provider comes back to /admin.
 */
export async function signOutAtProvider(): Promise<void> {
  const userManager = await consoleUserManager();
  const idToken = (await userManager.getUser())?.id_token;
  removeByPrefix(CONSOLE_OIDC_PREFIXES.user);
  await userManager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
}

/** Forgets the provider's user without leaving the page (a refused sign-in). */
export function forgetProviderUser(): void {
  removeByPrefix(CONSOLE_OIDC_PREFIXES.user);
}
