import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from '../src/lib/log-redaction.ts';

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
