import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MODULE_LAYERS } from '../../../eslint/api-modules.js';

/**
 * The modules' boundaries hold because the build fails when they are crossed
 * (docs/decisions/0017-modules-own-their-tables.md). These tests plant
 * violations in files of the real source tree, as ESLint sees them, and expect
 * the errors, so the rules cannot quietly stop working; and they read every
 * module's raw SQL, which no import rule can see, for tables of other owners.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MODULES = join(ROOT, 'apps/api/src/modules');
const ADR = 'docs/decisions/0017-modules-own-their-tables.md';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The errors ESLint reports for `code` as the file at `path` (under apps/api/src/modules), as 'rule: message'. */
async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(MODULES, path) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const moduleFolders = () =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the module boundaries lint rule', { timeout: 60_000 }, () => {
  it('passes a module that imports only its own files and the faces of modules below it', async () => {
    const errors = await lint(
      'confirmation/planted.ts',
      `import type { Database } from '../../db/client.ts';
       import { lockBookingForSettlement } from '../bookings/index.ts';
       import { markSettlingPayment } from '../payments/index.ts';
       import { answerFor } from './follow-up.ts';
       export async function planted(db: Database) {
         const booking = await lockBookingForSettlement(db, 1);
         await markSettlingPayment(db, 1);
         return answerFor(booking);
       }`,
    );
    expect(errors).toEqual([]);
  });

  it("fails a module that imports another module's tables", async () => {
    const errors = await lint(
      'confirmation/planted.ts',
      `import { eq } from 'drizzle-orm';
       import type { Database } from '../../db/client.ts';
       import { bookings } from '../bookings/schema.ts';
       export const planted = (db: Database) => db.update(bookings).set({ reference: 'MER-1' }).where(eq(bookings.id, 1));`,
    );
    expect(errors).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/bookings\/schema\.ts".*modules\/confirmation may import another module only through its index\.ts/));
  });

  it("fails a module that imports another module's internals, or drizzle's aggregate of every table", async () => {
    const errors = await lint(
      'account/planted.ts',
      `import { lockBooking } from '../bookings/repository.ts';
       import { payments } from '../../db/schema/index.ts';
       export const planted = [lockBooking, payments];`,
    );
    expect(errors).toContainEqual(expect.stringContaining('"../bookings/repository.ts" imported in restricted zone. modules/account may import another module only through its index.ts'));
    expect(errors).toContainEqual(expect.stringContaining('"../../db/schema/index.ts" imported in restricted zone. db/schema is drizzle\'s aggregate'));
  });

  it("fails a module that writes a table it reads through the owner's read model", async () => {
    const errors = await lint(
      'confirmation/planted.ts',
      `import { eq } from 'drizzle-orm';
       import type { Database } from '../../db/client.ts';
       import { bookingsReadModel } from '../bookings/index.ts';
       import { paymentsReadModel } from '../payments/index.ts';
       const { bookings } = bookingsReadModel;
       export async function planted(db: Database) {
         await db.update(bookings).set({ reference: 'MER-1' }).where(eq(bookings.id, 1));
         await db.delete(paymentsReadModel.payments);
         return db.select().from(bookings);
       }`,
    );
    expect(errors.filter((error) => error.startsWith('api-modules/no-foreign-table-writes'))).toEqual([
      `api-modules/no-foreign-table-writes: 'bookings' comes from modules/bookings: only modules/bookings writes its tables. Call its service (its index.ts) instead (${ADR}).`,
      `api-modules/no-foreign-table-writes: 'paymentsReadModel.payments' comes from modules/payments: only modules/payments writes its tables. Call its service (its index.ts) instead (${ADR}).`,
    ]);
  });

  it('fails a module that imports a module above it, and the circle it would close', async () => {
    // payments sits below settlement: a payment record calling back into confirmation is the loop this ADR removed.
    const errors = await lint(
      'payments/intents.ts',
      `${readFileSync(join(MODULES, 'payments/intents.ts'), 'utf8')}
       import { settleProviderPayment } from '../confirmation/index.ts';
       export const planted = settleProviderPayment;`,
    );
    expect(errors).toContainEqual(expect.stringContaining('"../confirmation/index.ts" imported in restricted zone. modules/payments may import only modules below it'));
    expect(errors).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/));
  });

  it('fails anything but app.ts that imports the test code', async () => {
    const errors = await lint('confirmation/planted.ts', `import { FaultSwitch } from '../testing/index.ts';\nexport const planted = FaultSwitch;`);
    expect(errors).toContainEqual(expect.stringContaining('Test code (modules/testing) is composed by app.ts alone'));
  });

  it('places every module in the direction, each once', () => {
    const placed = API_MODULE_LAYERS.flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(moduleFolders().sort());
  });
});

