import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const drizzleKit = fileURLToPath(new URL('../../../node_modules/drizzle-kit/bin.cjs', import.meta.url));

describe('committed migrations', () => {
  it('match the schema: generating again finds nothing to migrate', () => {
    const out = mkdtempSync(join(tmpdir(), 'tours-drift-'));
    try {
      cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
      const before = readdirSync(out).sort();
      // drizzle-kit reads --out relative to the working directory.
      const result = spawnSync(
        process.execPath,
        [drizzleKit, 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', relative(apiDir, out)],
        { cwd: apiDir, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('No schema changes');
      expect(readdirSync(out).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
