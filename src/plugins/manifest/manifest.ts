/**
 * The Agent Plugins 1.0.0 manifest: `plugin.json` at the plugin root, read with the
 * specification's failure rules as the service (1.49 and later) applies them.
 * @module
 */

import { compareDiagnostics } from '../../internal/diagnostic';
import {
  checkJsonType,
  hasOwn,
  type JsonCheckContext,
  type JsonType,
  jsonTypeOf,
  readJsonObject,
  report,
} from '../../internal/json-checks';
import { requireText } from '../../internal/json-document';
import type { JsonPath } from '../../internal/python/json';
import type { ParseResult } from '../../internal/result';
import { checkPluginName, suggestPluginName } from '../plugin-name';
import { checkManifestExtensions, OPENHANDS_NAMESPACE } from './manifest-extensions';
import {
  MANIFEST_AUTHOR_EXTRA_KEY,
  MANIFEST_NAME_INVALID,
  MANIFEST_NAME_MISSING,
  MANIFEST_NOT_OBJECT,
  MANIFEST_ROOT_IGNORED_BEFORE_1_49,
  MANIFEST_SCHEMA_MISSING,
  MANIFEST_SCHEMA_UNSUPPORTED,
  MANIFEST_UNKNOWN_KEY,
  MANIFEST_WRONG_TYPE,
} from './manifest-rules';

/** The only `$schema` an Agent Plugins 1.0.0 manifest may have. */
export const AGENT_PLUGINS_MANIFEST_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';

/** The author of an Agent Plugins manifest: a closed object of optional strings. */
export interface PluginAuthor {
  name?: string;
  email?: string;
  url?: string;
}

/** An Agent Plugins 1.0.0 manifest as it loads: unknown keys and a non-object `extensions` left out. */
export interface PluginManifest {
  $schema: typeof AGENT_PLUGINS_MANIFEST_SCHEMA;
  name: string;
  version?: string;
  description?: string;
  author?: PluginAuthor;
  homepage?: string;
  repository?: string;
  license?: string;
  keywords?: string[];
  /** Client data keyed by reverse-domain namespace; the service reads `extensions["dev.openhands"]`. */
  extensions?: Record<string, Record<string, unknown>>;
}

/** Options of {@link parsePluginManifest}. */
export interface ParsePluginManifestOptions {
  /** The file name diagnostics carry, such as `my-plugin/plugin.json`. */
  file: string;
  /** The service version to describe: `'1.49'` (the default) or later reads this file; `'1.43'` and older ignore it. */
  service?: '1.43' | '1.49';
}

const STRING_FIELDS = ['version', 'description', 'homepage', 'repository', 'license'] as const;
const KNOWN_KEYS = /* @__PURE__ */ new Set(['$schema', 'name', ...STRING_FIELDS, 'author', 'keywords', 'extensions']);
const AUTHOR_KEYS = ['name', 'email', 'url'] as const;

const UNKNOWN_KEY_HINTS: Record<string, string> = {
  entry_command: `Move it to "extensions": { "${OPENHANDS_NAMESPACE}": { "entry_command": … } }.`,
  commands: `Put commands in the ${OPENHANDS_NAMESPACE}/commands/ folder; the manifest cannot point at components.`,
  agents: `Put agents in the ${OPENHANDS_NAMESPACE}/agents/ folder; the manifest cannot point at components.`,
  hooks: `Put hooks in ${OPENHANDS_NAMESPACE}/hooks/hooks.json; the manifest cannot point at components.`,
  mcpServers: 'Declare tool servers in mcp.json at the plugin root (no leading dot).',
  skills: 'Skills are found in skills/<name>/SKILL.md; the manifest cannot point at them.',
};

/**
 * Parses an Agent Plugins 1.0.0 root `plugin.json`. A missing or unsupported `$schema`, a bad
 * `name`, an extra `author` key, a non-object extension namespace or any JSON type mismatch reject
 * the plugin (`ok: false`); an unknown top-level key or a non-object `extensions` is reported and
 * left out of the value, and the plugin still loads. A byte-order mark is tolerated.
 */
export function parsePluginManifest(json: string, options: ParsePluginManifestOptions): ParseResult<PluginManifest> {
  if (typeof options?.file !== 'string') throw new TypeError('parsePluginManifest: options.file must be a string');
  requireText(json, 'parsePluginManifest');
  const read = readJsonObject(
    json,
    options.file,
    'strip',
    MANIFEST_NOT_OBJECT,
    (type) => `plugin.json holds ${type}, not an object; the service rejects the plugin.`,
  );
  if (!read.ok) return read;
  const { context, root: data } = read;
  const errorsBefore = countErrors(context);
  reportServiceVersion(context, options.service ?? '1.49');
  checkSchema(context, data);
  for (const key of Object.keys(data)) {
    if (KNOWN_KEYS.has(key)) continue;
    const hint = UNKNOWN_KEY_HINTS[key];
    report(
      context,
      MANIFEST_UNKNOWN_KEY,
      [key],
      'key',
      `Unknown top-level key "${key}": the service reports it, ignores it and loads the plugin without it.`,
      hint ? { hint } : {},
    );
  }
  const name = checkManifestName(context, data);
  const manifest = { $schema: AGENT_PLUGINS_MANIFEST_SCHEMA, name: name ?? '' } as PluginManifest;
  for (const field of STRING_FIELDS) {
    if (hasOwn(data, field) && expect(context, [field], data[field], ['string'])) manifest[field] = data[field] as string;
  }
  const author = checkAuthor(context, data);
  if (author) manifest.author = author;
  const keywords = checkKeywords(context, data);
  if (keywords) manifest.keywords = keywords;
  const extensions = checkManifestExtensions(context, data);
  if (extensions) manifest.extensions = extensions;
  context.diagnostics.sort(compareDiagnostics);
  if (countErrors(context) > errorsBefore || name === undefined) return { ok: false, diagnostics: context.diagnostics };
  return { ok: true, value: manifest, diagnostics: context.diagnostics };
}

