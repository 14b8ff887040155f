import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Imports of @tours/domain, pointed at the module that declares each name.
 *
 * The domain package is one barrel (src/index.ts re-exports every module).
 * Rollup takes a module reached through that barrel as a dependency of every
 * chunk importing the barrel, so each domain module any lazy page uses (the
 * account and booking contracts, the forms' rules, the countries) was placed
 * in the entry chunk and downloaded with every page (issue 15's page weight).
 * Naming the module itself (`import { OPERATOR } from '.../operator.ts'`)
 * lets each land only with the pages that use it. Build only: the dev server
 * and the tests read the barrel as written. A name it cannot place (or any
 * other form of import) is left on the barrel, which stays correct.
 */

/**
 * Every name a module exports, from its source, with the file that declares
 * it: its own declarations and `export { … }` lists, and the names it passes
 * on with `export { … } from './…'`, followed to where they are declared (so
 * a page importing a re-exported schema does not load the module passing it on).
 */
export function exportedNames(file: string): Map<string, string> {
  const source = readFileSync(file, 'utf8');
  const names = new Map<string, string>();
  for (const match of source.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum|type|interface|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm)) {
    names.set(match[1]!, file);
  }
  for (const match of source.matchAll(/^export\s*(?:type\s*)?\{([^}]*)\}(?:\s*from\s*'(\.[^']+)')?/gm)) {
    const from = match[2] ? exportedNames(resolve(dirname(file), match[2])) : null;
    for (const part of match[1]!.split(',')) {
      const spec = part.replace(/^\s*type\s+/, '').trim();
      if (!spec) continue;
      const [local, alias] = spec.split(/\s+as\s+/).map((name) => name.trim());
      names.set(alias ?? local!, (!alias && from?.get(local!)) || file);
    }
  }
  return names;
}

/** Name -> module file, for every `export * from './…'` of the barrel; a name two modules export is left out. */
export function barrelMap(indexFile: string): Map<string, string> {
  const map = new Map<string, string>();
  const twice = new Set<string>();
  for (const match of readFileSync(indexFile, 'utf8').matchAll(/^export \* from '(\.[^']+)';/gm)) {
    for (const [name, file] of exportedNames(resolve(dirname(indexFile), match[1]!))) {
      if (map.has(name) && map.get(name) !== file) twice.add(name);
      map.set(name, file);
    }
  }
  for (const name of twice) map.delete(name);
  return map;
}

/** Rewrites `import { a, b as c } from '<specifier>'` statements of `code`; null when nothing changed. */
export function rewriteImports(code: string, specifier: string, map: Map<string, string>): string | null {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${specifier.replace(/[/.]/g, '\\$&')}\\2;?`, 'g');
  let changed = false;
  const out = code.replace(pattern, (statement, list: string) => {
    const specs = list.split(',').map((part) => part.trim()).filter(Boolean);
    const byFile = new Map<string, string[]>();
    for (const spec of specs) {
      if (/^type\s/.test(spec)) continue;
      const imported = spec.split(/\s+as\s+/)[0]!.trim();
      const file = map.get(imported);
      if (!file) return statement;
      byFile.set(file, [...(byFile.get(file) ?? []), spec]);
    }
    changed = true;
    return [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`).join('\n');
  });
  return changed ? out : null;
}

export function domainImports(root: string): Plugin {
  const index = join(root, 'packages/domain/src/index.ts');
  let map: Map<string, string>;
  return {
    name: 'tours-domain-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      map = barrelMap(index);
    },
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!) || !code.includes('@tours/domain')) return null;
      const out = rewriteImports(code, '@tours/domain', map);
      return out === null ? null : { code: out, map: null };
    },
  };
}
