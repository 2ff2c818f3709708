// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * Placeholder expansion in a `.mcp.json`, as the service does it: braced `${VAR}` and
 * `${VAR:-default}`. Plugins and skill folders share it. Expanded values may be secrets: nothing
 * here logs or reports them. Edge-safe (the environment is passed in, never read).
 * @module
 */
import { isJsonObject, setOwn } from '../json-checks';
import type { LegacyMcpConfig } from './legacy-mcp-config';

/** Where `expandMcpVariables` looks values up. */
export interface McpVariableOptions {
  /** Values given first, such as `{ SKILL_ROOT: '/path/to/plugin' }`. */
  variables?: Record<string, string>;
  /** A conversation secret by name, or undefined when there is none. */
  secret?: (name: string) => string | undefined | null;
  /** The environment of the process that would start the server (pass `process.env` on Node). */
  env?: Record<string, string | undefined>;
  /** Whether `${VAR:-default}` falls back to its default (true unless false; the service keeps defaults at plugin load, until secrets are known). */
  expandDefaults?: boolean;
}

/** One placeholder in a configuration. */
export interface McpVariableReference {
  name: string;
  /** The text after `:-`, when the placeholder has a default. */
  default?: string;
  /** Where it is: keys and indexes from the configuration's root. */
  path: (string | number)[];
}

const BRACED = /\$\{([a-zA-Z_][a-zA-Z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Expands braced `${VAR}` and `${VAR:-default}` in every string of the configuration, keys
 * included, as the service does: a name is looked up in `variables`, then `secret`, then `env`,
 * and falls back to its default when `expandDefaults` is not false. Unresolved placeholders and
 * `$VAR` without braces stay as written.
 */
export function expandMcpVariables(config: LegacyMcpConfig, options: McpVariableOptions = {}): LegacyMcpConfig {
  const { variables, secret, env } = options;
  const expandDefaults = options.expandDefaults ?? true;
  const resolve = (whole: string, name: string, fallback: string | undefined): string => {
    if (variables && Object.hasOwn(variables, name)) return variables[name] as string;
    const fromSecret = secret?.(name);
    if (fromSecret !== undefined && fromSecret !== null) return fromSecret;
    if (env && Object.hasOwn(env, name) && env[name] !== undefined) return env[name] as string;
    if (expandDefaults && fallback !== undefined) return fallback;
    return whole;
  };
  const expand = (text: string): string =>
    text.replace(BRACED, (whole, name: string, fallback: string | undefined) => resolve(whole, name, fallback));
  return walk(config, expand) as LegacyMcpConfig;
}

/** Every `${VAR}` and `${VAR:-default}` in a configuration, in document order. */
export function findMcpVariables(config: LegacyMcpConfig): McpVariableReference[] {
  const found: McpVariableReference[] = [];
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(BRACED)) {
        const reference: McpVariableReference = { name: match[1] as string, path };
        if (match[2] !== undefined) reference.default = match[2];
        found.push(reference);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, [...path, index]);
      });
    } else if (isJsonObject(value)) {
      for (const key of Object.keys(value)) {
        visit(key, [...path, key]);
        visit(value[key], [...path, key]);
      }
    }
  };
  visit(config, []);
  return found;
}

function walk(value: unknown, expand: (text: string) => string): unknown {
  if (typeof value === 'string') return expand(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, expand));
  if (isJsonObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(copy, expand(key), walk(value[key], expand));
    return copy;
  }
  return value;
}
