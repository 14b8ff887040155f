// The API's module boundaries (docs/decisions/0017-modules-own-their-tables.md), as ESLint rules:
// - a module imports another module only through its face (modules/<m>/index.ts), and only a module below it;
// - a module's tables (modules/<m>/schema.ts, or schema/) are imported only by the module itself, by db/ (drizzle's
//   aggregate, the seed) and by other table files (foreign keys); other modules read through the owner's read model;
// - no module writes a table it reached through another module's face (api-modules/no-foreign-table-writes);
// - test code (modules/testing) is imported by app.ts alone; lib/ and adapters/ import no module;
// - db/ imports no module but its tables, except the seed, which loads a module's data through its face's services.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const SRC = 'apps/api/src';
const MODULES_DIR = `${SRC}/modules`;

/**
 * The direction of the modules, lowest first: a module may import the faces of modules in earlier layers only, so
 * the graph has no circle and a newcomer can tell which way a call goes. Settlement (confirmation) orchestrates the
 * owners below it; the account area and the agent's booking calls sit on top; testing is composed by app.ts alone.
 */
export const API_MODULE_LAYERS = [
  ['audit', 'rate-limits', 'health', 'geolocation', 'marketing', 'payment-provider', 'idempotency', 'file-storage'],
  ['payments', 'customers', 'promotions', 'postcodes', 'staff'],
  ['inventory', 'agents'],
  ['catalogue'],
  ['bookings'],
  ['options', 'selections', 'documents'],
  ['mail'],
  ['identity-provider', 'confirmation'],
  ['account', 'agent-bookings', 'staff-bookings', 'staff-departures', 'booking-actions', 'reminders'],
  ['testing'],
];

const layerOf = new Map(API_MODULE_LAYERS.flatMap((names, layer) => names.map((name) => [name, layer])));

