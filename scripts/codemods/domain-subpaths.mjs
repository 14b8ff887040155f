#!/usr/bin/env node
// Points imports of the domain's barrel (`@tours/domain`) at the module that
// declares each name, through the package's subpath exports
// (`@tours/domain/contracts/booking`, packages/domain/package.json):
//   node scripts/codemods/domain-subpaths.mjs [--check] [folder or file ...]   (default: apps/web)
//
// Why: Rollup takes every module reached through a barrel as a dependency of
// each chunk importing the barrel, so a domain module one lazy page uses
// landed in the entry chunk and was downloaded with every page (issue 15's
// page weight). Named from its own module, it lands only with the pages that
// use it. The web app's ESLint config refuses the barrel (no-restricted-imports);
// this rewrites what a merge brings back. The API and the tests outside the web
// app may keep the barrel: nothing there is split into chunks.
//
// Idempotent: only declarations that name the barrel itself are rewritten, so a
// second run changes nothing. In a file it rewrites, the names it places join
// that file's existing import of the same module (one import per module and
// kind). A namespace import (`import * as domain`) is left as it is, with a
// warning. --check changes nothing and exits 1 when some file would change.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGE = '@tours/domain';
const DOMAIN_SRC = join(ROOT, 'packages/domain/src');
const BARREL = join(DOMAIN_SRC, 'index.ts');
const MAX_LINE = 150;

/**
 * Name -> subpath of the module that declares it, for every name the barrel
 * exports: the compiler follows `export *` and `export { … } from` to the
 * declaration, so a name passed on by another module is taken from its home.
 */
function declaringModules() {
  const { config } = ts.readConfigFile(join(ROOT, 'packages/domain/tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(ROOT, 'packages/domain'));
  const program = ts.createProgram([BARREL], options);
  const checker = program.getTypeChecker();
  const barrel = checker.getSymbolAtLocation(program.getSourceFile(BARREL));
  const map = new Map();
  for (let symbol of checker.getExportsOfModule(barrel)) {
    const name = symbol.getName();
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const files = new Set((symbol.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName));
    if (files.size !== 1) throw new Error(`${name}: declared in ${files.size} files (${[...files].join(', ')}); place it by hand`);
    const file = [...files][0];
    if (!file.startsWith(`${DOMAIN_SRC}/`)) throw new Error(`${name}: declared outside the domain's sources (${file})`);
    map.set(name, `${PACKAGE}/${relative(DOMAIN_SRC, file).replace(/\.ts$/, '')}`);
  }
  return map;
}

/** The .ts and .tsx files under `path`, skipping dependencies and builds. */
function sourceFiles(path) {
  if (!statSync(path).isDirectory()) return /\.tsx?$/.test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') ? [] : sourceFiles(join(path, entry.name)),
  );
}

const specifierText = (spec) => (spec.type ? 'type ' : '') + (spec.imported === spec.local ? spec.local : `${spec.imported} as ${spec.local}`);

function statement(keyword, typeOnly, specs, subpath) {
  const head = `${keyword} ${typeOnly ? 'type ' : ''}`;
  const names = specs.map(specifierText);
  const line = `${head}{ ${names.join(', ')} } from '${subpath}';`;
  return line.length <= MAX_LINE ? line : `${head}{\n${names.map((name) => `  ${name},`).join('\n')}\n} from '${subpath}';`;
}

/** The named specifiers of an import or export declaration, with whether each is type-only. */
function specifiersOf(node, typeOnlyDeclaration) {
  const elements = ts.isImportDeclaration(node) ? node.importClause.namedBindings.elements : node.exportClause.elements;
  return elements.map((element) => ({
    imported: (element.propertyName ?? element.name).text,
    local: element.name.text,
    // A declaration `import type { … }` makes every name type-only; kept on the declaration, not repeated on each name.
    type: !typeOnlyDeclaration && element.isTypeOnly,
  }));
}

const isNamedImport = (node) => ts.isImportDeclaration(node) && node.importClause && !node.importClause.name && node.importClause.namedBindings && ts.isNamedImports(node.importClause.namedBindings);
const isNamedExport = (node) => ts.isExportDeclaration(node) && node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause);
const moduleOf = (node) => (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined);

