#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster:
//   node scripts/with-postgres.mjs npx vitest run --project api
// The cluster lives in a temporary directory on a free port of 127.0.0.1 with
// trust authentication (scripts/lib/postgres-cluster.mjs); the command gets
// DATABASE_URL pointing at its maintenance database, and the cluster is
// stopped and deleted afterwards. Exits with the command's exit code.
import { spawn } from 'node:child_process';
import { PG_VERSION, startPostgres } from './lib/postgres-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('Usage: node scripts/with-postgres.mjs <command...>');
  process.exit(2);
}

const log = (message) => console.error(`[with-postgres] ${message}`);

let server;
let exitCode = 1;
try {
  server = await startPostgres({ log });
  const databaseUrl = server.url();
  log(`PostgreSQL ${PG_VERSION} ready at ${databaseUrl}`);

  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  exitCode = await new Promise((resolve) => {
    child.once('error', (error) => {
      log(`could not run ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
} catch (error) {
  log(error.message);
} finally {
  server?.stop();
}
process.exit(exitCode);
