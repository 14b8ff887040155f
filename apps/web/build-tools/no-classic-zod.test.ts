import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: classic zod ('zod') carries every method on every schema, so a
 * bundler cannot drop what the site never calls: about 17 kB gzip in the
 * entry chunk of every page. The code the browser loads (the web app and the
 * domain it imports) uses zod's smaller, tree-shakable build, 'zod/mini', or
 * the shared core ('zod/v4/core'); the API may keep classic zod for its own
 * schemas. Tests may import classic zod: they never reach the bundle.
 */
const ALLOWED = new Set(['zod/mini', 'zod/v4/mini', 'zod/v4/core']);

// import.meta.url is not a file URL under the web project's jsdom environment; the file's own path is.
const repo = join(__dirname, '../../..');
const ROOTS = ['packages/domain/src', 'apps/web/src'].map((root) => join(repo, root));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every zod module a file imports or re-exports, type-only imports included (they are a habit that spreads). */
function zodImports(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"](zod(?:\/[^'"]*)?)['"]/g)].map((match) => match[1]!);
}

describe('the code the browser loads', () => {
  it('finds imports of zod in every form they take', () => {
    expect(zodImports("import { z } from 'zod';\nimport type { z as y } from \"zod/mini\";\nexport { x } from 'zod/v4/core';\nawait import('zod');")).toEqual([
      'zod',
      'zod/mini',
      'zod/v4/core',
      'zod',
    ]);
    expect(zodImports("import { zodResolver } from '@hookform/resolvers/zod';")).toEqual([]);
  });

  it("imports zod's smaller build (zod/mini) or its core, never classic zod", () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      zodImports(readFileSync(file, 'utf8'))
        .filter((specifier) => !ALLOWED.has(specifier))
        .map((specifier) => `${relative(repo, file)} imports '${specifier}'`),
    );
    expect(
      offenders,
      "Classic zod costs about 17 kB gzip on every page (issue 15): use `import { z } from 'zod/mini'` (z.optional(x), x.check(z.minLength(1, message)), ...)",
    ).toEqual([]);
  });
});
