import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { barrelMap, rewriteImports } from './domain-imports.ts';

// import.meta.url is not a file URL under the web project's jsdom environment; the file's own path is.
const domain = (path: string) => join(__dirname, '../../../packages/domain/src', path);

describe('imports of @tours/domain, pointed at their modules', () => {
  const map = barrelMap(domain('index.ts'));

  it('knows the module that declares each name the barrel passes on, following re-exports to their source', () => {
    expect(map.get('OPERATOR')).toBe(domain('operator.ts'));
    expect(map.get('getProfile')).toBe(domain('contracts/account.ts'));
    // Declared in session-records.ts, re-exported by account.ts and agents.ts: the shell must not load those.
    expect(map.get('customerSchema')).toBe(domain('contracts/session-records.ts'));
    expect(map.get('agentVerificationSchema')).toBe(domain('contracts/session-records.ts'));
    expect(map.get('formatShortDate')).toBe(domain('dates.ts'));
  });

  it('splits one import into one per module, keeps aliases and drops type-only names', () => {
    const code = "import { OPERATOR, getProfile as profile, type Customer } from '@tours/domain';\nconsole.log(OPERATOR, profile);";
    expect(rewriteImports(code, '@tours/domain', map)).toBe(
      `import { OPERATOR } from ${JSON.stringify(domain('operator.ts'))};\nimport { getProfile as profile } from ${JSON.stringify(domain('contracts/account.ts'))};\nconsole.log(OPERATOR, profile);`,
    );
  });

  it('leaves an import it cannot place whole, and anything else untouched', () => {
    const unknown = "import { OPERATOR, noSuchName } from '@tours/domain';";
    expect(rewriteImports(unknown, '@tours/domain', map)).toBeNull();
    expect(rewriteImports("import type { Customer } from '@tours/domain';\nimport * as domain from '@tours/domain';", '@tours/domain', map)).toBeNull();
  });
});
