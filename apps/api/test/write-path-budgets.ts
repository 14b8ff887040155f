/**
 * Statements and transactions per call of the booking write path, as
 * write-path-statements.test.ts counts and enforces them on both engines and
 * bench/write-path.mjs reports them beside its figures. A change that adds a
 * statement to the path must say why here.
 */
export const WRITE_PATH_BUDGETS = {
  // The departure's tour page facts (4), the marketing source, the booking, its passengers, its tour line, the audit row.
  create: { statements: 9, transactions: 1 },
  // Was 15: the booking lock read the passengers and the promotion line in two more statements (now subqueries of the lock).
  select: { statements: 13, transactions: 1 },
  // Was 10: the same booking lock. The sandbox provider writes its token in a transaction of its own (a real provider is remote).
  token: { statements: 8, transactions: 2 },
  // The sandbox provider's frame: its token, the payment and the notification for the merchant.
  pay: { statements: 8, transactions: 1 },
  // Was 39: the booking was locked twice in the applying transaction, and the overpayment check read again what the e-mail had read.
  confirm: { statements: 36, transactions: 2 },
} as const;
