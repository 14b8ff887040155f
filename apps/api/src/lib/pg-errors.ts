/**
 * PostgreSQL's unique_violation (23505), as either driver reports it: drizzle
 * may wrap the driver's error, so the chain of causes is searched. With a
 * constraint name, only a violation of that constraint counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint: name } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint || String((cause as Error).message ?? '').includes(constraint);
  }
  return false;
}

/** PostgreSQL's foreign_key_violation (23503): a row still referenced (a departure a booking names, say). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * SQLSTATEs that say "try again": the same work may well succeed a moment
 * later. A lock or statement timeout (DATABASE_LOCK_TIMEOUT_MS,
 * DATABASE_STATEMENT_TIMEOUT_MS) cancels the statement and aborts its
 * transaction, so nothing of the attempt was committed and running the whole
 * transaction again is safe; retryTransient bounds the tries, so a statement
 * that is slow every time still fails quickly rather than piling up. Inside a
 * transaction that goes on, a retry would meet 25P02 (aborted), never transient.
 */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const TRANSIENT_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * A failure of the moment, not of the work: a serialization failure, a
 * deadlock, a timeout, a lost or refused connection. Such a failure is
 * retried and, failing that, left for reconciliation; it never decides the
 * fate of a booking or a payment.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NETWORK_CODES.has(code))) return true;
    const message = String((cause as { message?: unknown }).message ?? '');
    // pg-pool's "timeout exceeded when trying to connect": every connection was busy for the whole wait, a moment of overload.
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; doubled each time, with jitter. */
  baseDelayMs: number;
}

export const SETTLEMENT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 40 };

/** Runs `work` again after a transient database failure, with bounded backoff; any other failure, or the last one, is thrown. */
export async function retryTransient<T>(work: () => Promise<T>, policy: RetryPolicy = SETTLEMENT_RETRY, onRetry?: (error: unknown, attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts || !isTransientDatabaseError(error)) throw error;
      onRetry?.(error, attempt);
      const delay = policy.baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * (delay / 2)));
    }
  }
}
