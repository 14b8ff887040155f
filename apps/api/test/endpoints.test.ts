import { ENDPOINTS, type Endpoint } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { NOT_YET_SERVED } from '../src/modules/not-yet-served.ts';
import { API_PREFIX } from '../src/plugins/web.ts';
import { build } from './helper.ts';

const contracts = Object.entries(ENDPOINTS) as [string, Endpoint][];
const call = (name: string, endpoint: Endpoint) => `${name}: ${endpoint.method} ${endpoint.path}`;

describe('the API serves the contracts', () => {
  const server = build();
  // The routes the built app has really registered, matched as the contract writes the path (':id' and all).
  const served = (endpoint: Endpoint) => server.app.hasRoute({ method: endpoint.method, url: `${API_PREFIX}${endpoint.path}` });

  it('checks routes the way they are registered', () => {
    expect(served(ENDPOINTS.findTour)).toBe(true);
    expect(served(ENDPOINTS.listFlightOptions)).toBe(true);
    expect(served({ ...ENDPOINTS.findTour, path: '/tours/no-such-call' })).toBe(false);
    expect(served({ ...ENDPOINTS.findTour, method: 'DELETE' })).toBe(false);
  });

  it('has a route for every contract in ENDPOINTS, except the calls listed as not yet served', () => {
    const missing = contracts.filter(([name, endpoint]) => !(name in NOT_YET_SERVED) && !served(endpoint)).map(([name, e]) => call(name, e));
    expect(missing).toEqual([]);
  });

  it('lists as not yet served only calls that no route serves, so the list only shrinks', () => {
    const servedAlready = contracts.filter(([name, endpoint]) => name in NOT_YET_SERVED && served(endpoint)).map(([name, e]) => call(name, e));
    expect(servedAlready).toEqual([]);
  });

  it('names a contract and the capability that will serve it for every call not yet served', () => {
    for (const [name, capability] of Object.entries(NOT_YET_SERVED)) {
      expect(ENDPOINTS, name).toHaveProperty(name);
      expect(capability, name).toMatch(/issue #\d+$/);
    }
  });
});
