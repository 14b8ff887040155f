import { z } from 'zod';

/**
 * The pieces every config slice is made of. A setting is one environment
 * variable written once: its name, its zod schema with its default, and what
 * it means (apps/api/README.md's Settings table is rendered from it, docs.ts).
 * A slice places its settings in a tree shaped like its part of AppConfig, so
 * the typed config is read off the schema instead of mapped by hand.
 */

export class Setting<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  constructor(
    readonly name: Name,
    readonly schema: Schema,
    /** The Meaning column of the Settings table (Markdown, one line). */
    readonly doc: string,
    /** The Default column when the schema's default is not what a reader should see: one that follows other settings, or a path resolved on this machine. */
    readonly shownDefault?: string,
  ) {}
}

export function setting<const Name extends string, Schema extends z.ZodType>(name: Name, schema: Schema, doc: string, options: { shownDefault?: string } = {}) {
  return new Setting(name, schema, doc, options.shownDefault);
}

/** Settings arranged as their slice's part of AppConfig: a key holds a setting's value, or a group of them. */
export interface SettingTree {
  readonly [key: string]: Setting | SettingTree;
}

/** The tree with each setting replaced by its parsed value: the slice's config before `derive`. */
export type ValuesOf<Tree extends SettingTree> = {
  -readonly [Key in keyof Tree]: Tree[Key] extends Setting<string, infer Schema> ? z.output<Schema> : Tree[Key] extends SettingTree ? ValuesOf<Tree[Key]> : never;
};

type Leaves<Tree> = {
  [Key in keyof Tree]: Tree[Key] extends Setting<infer Name, infer Schema> ? { [N in Name]: z.output<Schema> } : Leaves<Tree[Key]>;
}[keyof Tree];
export type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The slice's settings by variable name, as parsed: what its rules and the production guard read. */
export type EnvOf<Tree extends SettingTree> = UnionToIntersection<Leaves<Tree>>;

/** The raw environment (process.env); empty values count as unset. */
export type RawEnv = Record<string, string | undefined>;

/** What the slices' `derive` may read besides their own settings: the few settings other slices' defaults follow. */
export interface DeriveContext {
  nodeEnv: 'development' | 'test' | 'production';
  /** Whether stdout is a terminal (the log format follows it). */
  interactive: boolean;
  /** PUBLIC_URL without a trailing slash, when set. */
  publicUrl: string | undefined;
  /** http://localhost:PORT: the server's address for itself. */
  internalUrl: string;
}

/** One refusal: the variable to change and why. */
export interface ConfigIssue {
  setting: string;
  message: string;
  /** Raised by the production guard, whose refusal ends with how to run a demo on purpose. */
  productionGuard?: boolean;
}

/** For each provider setting and value, the settings that must then be set: a default does not count. */
type Requirements<Env> = { [Name in keyof Env]?: Partial<Record<Env[Name] & string, (keyof Env & string)[]>> };

export interface SliceDefinition<Tree extends SettingTree, Config> {
  /** The heading of the slice's part of the Settings table. */
  title: string;
  /** What the slice is about, under that heading (Markdown). */
  summary: string;
  settings: Tree;
  /** A provider's required settings, e.g. `{ PAYMENT_PROVIDER: { http: ['PAYMENT_PROVIDER_URL'] } }`: each missing one is refused with 'Required when PAYMENT_PROVIDER is http'. */
  requires?: Requirements<EnvOf<Tree>>;
  /** Rules between this slice's own settings, beyond what `requires` says; run once every setting of the slice is valid. */
  refine?: (env: EnvOf<Tree>) => ConfigIssue[];
  /** The slice's part of AppConfig when some of it follows from other settings; without it, the values as read. */
  derive?: (values: ValuesOf<Tree>, context: DeriveContext) => Config;
}

export interface Slice<Tree extends SettingTree = SettingTree, Config = unknown> {
  readonly title: string;
  readonly summary: string;
  readonly settings: Tree;
  /** Every setting of the slice, in the order it was written. */
  readonly variables: Setting[];
  /** For the docs: the settings a provider value requires, by variable name. */
  readonly requiredWhen: ReadonlyMap<string, string[]>;
  /**
   * Parses the slice's settings out of the environment (empty values already
   * removed): `env` once every value is valid, with the slice's rules' issues
   * beside it; the rules across slices read it (config/index.ts).
   */
  read(present: RawEnv): { env: EnvOf<Tree> | undefined; issues: ConfigIssue[] };
  /** The slice's part of AppConfig from the parsed environment. */
  config(env: EnvOf<Tree>, context: DeriveContext): Config;
}

function settingsOf(tree: SettingTree): Setting[] {
  return Object.values(tree).flatMap((node) => (node instanceof Setting ? [node] : settingsOf(node)));
}

function valuesOf(tree: SettingTree, env: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(tree).map(([key, node]) => [key, node instanceof Setting ? env[node.name] : valuesOf(node, env)]));
}

export function defineSlice<const Tree extends SettingTree, Config = ValuesOf<Tree>>(definition: SliceDefinition<Tree, Config>): Slice<Tree, Config> {
  const variables = settingsOf(definition.settings);
  const schema = z.object(Object.fromEntries(variables.map((variable) => [variable.name, variable.schema])));
  const requirements = Object.entries(definition.requires ?? {}) as [string, Record<string, string[]>][];
  const requiredWhen = new Map<string, string[]>();
  for (const [provider, byValue] of requirements) {
    for (const [value, names] of Object.entries(byValue)) {
      for (const name of names) requiredWhen.set(name, [...(requiredWhen.get(name) ?? []), `${provider}=${value}`]);
    }
  }
  return {
    title: definition.title,
    summary: definition.summary,
    settings: definition.settings,
    variables,
    requiredWhen,
    read(present) {
      const parsed = schema.safeParse(present);
      if (!parsed.success) {
        return { env: undefined, issues: parsed.error.issues.map((issue) => ({ setting: issue.path.join('.'), message: issue.message })) };
      }
      const env = parsed.data as EnvOf<Tree>;
      const issues: ConfigIssue[] = [];
      for (const [provider, byValue] of requirements) {
        for (const name of byValue[String(parsed.data[provider])] ?? []) {
          if (present[name] === undefined) issues.push({ setting: name, message: `Required when ${provider} is ${String(parsed.data[provider])}` });
        }
      }
      issues.push(...(definition.refine?.(env) ?? []));
      return { env, issues };
    },
    config(env, context) {
      const values = valuesOf(definition.settings, env as Record<string, unknown>) as ValuesOf<Tree>;
      return definition.derive ? definition.derive(values, context) : (values as Config);
    },
  };
}
