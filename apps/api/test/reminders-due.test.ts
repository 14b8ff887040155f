import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { dueReminders, reminderWindowDays, type ReminderCandidate, type ReminderSchedule } from '../src/modules/reminders/due.ts';

/** The reminders' rules apart from the database (modules/reminders/due.ts): which message keys are due on a day. */

const SCHEDULE: ReminderSchedule = { balanceDueDays: 90, balanceReminderDays: 14, detailsChaserDays: [90, 60, 30], finalDocumentsDays: 14 };
/** Departs 2027-06-01: the balance is due 2027-03-03, the first reminder from 2027-02-17. */
const BOOKING: ReminderCandidate = { id: 7, status: 'Confirmed', startDate: '2027-06-01', balanceDueDays: null, currency: 'GBP', outstanding: 123_45, detailsComplete: true };
const keys = (booking: Partial<ReminderCandidate>, today: string, schedule = SCHEDULE) => dueReminders({ ...BOOKING, ...booking }, today, schedule).map((due) => due.key);

describe('dueReminders', () => {
  it('reminds of an outstanding balance from 14 days before the due date, and again once it is overdue', () => {
    expect(keys({}, '2027-02-16')).toEqual([]);
    expect(keys({}, '2027-02-17')).toEqual(['balance-reminder:7:1']);
    expect(keys({}, '2027-03-03')).toEqual(['balance-reminder:7:1']);
    expect(keys({}, '2027-03-04')).toEqual(['balance-reminder:7:2']);
    expect(keys({ outstanding: 0 }, '2027-03-04')).toEqual([]);
  });

  it("dates the balance by the departure's own rule where it has one (70 days: due 2027-03-23)", () => {
    expect(keys({ balanceDueDays: 70 }, '2027-03-08')).toEqual([]);
    expect(keys({ balanceDueDays: 70 }, '2027-03-09')).toEqual(['balance-reminder:7:1']);
    expect(keys({ balanceDueDays: 70 }, '2027-03-24')).toEqual(['balance-reminder:7:2']);
    expect(dueReminders({ ...BOOKING, balanceDueDays: 70 }, '2027-03-09', SCHEDULE)[0]).toMatchObject({ dueDate: '2027-03-23' });
  });

  it('chases missing details at the stage departure is in, once complete never', () => {
    expect(keys({ outstanding: 0, detailsComplete: false }, '2027-03-02')).toEqual([]);
    expect(keys({ outstanding: 0, detailsComplete: false }, '2027-03-03')).toEqual(['details-chaser:7:90']);
    // A booking made 50 days before departure is chased at 60 days' stage only, then at 30.
    expect(keys({ outstanding: 0, detailsComplete: false }, '2027-04-12')).toEqual(['details-chaser:7:60']);
    expect(keys({ outstanding: 0, detailsComplete: false }, '2027-05-02')).toEqual(['details-chaser:7:30']);
    expect(keys({ outstanding: 0, detailsComplete: true }, '2027-05-02')).toEqual([]);
    expect(keys({ outstanding: 0, detailsComplete: false, status: 'Optional' }, '2027-05-02')).toEqual([]);
  });

  it('sends the final documents from 14 days before departure once paid, and nothing after departure', () => {
    expect(keys({ outstanding: 0 }, '2027-05-17')).toEqual([]);
    expect(keys({ outstanding: 0 }, '2027-05-18')).toEqual(['final-documents:7']);
    expect(keys({ outstanding: 1 }, '2027-05-18')).toEqual(['balance-reminder:7:2']);
    expect(keys({ outstanding: 0, status: 'Optional' }, '2027-05-18')).toEqual([]);
    expect(keys({}, '2027-06-02')).toEqual([]);
  });

  it('looks as far ahead as its furthest reminder', () => {
    expect(reminderWindowDays(SCHEDULE)).toBe(104);
    expect(reminderWindowDays({ ...SCHEDULE, detailsChaserDays: [120] })).toBe(120);
  });
});

describe('the reminders settings', () => {
  it('reads the chasers as whole days, largest first, each once', () => {
    expect(loadConfig({ DETAILS_CHASER_DAYS: '30, 90,60 30' }).reminders.detailsChaserDays).toEqual([90, 60, 30]);
    expect(loadConfig({}).reminders).toMatchObject({ intervalMs: 600_000, balanceReminderDays: 14, detailsChaserDays: [90, 60, 30], finalDocumentsDays: 14 });
    expect(() => loadConfig({ DETAILS_CHASER_DAYS: '90,sixty' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATIONS_EMAIL: 'not an address' })).toThrow(ConfigError);
  });
});
