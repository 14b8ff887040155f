import { describe, expect, it } from 'vitest';
import { redactText, redactUrl, serializeError, serializeRequest } from '../src/lib/log-redaction.ts';

describe('request log redaction', () => {
  it('hides credentials in the query string and leaves the rest', () => {
    expect(redactUrl('/api/account/bookings/100001/documents/7?token=abc.def')).toBe('/api/account/bookings/100001/documents/7?token=[Redacted]');
    expect(redactUrl('/auth/callback?state=s1&code=xyz&iss=a')).toBe('/auth/callback?state=s1&code=[Redacted]&iss=a');
    expect(redactUrl('/api/tours?currency=GBP')).toBe('/api/tours?currency=GBP');
  });

  it('serializes a request without its token', () => {
    const logged = serializeRequest({ method: 'GET', url: '/x?token=secret', host: 'localhost:3000', ip: '127.0.0.1', socket: { remotePort: 5000 } });
    expect(logged).toEqual({ method: 'GET', url: '/x?token=[Redacted]', host: 'localhost:3000', remoteAddress: '127.0.0.1', remotePort: 5000 });
  });
});

describe('redaction of personal data and other credentials', () => {
  it('hides the postcode of an address lookup, ID tokens and login hints', () => {
    expect(redactUrl('/api/addresses/YO1%207HH')).toBe('/api/addresses/[Redacted]');
    expect(redactUrl('/api/addresses/YO1%207HH?x=1')).toBe('/api/addresses/[Redacted]?x=1');
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl';
    expect(redactUrl(`/idp/session/end?id_token_hint=${jwt}&client_id=tours-web`)).toBe('/idp/session/end?id_token_hint=[Redacted]&client_id=tours-web');
    expect(redactUrl(`/idp/auth?login_hint=a%40b.c&state=s`)).toBe('/idp/auth?login_hint=[Redacted]&state=s');
    expect(redactUrl(`/anything?hint=${jwt}`)).toBe('/anything?hint=[Redacted]');
  });

  it("keeps a database error's statement and hides its values, down the cause chain", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_pkey"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const error = Object.assign(new Error('Failed query: insert into "customers" ("email") values ($1)\nparams: ada@example.com,Ada'), {
      query: 'insert into "customers" ("email") values ($1)',
      params: ['ada@example.com', 'Ada'],
      cause,
    });
    const logged = serializeError(error);
    expect(logged.message).toBe('Failed query: insert into "customers" ("email") values ($1)\nparams: [Redacted]');
    expect(logged.stack).not.toContain('ada@example.com');
    expect(logged.params).toBe('[Redacted]');
    expect(logged.query).toBe('insert into "customers" ("email") values ($1)');
    expect(logged.cause).toMatchObject({ code: '23505', detail: 'Key (email)=([Redacted]) already exists.' });
    expect(JSON.stringify(logged)).not.toContain('ada@example.com');
    expect(redactText('Failing row contains (1, Ada, ada@example.com).')).toBe('Failing row contains ([Redacted]).');
  });
});
