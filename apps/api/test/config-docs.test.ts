import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS_END, SETTINGS_START, schemaDefault, settingNames, withSettingsTables } from '../src/config/docs.ts';
import { SLICES } from '../src/config/index.ts';
import type { Setting } from '../src/config/setting.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const variables = new Map<string, Setting>(SLICES.flatMap((slice) => slice.variables.map((variable) => [variable.name, variable] as const)));

/** A Markdown table's rows under a heading, up to the next heading of the same level: each row's first two cells (variable, default). */
function tableRows(markdown: string, heading: string): [variable: string, shownDefault: string][] {
  const start = markdown.indexOf(`${heading}\n`);
  expect(start, `${heading} is missing`).toBeGreaterThanOrEqual(0);
  const level = heading.split(' ')[0];
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(new RegExp(`\\n${level} `));
  return (end === -1 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [variable = '', shownDefault = ''] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      return [variable, shownDefault];
    });
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

describe('the settings documentation', () => {
  it('declares every variable once, in one slice', () => {
    const names = settingNames();
    expect(names.length).toBeGreaterThan(60);
    expect(new Set(names).size).toBe(names.length);
  });

  it('apps/api/README.md has the Settings tables as the slices declare them (npm run docs:config writes them)', () => {
    const readme = read('apps/api/README.md');
    expect(readme).toContain(SETTINGS_START);
    expect(readme).toContain(SETTINGS_END);
    expect(readme, 'apps/api/README.md is stale: run npm run docs:config').toBe(withSettingsTables(readme));
  });

  it('lists every variable in apps/api/README.md once, with its schema default, and no variable the API does not read', () => {
    const rows = tableRows(read('apps/api/README.md'), '## Settings');
    const listed = rows.map(([name]) => name.replaceAll('`', ''));
    expect([...listed].sort()).toEqual([...variables.keys()].sort());
    for (const [name, shown] of rows) {
      const variable = variables.get(name.replaceAll('`', ''))!;
      const value = schemaDefault(variable.schema);
      if (variable.shownDefault !== undefined) expect(shown, name).toBe(variable.shownDefault);
      else expect(shown, name).toBe(value === undefined ? 'unset' : `\`${value}\``);
    }
  });

  it("keeps the root README's Configuration summary true: every variable it names exists, with the schema's default", () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Configuration'));
    expect(section.slice(0, section.indexOf('\n| '))).toContain('(apps/api/README.md#settings)');
    // The web app's build-time settings are read by Vite, not by the API.
    const webVariables = new Set(read('apps/web/src/vite-env.d.ts').match(/\bVITE_[A-Z_]+/g));
    const rows = tableRows(readme, '## Configuration');
    expect(rows.length).toBeGreaterThan(10);
    for (const [names, defaults] of rows) {
      // A row may name several variables ('A` / `B'), with their defaults in the same order.
      const named = names.split(' / ').map((name) => name.replaceAll('`', ''));
      const shown = defaults.split(' / ');
      expect(shown, `${names}: one default per variable`).toHaveLength(named.length);
      named.forEach((name, index) => {
        if (webVariables.has(name)) return;
        const variable = variables.get(name);
        expect(variable, `${name} is not a setting the API reads`).toBeDefined();
        const value = schemaDefault(variable!.schema);
        // A default given in words ('a sandbox key', 'the operator's address') is a summary; a quoted one must be the schema's.
        const part = shown[index] ?? '';
        if (backticked(part).length === 0 || variable!.shownDefault !== undefined) return;
        if (value === undefined) expect(part, name).toBe('unset');
        else expect(backticked(part), name).toContain(value);
      });
    }
  });

  it('reads the environment only in src/config: every other file gets its settings from app.config', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path));
    const code = (path: string) => readFileSync(join(src, path), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const readers = files.filter((path) => !path.startsWith('config/') && /process\.env\b/.test(code(path)));
    expect(readers).toEqual([]);
  });
});