function countErrors(context: JsonCheckContext): number {
  return context.diagnostics.filter((found) => found.severity === 'error').length;
}

function expect(context: JsonCheckContext, path: JsonPath, value: unknown, types: readonly JsonType[]): boolean {
  return checkJsonType(context, MANIFEST_WRONG_TYPE, path, value, types, 'the service rejects the plugin.');
}

function reportServiceVersion(context: JsonCheckContext, service: '1.43' | '1.49'): void {
  const message =
    service === '1.43'
      ? 'This service version (before 1.49) ignores a root plugin.json: it loads the folder as a legacy plugin named after the folder, reading .plugin/plugin.json or .claude-plugin/plugin.json if there is one.'
      : 'Servers before 1.49 ignore a root plugin.json: they load the folder as a legacy plugin named after the folder.';
  // Judged for 1.49 the manifest is fine, so this is only worth knowing; for 1.43 it changes what loads.
  report(context, MANIFEST_ROOT_IGNORED_BEFORE_1_49, [], 'value', message, service === '1.43' ? {} : { severity: 'info' });
}

function checkSchema(context: JsonCheckContext, data: Record<string, unknown>): void {
  if (!hasOwn(data, '$schema')) {
    report(
      context,
      MANIFEST_SCHEMA_MISSING,
      [],
      'value',
      'The manifest has no "$schema"; the service rejects the plugin before reading anything else.',
    );
    return;
  }
  const schema = data.$schema;
  if (schema === AGENT_PLUGINS_MANIFEST_SCHEMA) return;
  const shown = typeof schema === 'string' ? `"${schema}"` : jsonTypeOf(schema);
  const isMcp = typeof schema === 'string' && schema.endsWith('/mcp.schema.json');
  report(
    context,
    MANIFEST_SCHEMA_UNSUPPORTED,
    ['$schema'],
    'value',
    `"$schema" is ${shown}, which the service does not support; it rejects the plugin.`,
    {
      hint: isMcp
        ? `That is the mcp.json schema; plugin.json needs "${AGENT_PLUGINS_MANIFEST_SCHEMA}".`
        : `Set "$schema" to exactly "${AGENT_PLUGINS_MANIFEST_SCHEMA}".`,
    },
  );
}

function checkManifestName(context: JsonCheckContext, data: Record<string, unknown>): string | undefined {
  if (!hasOwn(data, 'name')) {
    report(context, MANIFEST_NAME_MISSING, [], 'value', 'The manifest has no "name"; the service rejects the plugin.');
    return undefined;
  }
  const name = data.name;
  if (!expect(context, ['name'], name, ['string'])) return undefined;
  const check = checkPluginName(name as string);
  if (check.ok) return name as string;
  const suggestion = suggestPluginName(name as string);
  const hint = suggestion ? `Rename the plugin to "${suggestion}" (lowercase a-z, 0-9, "-" and ".").` : undefined;
  if (check.serviceAccepts) {
    report(
      context,
      MANIFEST_NAME_INVALID,
      ['name'],
      'value',
      `The name ${JSON.stringify(name)} ends with a newline: the service accepts it, but the specification and other clients reject the plugin.`,
      {
        severity: 'warning',
        hint: 'Remove the trailing newline from the name.',
      },
    );
    return name as string;
  }
  report(
    context,
    MANIFEST_NAME_INVALID,
    ['name'],
    'value',
    `The name ${JSON.stringify(name)} ${check.reasons.join(', ')}; the service rejects the plugin.`,
    hint ? { hint } : {},
  );
  return name as string;
}

function checkAuthor(context: JsonCheckContext, data: Record<string, unknown>): PluginAuthor | undefined {
  if (!hasOwn(data, 'author') || !expect(context, ['author'], data.author, ['object'])) return undefined;
  const written = data.author as Record<string, unknown>;
  const author: PluginAuthor = {};
  for (const key of Object.keys(written)) {
    if ((AUTHOR_KEYS as readonly string[]).includes(key)) {
      if (expect(context, ['author', key], written[key], ['string'])) author[key as keyof PluginAuthor] = written[key] as string;
    } else {
      report(
        context,
        MANIFEST_AUTHOR_EXTRA_KEY,
        ['author', key],
        'key',
        `"author" has the key "${key}"; only name, email and url are allowed, so the service rejects the plugin.`,
      );
    }
  }
  return author;
}

function checkKeywords(context: JsonCheckContext, data: Record<string, unknown>): string[] | undefined {
  if (!hasOwn(data, 'keywords') || !expect(context, ['keywords'], data.keywords, ['array'])) return undefined;
  const keywords: string[] = [];
  (data.keywords as unknown[]).forEach((keyword, index) => {
    if (expect(context, ['keywords', index], keyword, ['string'])) keywords.push(keyword as string);
  });
  return keywords;
}
