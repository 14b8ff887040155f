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