/** Every source file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of every sql`...` template in `source`, the interpolations (`${...}`) kept as written. */
function sqlTemplates(source: string): string[] {
  const found: string[] = [];
  for (let start = source.indexOf('sql`'); start !== -1; start = source.indexOf('sql`', start + 4)) {
    let at = start + 4;
    let depth = 0;
    let text = '';
    // Interpolations may hold templates of their own: the template ends at the first backtick outside them.
    while (at < source.length && !(source[at] === '`' && depth === 0)) {
      if (source.startsWith('${', at)) depth++;
      else if (source[at] === '}' && depth > 0) depth--;
      text += source[at];
      at++;
    }
    found.push(text);
  }
  return found;
}

/** Table name -> owning module, and drizzle variable -> table name, from every module's table files. */
function ownership() {
  const owner = new Map<string, string>();
  const tableOfVariable = new Map<string, string>();
  for (const file of sourceFiles(MODULES).filter((path) => /[/\\]schema(\.ts$|[/\\])/.test(path))) {
    const module = relative(MODULES, file).split(sep)[0]!;
    for (const [, variable, table] of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      owner.set(table!, module);
      tableOfVariable.set(variable!, table!);
    }
  }
  return { owner, tableOfVariable };
}

describe("the modules' raw SQL", () => {
  const { owner, tableOfVariable } = ownership();

  it('knows every table of the schema', () => {
    // 31 tables in 14 modules; the seed's own table is db/seed's.
    expect(owner.size).toBeGreaterThan(25);
    expect(owner.get('bookings')).toBe('bookings');
    expect(owner.get('allocations')).toBe('inventory');
    expect(owner.get('payments')).toBe('payments');
  });

  it("names only the module's own tables: another owner's are read through its read model, written through its services", () => {
    const foreign: string[] = [];
    for (const file of sourceFiles(MODULES)) {
      const module = relative(MODULES, file).split(sep)[0]!;
      if (module === 'testing') continue;
      for (const text of sqlTemplates(readFileSync(file, 'utf8'))) {
        // insert into t, update t set, delete from t, from t, join t. A table named in the text must be the module's
        // own; one interpolated (${documents}) came through an import, which the lint rules judge, so only a write of it
        // is looked at here.
        for (const [, verb, name, variable] of text.matchAll(/\b(insert\s+into|update|delete\s+from|from|join)\s+(?:([a-z_]+)\b|\$\{(\w+)\})/gi)) {
          const writes = !/^(from|join)$/i.test(verb!);
          const table = name ?? (writes ? tableOfVariable.get(variable!) : undefined);
          if (table && owner.has(table) && owner.get(table) !== module) foreign.push(`${relative(ROOT, file)}: ${table} (modules/${owner.get(table)})`);
        }
      }
    }
    expect(foreign).toEqual([]);
  });

  it('would catch a raw write of another owner\'s table', () => {
    const [text] = sqlTemplates("const q = sql`update allocations set state = 'sold' where booking_id = ${sql`${id}`}`;");
    expect(text).toContain('update allocations set');
    expect([...text!.matchAll(/\bupdate\s+([a-z_]+)/gi)].map((match) => owner.get(match[1]!))).toEqual(['inventory']);
  });
});
