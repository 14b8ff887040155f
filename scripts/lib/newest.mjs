import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Latest modification time under a path (0 when it does not exist), skipping build output, dependencies and dotfiles. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}
