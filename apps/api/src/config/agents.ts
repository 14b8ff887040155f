import { z } from 'zod';
import { limit, windowSeconds } from './limits.ts';
import { defineSlice, setting } from './setting.ts';

export const agents = defineSlice({
  title: 'Travel agent verification',
  summary: 'Travel agent verification (docs/decisions/0013-agent-verification.md): its limits, and how long a verification lasts.',
  settings: {
    agents: {
      verifyClientLimit: setting(
        'AGENT_VERIFY_CLIENT_LIMIT',
        limit(20),
        'Travel agent verifications (`POST /api/bookings/agents/verify`) one client (its IP, as `TRUST_PROXY` reads it) may attempt per window, whatever the outcome; more answer 429 `RATE_LIMITED` with `Retry-After` (docs/decisions/0013)',
      ),
      verifyAgentFailureLimit: setting(
        'AGENT_VERIFY_AGENT_FAILURE_LIMIT',
        limit(10),
        'Failed verifications (wrong staff e-mail) per agent ID per window, from all clients together; then that agent ID answers 429 until the window ends',
      ),
      verifyWindowSeconds: setting(
        'AGENT_VERIFY_WINDOW_SECONDS',
        windowSeconds(900),
        'The window of both limits; counters are kept in `rate_limit_counters`, shared by every replica',
      ),
      verificationTtlSeconds: setting(
        'AGENT_VERIFICATION_TTL_SECONDS',
        z.coerce.number().int().min(60).max(604_800).default(43_200),
        'How long a verification token lets its holder register the agent and staff member on bookings (12 hours)',
      ),
    },
  },
});
