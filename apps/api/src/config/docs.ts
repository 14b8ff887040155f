import { z } from 'zod';
import { SLICES } from './index.ts';
import type { Setting } from './setting.ts';

/**
 * apps/api/README.md's Settings tables, rendered from the slices: every
 * variable's name, default, accepted values and meaning come from where it is
 * declared, so the README cannot drift from what loadConfig checks.
 * `npm run docs:config` writes them; test/config-docs.test.ts fails when they
 * are stale.
 */

export const SETTINGS_START = '<!-- settings:start: generated from src/config/ by `npm run docs:config`; edit the slices, not this table -->';
export const SETTINGS_END = '<!-- settings:end -->';

/** The schema under its default, optional and transform wrappers: what the variable's text must be. */
function innermost(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodOptional) return innermost(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return innermost(schema.in as z.ZodType);
  return schema;
}

/** The schema's own default, as the variable would be written; undefined when it has none (unset, or one that follows other settings). */
export function schemaDefault(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return String(schema.def.defaultValue);
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.in as z.ZodType);
  return undefined;
}

/** The Default column. */
export function shownDefault(variable: Setting): string {
  if (variable.shownDefault !== undefined) return variable.shownDefault;
  const value = schemaDefault(variable.schema);
  return value === undefined ? 'unset' : `\`${value}\``;
}

/** The Values column: what the schema accepts, when it says more than the meaning does, and when the variable must be set. */
function acceptedValues(variable: Setting, requiredWhen: readonly string[]): string {
  const inner = innermost(variable.schema);
  const parts: string[] = [];
  if (inner instanceof z.ZodEnum) parts.push(inner.options.map((option) => `\`${String(option)}\``).join(', '));
  if (inner instanceof z.ZodNumber && inner.minValue !== null && inner.maxValue !== null) parts.push(`\`${inner.minValue}\` to \`${inner.maxValue}\``);
  if (inner instanceof z.ZodURL && inner._zod.def.protocol) parts.push(`\`${inner._zod.def.protocol.source.replace(/^\^|\$$/g, '').replace('s?', '(s)')}://\` URL`);
  if (inner instanceof z.ZodString && !(inner instanceof z.ZodURL) && (inner.minLength ?? 0) > 1) parts.push(`at least ${inner.minLength} characters`);
  if (requiredWhen.length > 0) parts.push(`required when ${requiredWhen.map((condition) => `\`${condition}\``).join(' or ')}`);
  return parts.join('; ');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** Every slice's table under its title, in SLICES order. */
export function settingsTables(): string {
  return SLICES.map((slice) => {
    const rows = slice.variables.map(
      (variable) => `| \`${variable.name}\` | ${cell(shownDefault(variable))} | ${cell(acceptedValues(variable, slice.requiredWhen.get(variable.name) ?? []))} | ${cell(variable.doc)} |`,
    );
    return [`### ${slice.title}`, '', slice.summary, '', '| Variable | Default | Values | Meaning |', '|---|---|---|---|', ...rows].join('\n');
  }).join('\n\n');
}

/** The README with its generated part replaced by the tables as the slices declare them now. */
export function withSettingsTables(readme: string): string {
  const start = readme.indexOf(SETTINGS_START);
  const end = readme.indexOf(SETTINGS_END);
  if (start === -1 || end < start) throw new Error(`The README has no ${SETTINGS_START} … ${SETTINGS_END} section to write the settings into`);
  return `${readme.slice(0, start + SETTINGS_START.length)}\n\n${settingsTables()}\n\n${readme.slice(end)}`;
}

/** Every variable the API reads, by name. */
export function settingNames(): string[] {
  return SLICES.flatMap((slice) => slice.variables.map((variable) => variable.name));
}