/** The file's text with its barrel imports rewritten; the same text when it has none. */
function rewrite(text, fileName, map, warn = console.warn) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const statements = source.statements;
  const fromBarrel = statements.filter((node) => moduleOf(node) === PACKAGE);
  if (fromBarrel.length === 0) return text;

  const edits = []; // [start, end, replacement]
  // The file's existing named imports of a domain module, by `<subpath> <type-only?>`: placed names join them.
  const existing = new Map();
  for (const node of statements) {
    const from = moduleOf(node);
    if (!isNamedImport(node) || !from?.startsWith(`${PACKAGE}/`)) continue;
    const key = `${from} ${node.importClause.isTypeOnly}`;
    if (!existing.has(key)) existing.set(key, { node, specs: specifiersOf(node, node.importClause.isTypeOnly), added: false });
  }

  const placedImports = new Map(); // key -> specs, for imports with no existing declaration to join
  let firstImport;
  for (const node of fromBarrel) {
    const isImport = ts.isImportDeclaration(node);
    if (isImport ? !isNamedImport(node) : !isNamedExport(node)) {
      warn(`${relative(ROOT, fileName)}: left as written (not a list of names): ${node.getText(source)}`);
      continue;
    }
    const typeOnly = isImport ? node.importClause.isTypeOnly : node.isTypeOnly;
    const specs = specifiersOf(node, typeOnly);
    const unknown = specs.filter((spec) => !map.has(spec.imported));
    if (unknown.length > 0) throw new Error(`${relative(ROOT, fileName)}: ${PACKAGE} exports no ${unknown.map((spec) => spec.imported).join(', ')}`);
    const bySubpath = new Map();
    for (const spec of specs) bySubpath.set(map.get(spec.imported), [...(bySubpath.get(map.get(spec.imported)) ?? []), spec]);
    // A module only types are taken from is imported with `import type`: `import { type A }` would stay in the
    // JavaScript as an import of the module for its side effects (verbatimModuleSyntax), loading it with the chunk.
    const groups = [...bySubpath].map(([subpath, group]) => {
      const onlyTypes = typeOnly || group.every((spec) => spec.type);
      return [subpath, onlyTypes, onlyTypes ? group.map((spec) => ({ ...spec, type: false })) : group];
    });

    if (!isImport) {
      // A re-export stays a re-export, in place: one statement per module.
      const text = groups.sort(([a], [b]) => a.localeCompare(b)).map(([subpath, onlyTypes, group]) => statement('export', onlyTypes, group, subpath));
      edits.push([node.getStart(source), node.getEnd(), text.join('\n')]);
      continue;
    }
    for (const [subpath, onlyTypes, group] of groups) {
      const key = `${subpath} ${onlyTypes}`;
      const joined = existing.get(key);
      if (joined) {
        for (const spec of group) if (!joined.specs.some((known) => known.local === spec.local)) joined.specs.push(spec);
        joined.added = true;
      } else {
        placedImports.set(key, [...(placedImports.get(key) ?? []), ...group]);
      }
    }
    if (firstImport) edits.push(removal(source, node));
    else firstImport = node;
  }

  for (const { node, specs, added } of existing.values()) {
    if (added) edits.push([node.getStart(source), node.getEnd(), statement('import', node.importClause.isTypeOnly, specs, moduleOf(node))]);
  }
  if (firstImport) {
    const placed = [...placedImports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, specs]) => statement('import', key.endsWith(' true'), specs, key.slice(0, key.lastIndexOf(' '))));
    edits.push(placed.length > 0 ? [firstImport.getStart(source), firstImport.getEnd(), placed.join('\n')] : removal(source, firstImport));
  }

  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + replacement + out.slice(end);
  return out;
}

/** A whole declaration's line(s) removed, with the line break after it. */
function removal(source, node) {
  const end = source.text[node.getEnd()] === '\n' ? node.getEnd() + 1 : node.getEnd();
  return [node.getStart(source), end, ''];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const paths = args.filter((arg) => arg !== '--check');
  const map = declaringModules();
  const changed = [];
  for (const file of (paths.length > 0 ? paths : ['apps/web']).flatMap((path) => sourceFiles(resolve(ROOT, path)))) {
    const text = readFileSync(file, 'utf8');
    const out = rewrite(text, file, map);
    if (out === text) continue;
    changed.push(relative(ROOT, file));
    if (!check) writeFileSync(file, out);
  }
  console.log(`${changed.length} file(s) ${check ? 'would change' : 'rewritten'}${changed.length > 0 ? `:\n  ${changed.join('\n  ')}` : ''}`);
  if (check && changed.length > 0) process.exit(1);
}
