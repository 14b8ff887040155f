// Which of Debian's Chromium builds the browser tests drive (docs/decisions/0020-browser-tests-on-headless-shell.md):
// CHROMIUM_PATH when set; else Debian's chromium-headless-shell, the headless-only build of the same Chromium, which
// Playwright itself uses for headless runs; else Debian's full chromium. Never a downloaded browser.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) || !existsSync(FULL_CHROMIUM_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);
