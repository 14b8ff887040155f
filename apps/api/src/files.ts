import { fileURLToPath } from 'node:url';

/**
 * Where the files the API reads at run time are, whether it runs from its
 * sources (apps/api/src, through tsx) or from its production build
 * (apps/api/dist, which plain node runs): this file sits directly in the
 * code's folder, as every file of the build does (scripts/build.mjs), so a
 * path taken from here holds in both. Every path the server reads by is taken
 * from here (test/production-build.test.ts holds that).
 */
const CODE_DIR = new URL('./', import.meta.url);

/** A file of the API package, apps/api/<path>: the migrations, the fonts, the tour pictures; `../web/dist` is the web app's build. */
export const packagePath = (path: string): string => fileURLToPath(new URL(`../${path}`, CODE_DIR));

/** A file that ships beside the code, apps/api/src/<path>, which the build copies to apps/api/dist/<path>. */
export const codePath = (path: string): string => fileURLToPath(new URL(path, CODE_DIR));
