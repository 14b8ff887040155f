import { getIdentityConfig, IDENTITY_PATHS, type IdentityConfig } from '@tours/domain/contracts/identity';
import type * as Oidc from 'oidc-client-ts';
import type { UserManager, UserManagerSettings } from 'oidc-client-ts';
import { callApi } from '../api-client.ts';
import { OIDC_STORAGE_PREFIXES, usableStorage } from '../storage.ts';

/**
 * The one OpenID Connect client of the site (oidc-client-ts): authorization
 * code with PKCE (S256, the library's default), silent renewal before the
 * access token expires, provider logout. Its settings come from the API at
 * run time (GET /api/config/identity), so one build serves the sandbox
 * provider and any real one (Keycloak, Auth0, Entra ID, Cognito).
 */

/** The library loads on first use: most visitors never sign in, and the first page stays small. */
type OidcModule = typeof Oidc;
const loadOidc = (): Promise<OidcModule> => import('oidc-client-ts');

const isAbsoluteUrl = (value: string): boolean => {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function userManagerSettings(
  oidc: Pick<OidcModule, 'InMemoryWebStorage' | 'WebStorageStateStore'>,
  identity: IdentityConfig,
  origin: string = window.location.origin,
): UserManagerSettings {
  // Session storage, or memory when the browser refuses it: the site must work either way.
  const store = usableStorage('session') ?? new oidc.InMemoryWebStorage();
  return {
    authority: identity.issuer,
    client_id: identity.client_id,
    redirect_uri: `${origin}${IDENTITY_PATHS.signInCallback}`,
    silent_redirect_uri: `${origin}${IDENTITY_PATHS.silentRenew}`,
    post_logout_redirect_uri: `${origin}${IDENTITY_PATHS.postLogout}`,
    response_type: 'code',
    scope: identity.scope,
    automaticSilentRenew: true,
    // The ID token has the e-mail; the API decides who the customer is from the access token.
    loadUserInfo: false,
    // The account session lives for the tab (spec section 4, Persistence), and so does the provider's user.
    userStore: new oidc.WebStorageStateStore({ store, prefix: OIDC_STORAGE_PREFIXES.user }),
    stateStore: new oidc.WebStorageStateStore({ store, prefix: OIDC_STORAGE_PREFIXES.state }),
    // Providers name the API differently: RFC 8707 `resource` (absolute URIs only), Auth0's `audience`.
    ...(isAbsoluteUrl(identity.audience) ? { resource: identity.audience } : {}),
    extraQueryParams: { audience: identity.audience },
  };
}

let manager: Promise<UserManager> | null = null;

/** The client, created once per page from the API's identity settings. */
export function getUserManager(): Promise<UserManager> {
  manager ??= Promise.all([loadOidc(), callApi(getIdentityConfig, { onError: 'silent' })])
    .then(([oidc, identity]) => new oidc.UserManager(userManagerSettings(oidc, identity)))
    .catch((error: unknown) => {
      // A failed settings call must not stick: the next sign-in tries again.
      manager = null;
      throw error;
    });
  return manager;
}

/** Tests hand in a fake client. */
export function setUserManagerForTests(next: Promise<UserManager> | null): void {
  manager = next;
}
