import { sql } from 'drizzle-orm';
import type { Database, DatabaseConnection } from '../../db/client.ts';
import type { FaultPoint, FaultPoints, ProviderFault } from '../../lib/fault-points.ts';

/**
 * The real fault points (lib/fault-points.ts), armed by the test routes
 * (faults.ts). How an armed fault fails:
 * - error: an application error (a bug): a paid booking is flagged for staff;
 * - database: the database connection is lost (on a PostgreSQL server the backend
 *   is really terminated; on PGlite an error with the same SQLSTATE, 57P01);
 * - pause: the request waits there, holding what it holds, until released or the
 *   process is killed (a test SIGKILLs a replica exactly there).
 * Provider faults are not a booking's: the next calls from this process to the
 * card provider's server API fail (faulty-fetch.ts).
 */
export const FAULT_EFFECTS = ['error', 'database', 'pause'] as const;
export type FaultEffect = (typeof FAULT_EFFECTS)[number];

/** The first two faults had one effect each; the others default to an application error. */
const DEFAULT_EFFECT: Partial<Record<FaultPoint, FaultEffect>> = { 'settle-transient': 'database' };

/** How long a pause lasts at most, so a forgotten one never hangs a test run for ever. */
const MAX_PAUSE_MS = 120_000;

/** Thrown where an armed fault fires; its code is the SQLSTATE the failure looks like, if any. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
  readonly code: string | undefined;
  constructor(
    readonly fault: FaultPoint,
    readonly effect: FaultEffect = 'error',
  ) {
    super(effect === 'database' ? `terminating connection due to administrator command (injected test fault '${fault}')` : `Injected test fault '${fault}'`);
    // settle-transient keeps its serialization failure; a lost connection is admin_shutdown.
    this.code = fault === 'settle-transient' ? '40001' : effect === 'database' ? '57P01' : undefined;
  }
}

interface Armed {
  effect: FaultEffect;
  left: number;
}

export interface PausedAt {
  booking_id: number;
  fault: FaultPoint;
  since: string;
}

export class FaultSwitch implements FaultPoints {
  private readonly armed = new Map<string, Armed>();
  private readonly paused = new Map<string, { at: PausedAt; release: () => void }>();
  private provider: { fault: ProviderFault; left: number } | null = null;

  constructor(
    readonly enabled: boolean,
    /** On a PostgreSQL server a 'database' fault terminates the statement's own backend. */
    private readonly engine: DatabaseConnection['engine'] = 'pglite',
  ) {}

  /** Arms the fault to fire the next `times` times it is reached for the booking. */
  arm(bookingId: number, fault: FaultPoint, times = 1, effect: FaultEffect = DEFAULT_EFFECT[fault] ?? 'error'): FaultEffect {
    if (!this.enabled) throw new Error('Test faults are disabled');
    this.armed.set(`${bookingId}:${fault}`, { effect, left: times });
    return effect;
  }

  /** The next `times` calls to the card provider fail this way. */
  armProvider(fault: ProviderFault, times = 1): void {
    if (!this.enabled) throw new Error('Test faults are disabled');
    this.provider = { fault, left: times };
  }

  /** Takes one armed provider failure, if any, for the call about to be made. */
  takeProviderFault(): ProviderFault | null {
    if (!this.enabled || !this.provider || this.provider.left <= 0) return null;
    this.provider.left -= 1;
    return this.provider.fault;
  }

  /**
   * Fires the fault if it is armed for the booking. `db` is where the work
   * at this point runs (the transaction, if any): a 'database' fault on a
   * PostgreSQL server loses that connection for real.
   */
  async fire(bookingId: number, fault: FaultPoint, db?: Database): Promise<void> {
    if (!this.enabled) return;
    const key = `${bookingId}:${fault}`;
    const armed = this.armed.get(key);
    if (!armed || armed.left <= 0) return;
    armed.left -= 1;
    if (armed.effect === 'pause') return this.pause(key, { booking_id: bookingId, fault, since: new Date().toISOString() });
    if (armed.effect === 'database' && fault !== 'settle-transient' && db && this.engine === 'postgres') {
      // The server ends this backend: the statement fails with 57P01 and the connection is gone, as in a failover.
      await db.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    }
    throw new InjectedFault(fault, armed.effect);
  }

  private pause(key: string, at: PausedAt): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.paused.delete(key);
        resolve();
      };
      const timer = setTimeout(done, MAX_PAUSE_MS);
      this.paused.set(key, { at, release: done });
    });
  }

  /** Where requests are paused now. */
  pausedAt(): PausedAt[] {
    return [...this.paused.values()].map((entry) => entry.at);
  }

  /** Lets every paused request go on; answers how many there were. */
  releaseAll(): number {
    const waiting = [...this.paused.values()];
    for (const entry of waiting) entry.release();
    return waiting.length;
  }
}
