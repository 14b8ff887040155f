import type { ESLint } from 'eslint';

/** The direction of the API's modules, lowest first (eslint/api-modules.js). */
export declare const API_MODULE_LAYERS: string[][];
export declare function apiModuleZones(root?: string): object[];
export declare function apiSchemaFiles(root?: string): string[];
export declare function apiSchemaZones(root?: string): object[];
export declare const apiModulesPlugin: ESLint.Plugin;
