// Starts the full stack for the browser tests on a fresh embedded database,
// exactly as `npm start` serves it: SPA, API and sandboxes on one origin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tours-e2e-'));
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
