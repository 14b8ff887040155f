import * as oidc from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { userManagerSettings } from './user-manager.ts';

const IDENTITY = { issuer: 'https://login.example.com/idp', client_id: 'tours-web', audience: 'https://tours.example.com/api', scope: 'openid email offline_access' };

describe('userManagerSettings', () => {
  it('uses the authorization code flow with the site-relative return addresses and silent renewal', () => {
    const settings = userManagerSettings(oidc, IDENTITY, 'https://tours.example.com');
    expect(settings).toMatchObject({
      authority: 'https://login.example.com/idp',
      client_id: 'tours-web',
      response_type: 'code',
      scope: 'openid email offline_access',
      redirect_uri: 'https://tours.example.com/auth/callback',
      silent_redirect_uri: 'https://tours.example.com/auth/silent-renew',
      post_logout_redirect_uri: 'https://tours.example.com/',
      automaticSilentRenew: true,
      resource: 'https://tours.example.com/api',
      extraQueryParams: { audience: 'https://tours.example.com/api' },
    });
    // PKCE is the library's default and must stay on.
    expect(settings.disablePKCE).toBeUndefined();
  });

  it('keeps the user and the redirect state in session storage under the site prefix', async () => {
    const settings = userManagerSettings(oidc, IDENTITY, 'https://tours.example.com');
    await settings.userStore!.set('probe', 'value');
    expect(window.sessionStorage.getItem('tours.oidc.user.probe')).toBe('value');
    await settings.stateStore!.set('s', 'v');
    expect(window.sessionStorage.getItem('tours.oidc.state.s')).toBe('v');
  });

  it('sends a non-URL audience only as `audience` (RFC 8707 resources must be absolute URIs)', () => {
    const settings = userManagerSettings(oidc, { ...IDENTITY, audience: 'tours-api' }, 'https://tours.example.com');
    expect(settings.resource).toBeUndefined();
    expect(settings.extraQueryParams).toEqual({ audience: 'tours-api' });
  });
});
