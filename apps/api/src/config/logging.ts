import { z } from 'zod';
import { defineSlice, setting, type DeriveContext } from './setting.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Pretty lines are for a person watching a terminal in development; anything
 * else (a file, a pipe, a collector, production) gets one JSON object a line,
 * which costs no worker thread and no second formatting pass.
 */
export const defaultLogFormat = (nodeEnv: DeriveContext['nodeEnv'], interactive: boolean): 'pretty' | 'json' => (nodeEnv === 'development' && interactive ? 'pretty' : 'json');

export const logging = defineSlice({
  title: 'Logging',
  summary: 'Structured logs (pino): one line per request, written without secrets or personal data (`src/lib/log-redaction.ts`).',
  settings: {
    logLevel: setting('LOG_LEVEL', z.enum(LOG_LEVELS).optional(), 'pino level (`trace` logs every SQL statement)', { shownDefault: '`info` (`silent` in test)' }),
    logFormat: setting('LOG_FORMAT', z.enum(['pretty', 'json']).optional(), 'Log output: pretty lines for a person at a terminal, one JSON object a line for a file, a pipe or a log collector', {
      shownDefault: '`pretty` in development on a terminal, else `json`',
    }),
  },
  derive: ({ logLevel, logFormat }, { nodeEnv, interactive }) => ({
    logLevel: logLevel ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: logFormat ?? defaultLogFormat(nodeEnv, interactive),
  }),
});