function moduleNames(root) {
  const dir = join(root, MODULES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The files and folders of apps/api/src/db. */
function dbEntries(root) {
  const dir = join(root, SRC, 'db');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Where a module keeps its tables: schema.ts, or a schema/ folder. */
function schemaPaths(root, name) {
  const base = join(root, MODULES_DIR, name);
  return ['schema.ts', 'schema'].filter((path) => existsSync(join(base, path))).map((path) => `./${name}/${path}`);
}

const ADR = 'docs/decisions/0017-modules-own-their-tables.md';

/** The no-restricted-paths zones of every file of apps/api/src except table files. */
export function apiModuleZones(root = process.cwd()) {
  const names = moduleNames(root);
  const modules = `./${MODULES_DIR}`;
  const faces = names.map((name) => `./${name}/index.ts`);
  const zones = [];
  for (const name of names) {
    const layer = layerOf.get(name);
    zones.push({
      target: `${modules}/${name}`,
      from: modules,
      except: [`./${name}`, ...faces.filter((face) => face !== `./${name}/index.ts`)],
      message: `modules/${name} may import another module only through its index.ts (its services and read models), never its other files or its tables (${ADR}).`,
    });
    if (layer === undefined) {
      zones.push({
        target: `${modules}/${name}`,
        from: modules,
        except: [`./${name}`],
        message: `modules/${name} has no place in the modules' direction yet: add it to API_MODULE_LAYERS in eslint/api-modules.js (${ADR}).`,
      });
      continue;
    }
    const notBelow = names.filter((other) => other !== name && (layerOf.get(other) ?? Infinity) >= layer);
    if (notBelow.length > 0) {
      zones.push({
        target: `${modules}/${name}`,
        from: notBelow.map((other) => `${modules}/${other}`),
        message: `modules/${name} may import only modules below it (${ADR}): the direction is API_MODULE_LAYERS in eslint/api-modules.js.`,
      });
    }
  }
  zones.push(
    {
      target: modules,
      from: `./${SRC}/db/schema`,
      message: `db/schema is drizzle's aggregate of every table: a module reads another's tables through the owner's read model (${ADR}).`,
    },
    {
      target: [
        ...names.filter((name) => name !== 'testing').map((name) => `${modules}/${name}`),
        `./${SRC}/plugins`,
        `./${SRC}/lib`,
        `./${SRC}/adapters`,
        `./${SRC}/db`,
        `./${SRC}/server.ts`,
      ],
      from: `${modules}/testing`,
      message: 'Test code (modules/testing) is composed by app.ts alone, and only with TEST_FAULTS=true.',
    },
    {
      target: [`./${SRC}/lib`, `./${SRC}/adapters`],
      from: modules,
      message: 'lib/ and adapters/ sit below the modules: they import none.',
    },
    {
      target: [`./${SRC}/plugins`, `./${SRC}/app.ts`, `./${SRC}/server.ts`],
      from: modules,
      except: ['./index.ts', ...faces],
      message: `The composition reaches a module through its index.ts (or modules/index.ts for the routes) (${ADR}).`,
    },
    {
      target: dbEntries(root)
        .filter((entry) => entry !== 'seed')
        .map((entry) => `./${SRC}/db/${entry}`),
      from: modules,
      except: names.flatMap((name) => schemaPaths(root, name)),
      message: "db/ knows the modules' tables (drizzle's aggregate, the seed), nothing else of them.",
    },
    {
      // What the console would refuse, the seed cannot create: it loads a module's data through its services.
      target: `./${SRC}/db/seed`,
      from: modules,
      except: [...names.flatMap((name) => schemaPaths(root, name)), ...faces],
      message: "The seed knows the modules' tables and their faces (index.ts: the services it loads data through), nothing else of them.",
    },
  );
  return zones;
}

/** Table files (and only they) may import other owners' tables: a foreign key names the table it references. */
function tablePaths(root) {
  // './bookings/schema.ts', './catalogue/schema': relative to the modules folder.
  return moduleNames(root).flatMap((name) => schemaPaths(root, name));
}

/** The table files, as flat config `files` globs. */
export function apiSchemaFiles(root = process.cwd()) {
  return tablePaths(root).map((path) => `${MODULES_DIR}/${path.slice(2)}${path.endsWith('.ts') ? '' : '/**/*.ts'}`);
}

/** The no-restricted-paths zones of the table files. */
export function apiSchemaZones(root = process.cwd()) {
  const tables = tablePaths(root).map((path) => `./modules/${path.slice(2)}`);
  return [
    {
      target: tables.map((path) => `./${SRC}/${path.slice(2)}`),
      from: `./${SRC}`,
      except: ['./db/columns.ts', './db/json-types.ts', ...tables],
      message: 'A table file declares tables: it imports column helpers and the tables its foreign keys reference, nothing else.',
    },
  ];
}

const WRITES = new Set(['insert', 'update', 'delete']);

/** The module a file belongs to, from its path: apps/api/src/modules/<m>/... */
function moduleOfFile(filename) {
  const parts = filename.split(sep);
  const at = parts.lastIndexOf('modules');
  if (at < 2 || parts[at - 1] !== 'src' || at + 2 >= parts.length) return null;
  return parts[at + 1];
}

/** The module an import names, resolved from the importing file: another module's face, or null. */
function moduleOfImport(filename, source) {
  if (!source.startsWith('.')) return null;
  return moduleOfFile(resolve(dirname(filename), source));
}

function rootName(node) {
  let current = node;
  while (current && current.type === 'MemberExpression') current = current.object;
  return current && current.type === 'Identifier' ? current.name : null;
}

/**
 * db.insert(table), db.update(table), db.delete(table) where the table came from another module (its read model,
 * or anything else its face exports): a module writes its own tables only, and asks the owner for the rest.
 */
const noForeignTableWrites = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid writing a table another module owns: call the owner's service instead." },
    messages: {
      write: "'{{name}}' comes from modules/{{owner}}: only modules/{{owner}} writes its tables. Call its service (its index.ts) instead ({{adr}}).",
    },
    schema: [],
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const own = moduleOfFile(filename);
    if (!own) return {};
    /** Local names bound to another module's exports, and the module. */
    const foreign = new Map();
    return {
      ImportDeclaration(node) {
        const owner = moduleOfImport(filename, node.source.value);
        if (!owner || owner === own) return;
        for (const specifier of node.specifiers) foreign.set(specifier.local.name, owner);
      },
      VariableDeclarator(node) {
        // const { bookings } = bookingsReadModel: the names taken out are the owner's tables still.
        const owner = node.init && foreign.get(rootName(node.init));
        if (!owner || node.id.type !== 'ObjectPattern') return;
        for (const property of node.id.properties) {
          if (property.type === 'Property' && property.value.type === 'Identifier') foreign.set(property.value.name, owner);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name) || node.arguments.length === 0) return;
        const [table] = node.arguments;
        if (table.type !== 'Identifier' && table.type !== 'MemberExpression') return;
        const name = rootName(table);
        const owner = name && foreign.get(name);
        if (owner) context.report({ node: table, messageId: 'write', data: { name: context.sourceCode.getText(table), owner, adr: ADR } });
      },
    };
  },
};

export const apiModulesPlugin = { rules: { 'no-foreign-table-writes': noForeignTableWrites } };
