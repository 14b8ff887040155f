import { DEFAULT_CANCELLATION_SCHEDULE_TEXT, parseCancellationSchedule, type CancellationSchedule } from '@tours/domain';
import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** The compact form, checked by the domain's one reading of it: a bad schedule stops the server with the domain's message. */
const scheduleSchema = z
  .string()
  .default(DEFAULT_CANCELLATION_SCHEDULE_TEXT)
  .transform((text, ctx): CancellationSchedule => {
    const parsed = parseCancellationSchedule(text);
    if (parsed.ok) return parsed.schedule;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

export const cancellation = defineSlice({
  title: 'Cancellation charges',
  summary:
    'What the operator keeps when staff cancel a booking (`packages/domain/src/cancellation.ts`, docs/decisions/0019-staff-money-actions.md): bands by calendar days before departure, London time.',
  settings: {
    cancellation: {
      schedule: setting(
        'CANCELLATION_SCHEDULE',
        scheduleSchema,
        "Bands as `DAYS:CHARGE` separated by commas, each from that many days before departure up to the next band: `deposit` keeps the booking's deposit (15% of its total), `N%` that share of the total (whole percentages, never falling as departure nears); a band from `0` days is required and also covers cancellations after departure. The default: 60 days or more the deposit, 30 to 59 days half, under 30 days all of it",
      ),
    },
  },
});
