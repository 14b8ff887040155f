import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ENDPOINTS } from './endpoints.ts';

const all = Object.values(ENDPOINTS);
const route = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('ENDPOINTS', () => {
  it('covers every call of spec section 7', () => {
    const routes = all.map(route);
    const spec = [
      'GET /account/bookings',
      'GET /account/bookings/:booking',
      'GET /account/profile',
      'GET /account/bookings/:booking/documents',
      'GET /account/bookings/:booking/documents/:document_id',
      'GET /account/bookings/:booking/payments',
      'PUT /account/bookings/:booking/payments/:payment',
      'PATCH /account/bookings/:booking/correspondence',
      'PATCH /account/bookings/:booking/passengers/:passenger',
      'POST /bookings',
      'POST /bookings/agent',
      'POST /bookings/agent-staff',
      'POST /bookings/selections',
      'POST /bookings/selection',
      'POST /bookings/confirm',
      'POST /bookings/agent-confirm',
      'POST /bookings/promotion',
      'POST /bookings/payments/token',
      'GET /bookings/tour',
      'GET /bookings/tour/:id/accommodation',
      'GET /bookings/tour/:id/components',
      'GET /bookings/tour/:id/extras',
      'GET /bookings/tour/:id/flights',
      'GET /bookings/tour/:id/promotions',
      'GET /bookings/agents',
      'GET /bookings/agents/:id',
      'GET /bookings/agents/:id/staff',
      'GET /config/marketing-sources',
      'GET /tours/find',
    ];
    for (const call of spec) expect(routes, call).toContain(call);
  });

  it('defines each route once', () => {
    expect(new Set(all.map(route)).size).toBe(all.length);
  });

  it('describes every path parameter in its params schema, and no others', () => {
    for (const endpoint of all) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).sort();
      const shape = endpoint.params instanceof z.core.$ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(shape, route(endpoint)).toEqual(names);
    }
  });

  it('leaves bodies to the methods that carry them', () => {
    for (const endpoint of all) {
      // A GET or a DELETE names what it reads or removes in its path; only the others send a body.
      if (endpoint.method === 'GET' || endpoint.method === 'DELETE') expect(endpoint.body, route(endpoint)).toBeUndefined();
      else expect(endpoint.body, route(endpoint)).toBeDefined();
    }
  });

  it('documents every schema as JSON Schema for OpenAPI', () => {
    for (const endpoint of all) {
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        const schema = endpoint[part];
        if (!schema) continue;
        const io = part === 'response' ? 'output' : 'input';
        expect(() => z.toJSONSchema(schema, { io, unrepresentable: 'any' }), `${route(endpoint)} ${part}`).not.toThrow();
      }
    }
  });

  it("answers JSON envelopes except for the documents list and downloads, the staff list and a season as CSV, and a departure's documents", () => {
    const nonJson = all.filter((e) => (e.responseType ?? 'json') !== 'json').map(route);
    expect(nonJson.sort()).toEqual([
      'GET /account/bookings/:booking/documents',
      'GET /account/bookings/:booking/documents/:document_id',
      'GET /staff/bookings.csv',
      'GET /staff/bookings/:booking/documents/:document',
      'GET /staff/catalogue/departures.csv',
      'GET /staff/departures/:departure/agency-statement',
      'GET /staff/departures/:departure/flight-manifest',
      'GET /staff/departures/:departure/passenger-manifest',
      'GET /staff/departures/:departure/rooming-list',
    ]);
  });
});
