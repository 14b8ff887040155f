import { limit, windowSeconds } from './limits.ts';
import { defineSlice, setting } from './setting.ts';

export const rateLimits = defineSlice({
  title: 'Rate limits',
  summary: 'Every limit is a fixed window counted in PostgreSQL (`rate_limit_counters`, `src/modules/rate-limits/limits.ts`), shared by every replica; a client is its IP as `TRUST_PROXY` reads it. The agents\' limits are with their other settings above.',
  settings: {
    rateLimits: {
      signInCodes: {
        sendsPerAddress: setting(
          'SIGN_IN_CODE_SEND_ADDRESS_LIMIT',
          limit(5),
          'Sign-in codes the sandbox identity provider e-mails to one address per window, from every client and sign-in together; more are refused on the sign-in page (HTTP 429, `Retry-After`) with the wait, so nobody can flood an inbox',
        ),
        sendsPerClient: setting(
          'SIGN_IN_CODE_SEND_CLIENT_LIMIT',
          limit(20),
          'Sign-in codes one client (its IP, as `TRUST_PROXY` reads it) may ask for per window, whatever the addresses',
        ),
        failuresPerAddress: setting(
          'SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT',
          limit(10),
          'Wrong sign-in codes per address per window, over all its sign-ins and clients (each code also dies after 5 wrong tries); past it even the right code is refused until the window ends',
        ),
        failuresPerClient: setting('SIGN_IN_CODE_FAILURE_CLIENT_LIMIT', limit(20), 'Wrong sign-in codes one client may type per window; right codes never count'),
        windowSeconds: setting('SIGN_IN_CODE_WINDOW_SECONDS', windowSeconds(900), 'The window of the four sign-in code limits'),
      },
      promotions: {
        failuresPerBooking: setting(
          'PROMO_CODE_BOOKING_FAILURE_LIMIT',
          limit(10),
          'Refused promotional codes (`POST /api/bookings/promotion`) per booking per window; then 429 `RATE_LIMITED` with `Retry-After`, even for a valid code; accepted codes never count',
        ),
        failuresPerClient: setting('PROMO_CODE_CLIENT_FAILURE_LIMIT', limit(20), 'Refused promotional codes per client per window, over all its bookings'),
        windowSeconds: setting('PROMO_CODE_WINDOW_SECONDS', windowSeconds(900), 'The window of both promotional code limits'),
      },
      staffSignIn: {
        startsPerClient: setting(
          'STAFF_SIGN_IN_CLIENT_LIMIT',
          limit(30),
          'Staff sign-ins (`POST /api/staff/session/start`) one client may start per window, whatever the outcome; more answer 429 `RATE_LIMITED` with `Retry-After`',
        ),
        startsPerAddress: setting('STAFF_SIGN_IN_ADDRESS_LIMIT', limit(20), 'Staff sign-ins started per e-mail address per window, from every client together'),
        failuresPerMember: setting(
          'STAFF_SECOND_FACTOR_FAILURE_LIMIT',
          limit(10),
          'Wrong recovery codes and failed passkey proofs per staff member per window, over every client; past it even a right code is refused until the window ends',
        ),
        failuresPerClient: setting('STAFF_SECOND_FACTOR_CLIENT_FAILURE_LIMIT', limit(20), 'Wrong recovery codes and failed passkey proofs one client may send per window'),
        windowSeconds: setting('STAFF_SIGN_IN_WINDOW_SECONDS', windowSeconds(900), 'The window of the four staff sign-in limits'),
      },
      postcodes: {
        lookupsPerClient: setting(
          'POSTCODE_LOOKUP_CLIENT_LIMIT',
          limit(60),
          'Postcode lookups (`GET /api/addresses/:postcode`) one client may make per window before 429 `RATE_LIMITED` with `Retry-After`; counted before the (paid) address service is asked; malformed postcodes are not counted',
        ),
        windowSeconds: setting('POSTCODE_LOOKUP_WINDOW_SECONDS', windowSeconds(900), 'The window of the postcode lookup limit'),
      },
    },
  },
});
