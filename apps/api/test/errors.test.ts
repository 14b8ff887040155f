import { apiErrorSchema, defineEndpoint } from '@tours/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/lib/register-endpoint.ts';
import { build } from './helper.ts';

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/test/echo',
  body: z.object({
    passengers: z.array(z.object({ email: z.string().min(1, 'Email address is required') })).min(1),
  }),
  response: z.object({ data: z.object({ count: z.number().int() }) }),
  auth: 'none',
  summary: 'Test echo',
});

const broken = defineEndpoint({
  method: 'GET',
  path: '/api/test/broken-contract',
  response: z.object({ data: z.object({ value: z.number() }) }),
  auth: 'none',
  summary: 'Answers outside its contract',
});

const guarded = defineEndpoint({ method: 'GET', path: '/api/test/guarded', response: z.object({}), auth: 'customer', summary: 'Guarded' });

describe('the error handler', () => {
  const server = build({
    routes(app) {
      registerEndpoint(app, echo, async (request) => ({ data: { count: request.body.passengers.length } }));
      registerEndpoint(app, broken, async () => ({ data: { value: 'not a number' } }) as never);
      app.get('/api/test/crash', async () => {
        throw new Error('connection string postgres://secret@db/prod failed');
      });
    },
  });

  it('answers 404 in the error shape for an unknown API path', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/unknown/thing?x=1' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/unknown/thing.' });
  });

  it('reports body validation failures with dot-separated field paths', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/test/echo', payload: { passengers: [{ email: '' }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'passengers.0.email': 'Email address is required' },
    });
  });

  it('reports a missing or malformed body as a 400', async () => {
    const missing = await server.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(missing.json().error.fields)).toEqual(['body']);
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"passengers": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('accepts valid input', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/test/echo', payload: { passengers: [{ email: 'a@b.example' }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { count: 1 } });
  });

  it('answers 500 without internals for unexpected errors and broken contracts', async () => {
    for (const url of ['/api/test/crash', '/api/test/broken-contract']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred.' } });
      expect(response.body).not.toContain('secret');
    }
  });

  it('refuses to register an endpoint whose auth guard does not exist', async () => {
    // Every guard the contracts name is registered in the app, so an app without the customer guard stands in.
    const bare = Fastify();
    bare.decorate('authGuards', new Map());
    try {
      expect(() => registerEndpoint(bare, guarded, async () => ({}))).toThrow(/customer/);
    } finally {
      await bare.close();
    }
  });
});

describe('OpenAPI documentation', () => {
  const server = build();

  it('describes the routes from their contracts', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\.1/);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/tours', '/api/tours/find', '/api/config/marketing-sources', '/api/sandbox/geolocation']),
    );
    const find = spec.paths['/api/tours/find'].get;
    expect(find.summary).toBe('Finds a tour departure by tour code and start date');
    expect(find.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['tour', 'departure', 'currency']));
    expect(find.responses['200']).toBeDefined();
  });

  it('renders the documentation page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
  });
});
