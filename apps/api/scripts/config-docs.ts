import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSettingsTables } from '../src/config/docs.ts';

// npm run docs:config: rewrites apps/api/README.md's Settings tables from src/config/ (test/config-docs.test.ts checks they are current).
const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const readme = readFileSync(readmePath, 'utf8');
const updated = withSettingsTables(readme);
if (updated === readme) {
  console.log('apps/api/README.md: the settings tables are up to date');
} else {
  writeFileSync(readmePath, updated);
  console.log('apps/api/README.md: settings tables rewritten from src/config/');
}
