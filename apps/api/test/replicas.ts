import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { RawEnv } from '../src/config/index.ts';
import { buildTestApp, createTestDatabase, type BuildOptions } from './helper.ts';
import type { TestDatabase } from './test-database.ts';

export interface Replica {
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>` when the replicas listen, else undefined (use app.inject). */
  readonly url: string | undefined;
}

export interface ReplicaSet {
  readonly database: TestDatabase;
  readonly replicas: readonly Replica[];
  /** The replica for the n-th call, round robin, as a load balancer would spread them. */
  pick(n: number): Replica;
  close(): Promise<void>;
}

export interface ReplicaOptions extends Omit<BuildOptions, 'env' | 'clock' | 'database'> {
  /** How many API replicas (default 2). */
  count?: number;
  /** Settings for every replica, over the clean test environment. */
  env?: RawEnv;
  /** One clock for every replica, or one per replica (skewed replicas). */
  clock?: Clock | ((index: number) => Clock);
  /** Listen on 127.0.0.1 on a free port each, for tests through real HTTP. */
  listen?: boolean;
  /** An existing database (default: a fresh one, dropped on close). */
  database?: TestDatabase;
}

/**
 * N API replicas over one database, built as `npm start` builds one. On a
 * PostgreSQL server (npm run test:pg) each replica has its own pool, exactly
 * as separate processes would. On PGlite, which one process opens once, they
 * share the one connection: what replicas share is the data, and nothing a
 * replica needs may live in another's memory, so the tests mean the same.
 */
export async function startReplicas(options: ReplicaOptions = {}): Promise<ReplicaSet> {
  const { count = 2, env, clock, listen = false, database: given, ...rest } = options;
  const database = given ?? (await createTestDatabase());
  let shared: DatabaseConnection | undefined;
  const replicas: Replica[] = [];
  try {
    if (!database.databaseUrl) shared = await database.open();
    for (let index = 0; index < count; index += 1) {
      const replicaClock = typeof clock === 'function' ? clock(index) : clock;
      const app = await buildTestApp(database, {
        ...rest,
        env,
        ...(replicaClock ? { clock: replicaClock } : {}),
        // Each app closes its own pool; the shared PGlite connection is closed once, below.
        ...(shared ? { database: { ...shared, close: async () => {} } } : {}),
      });
      let url: string | undefined;
      if (listen) {
        await app.listen({ host: '127.0.0.1', port: 0 });
        url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      }
      replicas.push({ app, url });
    }
  } catch (error) {
    await Promise.allSettled(replicas.map((replica) => replica.app.close()));
    await shared?.close();
    if (!given) await database.drop();
    throw error;
  }
  return {
    database,
    replicas,
    pick: (n) => replicas[n % replicas.length]!,
    close: async () => {
      await Promise.allSettled(replicas.map((replica) => replica.app.close()));
      await shared?.close();
      if (!given) await database.drop();
    },
  };
}
