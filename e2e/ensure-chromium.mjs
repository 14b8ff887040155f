// Browser tests run on Debian's Chromium (chromium-path.mjs); test tools may never download a browser here.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { CHROMIUM_PATH } from './chromium-path.mjs';

function install() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log("[e2e] Chromium is missing: installing Debian's chromium-headless-shell package (apt-get)...");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
  return existsSync(CHROMIUM_PATH);
}

if (!existsSync(CHROMIUM_PATH) && !install()) {
  console.error(
    `[e2e] Chromium was not found at ${CHROMIUM_PATH}.\n` +
      '      Install it with:  sudo apt-get install -y chromium-headless-shell   (or chromium)\n' +
      '      or point CHROMIUM_PATH at a Chromium binary. Browsers are never downloaded by the tests.',
  );
  process.exit(1);
}
