import { CHECKING_AFTER_FAILURES, pause, retryDelay } from '../retry.ts';

/**
 * After the provider took the money, the page asks our server about the
 * payment until it answers: the booking flow's confirmation (POST
 * /bookings/confirm) and the account area's receipt (PUT
 * /account/bookings/{booking}/payments/{payment}) alike. Both are idempotent
 * on the server for one payment id, so a lost answer or a server still
 * settling is asked again with the same id, with back-off (1 s, 2 s, 4 s,
 * 8 s, then every 10 s), and the page says it is checking from the second
 * failure. Concurrent callers for one payment share the one run. What a
 * failure means, and when the asking gives up, is the feature's: what is
 * being paid decides it.
 */

/** What `failed` answers to ask again after the back-off. */
export const ASK_AGAIN = Symbol('ask again');

export interface Asking<Answer, Outcome> {
  /** One call to our server about the payment. */
  ask: (signal: AbortSignal) => Promise<Answer>;
  /** The server's answer, acted on. */
  answered: (answer: Answer) => Outcome;
  /**
   * A failed call while the page still waits (`failures` counts them, this
   * one included): ASK_AGAIN, or the outcome that ends the asking.
   */
  failed: (error: unknown, failures: number, signal: AbortSignal) => Outcome | typeof ASK_AGAIN | Promise<Outcome | typeof ASK_AGAIN>;
  /** False once the page no longer waits for this answer (a logout, another booking, an answer elsewhere): the asking ends. */
  stillWaiting: () => boolean;
  /** The call went out ('sending'), or its answers keep failing ('checking'). */
  phase: (phase: 'sending' | 'checking') => void;
  /** The wait before asking again after `failures` failures; the back-off by default. */
  delay?: (failures: number) => number;
}

interface Running {
  promise: Promise<unknown>;
  controller: AbortController;
}
const running = new Map<string, Running>();

/**
 * Asks until answered, or until `failed` or the page (`stillWaiting`) ends
 * it, then `skipped`. `key` names the payment among the runs under way; a
 * caller asking about it while it runs shares that run.
 */
export function askUntilAnswered<Answer, Outcome>(key: string, asking: Asking<Answer, Outcome>, skipped: Outcome): Promise<Outcome> {
  const pending = running.get(key);
  if (pending) return pending.promise as Promise<Outcome>;
  const controller = new AbortController();
  const entry: Running = {
    controller,
    promise: askInTurn(asking, skipped, controller.signal).finally(() => {
      if (running.get(key) === entry) running.delete(key);
    }),
  };
  running.set(key, entry);
  return entry.promise as Promise<Outcome>;
}

async function askInTurn<Answer, Outcome>(asking: Asking<Answer, Outcome>, skipped: Outcome, signal: AbortSignal): Promise<Outcome> {
  const over = () => signal.aborted || !asking.stillWaiting();
  if (over()) return skipped;
  asking.phase('sending');
  for (let failures = 1; ; failures += 1) {
    let answer: Answer;
    try {
      answer = await asking.ask(signal);
    } catch (error) {
      if (over()) return skipped;
      const verdict = await asking.failed(error, failures, signal);
      if (verdict !== ASK_AGAIN) return verdict;
      if (over()) return skipped;
      if (failures >= CHECKING_AFTER_FAILURES) asking.phase('checking');
      await pause((asking.delay ?? retryDelay)(failures), signal);
      if (over()) return skipped;
      continue;
    }
    if (!asking.stillWaiting()) return skipped;
    return asking.answered(answer);
  }
}

/** For tests: a fresh page knows of no payment being asked about under `prefix`, and the old one stops asking. */
export function stopAsking(prefix = ''): void {
  for (const [key, entry] of running) {
    if (!key.startsWith(prefix)) continue;
    entry.controller.abort();
    running.delete(key);
  }
}
