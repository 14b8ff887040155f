import { BALANCE_DUE_DAYS } from '@tours/domain';
import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

export const balances = defineSlice({
  title: 'Balance due date',
  summary:
    "When the balance of a booking paid by deposit falls due (the specification's `balance_due`). The API works the date out and sends it with the figures, the booking and the account's bookings, so the review, the e-mail, the PDFs and the account name the same date.",
  settings: {
    balances: {
      dueDays: setting(
        'BALANCE_DUE_DAYS',
        z.coerce.number().int().min(0).max(365).default(BALANCE_DUE_DAYS),
        'Days before departure the balance falls due (0 to 365; 3 months / 90 by default, with the travel details). A departure within this many days owes its balance at once: the site says "due now" before the visitor chooses a deposit',
      ),
    },
  },
});
