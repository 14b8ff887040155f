/**
 * Statements and transactions per call of the booking write path, as
 * write-path-statements.test.ts counts and enforces them on both engines and
 * bench/write-path.mjs reports them beside its figures. A change that adds a
 * statement to the path must say why here.
 */
export const WRITE_PATH_BUDGETS = {
  // The departure's tour page facts (4), the marketing source, the booking, its passengers, its tour line, the audit row.
  create: { statements: 9, transactions: 1 },
  // Was 15, then 13 with the passengers and the promotion line read by subqueries of the locking select; 14 again because
  // those subqueries kept the snapshot from before a lock wait (bookings/repository.ts lockBooking): one read after the lock.
  select: { statements: 14, transactions: 1 },
  // Was 10: the same booking lock (one statement, and one read after it, as above). The sandbox provider writes its token in a transaction of its own (a real provider is remote).
  token: { statements: 9, transactions: 2 },
  // The sandbox provider's frame: its token (locked), what it has had paid and declined, the payment and the notification
  // for the merchant. Was 8: the token and its payment were read before the lock and again under it, the decline count
  // was a read of its own, and the payment was read back after its insert.
  pay: { statements: 4, transactions: 1 },
  // Was 39: the booking was locked twice in the applying transaction, and the overpayment check read again what the e-mail had read.
  // Was 36: the payment's sequence number is counted in its insert, the documents are issued and the confirmation's id
  // answered in one statement (whether it has flights from the lines already read), and the e-mail reuses the lines the
  // amount check read; one read comes first: a payment already applied (the notification came first) is answered from it.
  confirm: { statements: 33, transactions: 2 },
} as const;
