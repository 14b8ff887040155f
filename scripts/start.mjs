#!/usr/bin/env node
// `npm start`: the whole site on one origin (http://localhost:3000 unless PORT
// is set). Builds the web app and the API when a build is missing or older
// than its sources, then runs the API's build with plain node (as production
// does: no TypeScript at run time), which migrates and seeds the database and
// serves the SPA at / and the API at /api.
//   SKIP_WEB_BUILD=1  serve whatever is in apps/web/dist without building.
// It is the demo, run as production runs: NODE_ENV=production with DEMO=1, so
// libraries take their production builds (React renders the e-mails without its
// development checks) while the sandboxes, the demo seed and following each
// request's origin stay allowed (apps/api/src/config/production-guard.ts,
// docs/decisions/0015-demo-runs-as-production.md). Logs stay pretty at a
// terminal, as in development. A NODE_ENV of the caller's wins (scripts/lib/demo-env.mjs).
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_SERVER, buildApi } from './build-api.mjs';
import { buildWeb } from './build-web.mjs';
import { demoEnvironment } from './lib/demo-env.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

buildWeb();
buildApi();

// Source maps: a stack trace in the logs names the TypeScript file and line.
const server = spawn(process.execPath, ['--enable-source-maps', API_SERVER], { cwd: root, stdio: 'inherit', env: demoEnvironment() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));
