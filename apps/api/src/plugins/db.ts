import { toIsoDate } from '@tours/domain';
import { openDatabase, type Database, type DatabaseConnection } from '../db/client.ts';
import { seedDemoData } from '../db/seed/index.ts';
import { DEMO_STAFF } from '../db/seed/data/staff.ts';
import { seedStaffMembers } from '../modules/staff/index.ts';
import { readDatabaseNow } from '../lib/clock.ts';
import { sharedPlugin } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL; the same type either way. */
    db: Database;
    dbEngine: DatabaseConnection['engine'];
  }
}

export interface DbPluginOptions {
  /** An already open connection (tests); otherwise one is opened from the config. */
  connection?: DatabaseConnection;
}

/** Opens the database, applies migrations and the demo seed, and closes it with the app. */
export const dbPlugin = sharedPlugin('db', async (app, options: DbPluginOptions) => {
  const { config } = app;
  const connection =
    options.connection ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
      timeouts: config.databaseTimeouts,
      onQuery: app.log.level === 'trace' ? (query, params) => app.log.trace({ query, params }, 'sql') : undefined,
    }));
  app.addHook('onClose', async () => {
    await connection.close();
  });

  await connection.migrate();
  const where = config.databaseUrl ? 'PostgreSQL server' : config.dataDir;
  app.log.info({ engine: connection.engine }, `database ready (${where})`);

  if (config.seed === 'demo') {
    // The database's day: the seed writes once for every replica, so its dates must not depend on which replica's
    // clock got there first (one an hour fast, late in the evening, would seed every departure a day late for the others).
    const result = await seedDemoData(connection.db, toIsoDate(await readDatabaseNow(connection.db, app.clock.databaseNow())));
    app.log.info(result, result.applied ? 'demo data loaded' : 'demo data already present');
    // Through the staff module, which owns its table (and so is no part of db/seed); databases seeded before the console get them too.
    const staff = await seedStaffMembers(connection.db, DEMO_STAFF, app.clock.databaseNow());
    if (staff > 0) app.log.info({ staff }, 'demo staff members added');
  }

  app.decorate('db', connection.db);
  app.decorate('dbEngine', connection.engine);
});

