/**
 * The legacy plugin manifest, `.plugin/plugin.json` or `.claude-plugin/plugin.json` (the layout
 * Claude Code plugins use), read as the service reads it: `name` required and unchecked, defaults
 * filled in, an `author` string split into name and email, other keys kept as extra data.
 * @module
 */

import { compareDiagnostics } from '../../internal/diagnostic';
import { checkJsonType, hasOwn, type JsonCheckContext, type JsonType, readJsonObject, report, setOwn } from '../../internal/json-checks';
import { requireText } from '../../internal/json-document';
import type { JsonPath } from '../../internal/python/json';
import { pythonStrip } from '../../internal/python/text';
import type { ParseResult } from '../../internal/result';
import { checkEntryCommand } from './manifest-extensions';
import {
  MANIFEST_AUTHOR_EXTRA_KEY,
  MANIFEST_FIELD_NOT_HONOURED,
  MANIFEST_NAME_MISSING,
  MANIFEST_NOT_OBJECT,
  MANIFEST_UNKNOWN_KEY,
  MANIFEST_WRONG_TYPE,
} from './manifest-rules';

/** A legacy manifest's author as the service fills it in. */
export interface LegacyPluginAuthor {
  /** `""` when not given. */
  name: string;
  email: string | null;
  url: string | null;
}

/** A legacy manifest as the service loads it, defaults filled in. */
export interface LegacyPluginManifest {
  name: string;
  /** `"1.0.0"` when not given. */
  version: string;
  /** `""` when not given. */
  description: string;
  author: LegacyPluginAuthor | null;
  /** The command launched with the plugin (`/<name>:<entry_command>`). */
  entry_command: string | null;
  /** Every other key of the file, kept as written (the service keeps them and does not read them). */
  extras: Record<string, unknown>;
}

/** Options of {@link parseLegacyPluginManifest}. */
export interface ParseLegacyPluginManifestOptions {
  /** The file name diagnostics carry, such as `my-plugin/.claude-plugin/plugin.json`. */
  file: string;
}

/** Claude Code manifest fields the service keeps but never reads, with where the component belongs instead. */
export const CLAUDE_CODE_COMPONENT_FIELDS: Readonly<Record<string, string>> = {
  commands: 'Put commands in commands/<name>.md.',
  agents: 'Put agents in agents/<name>.md.',
  skills: 'Put skills in skills/<name>/SKILL.md.',
  hooks: 'Put hooks in hooks/hooks.json.',
  mcpServers: 'Put tool servers in .mcp.json at the plugin root.',
  lspServers: 'The service has no language-server support; remove it or keep it for Claude Code only.',
  outputStyles: 'The service has no output styles; keep it for Claude Code only.',
  userConfig: 'The service never asks for plugin settings; read configuration from the environment or launch parameters.',
  dependencies: 'The service does not install plugin dependencies; list them in the README.',
  defaultEnabled: 'The service loads every plugin it is given; enablement is decided where the plugin is attached.',
  experimental: 'The service reads nothing under "experimental".',
  themes: 'The service has no themes.',
  monitors: 'The service has no monitors.',
  channels: 'The service has no channels.',
  settings: 'The service reads no plugin settings from the manifest.',
};

/** Metadata keys Claude Code defines that the service keeps without a word (nothing to report). */
const QUIET_EXTRAS = /* @__PURE__ */ new Set(['$schema', 'homepage', 'repository', 'license', 'keywords']);
const STRING_FIELDS = ['name', 'version', 'description'] as const;

/** The manifest the service makes up for a plugin folder without one, named after the folder. */
export function legacyManifestFor(directoryName: string): LegacyPluginManifest {
  return {
    name: directoryName,
    version: '1.0.0',
    description: `Plugin loaded from ${directoryName}`,
    author: null,
    entry_command: null,
    extras: {},
  };
}

/**
 * Parses a legacy `plugin.json`. Any syntax or type error makes the service fail to load the
 * plugin (`ok: false`). A byte-order mark is refused, as the service reads the file as plain UTF-8.
 */
export function parseLegacyPluginManifest(json: string, options: ParseLegacyPluginManifestOptions): ParseResult<LegacyPluginManifest> {
  if (typeof options?.file !== 'string') throw new TypeError('parseLegacyPluginManifest: options.file must be a string');
  requireText(json, 'parseLegacyPluginManifest');
  const read = readJsonObject(
    json,
    options.file,
    'refuse',
    MANIFEST_NOT_OBJECT,
    (type) => `plugin.json holds ${type}, not an object; the service fails to load the plugin.`,
  );
  if (!read.ok) return read;
  const { context, root: data } = read;
  let valid = true;
  if (!hasOwn(data, 'name')) {
    report(context, MANIFEST_NAME_MISSING, [], 'value', 'The manifest has no "name"; the service fails to load the plugin.');
    valid = false;
  }
  const manifest: LegacyPluginManifest = { name: '', version: '1.0.0', description: '', author: null, entry_command: null, extras: {} };
  for (const field of STRING_FIELDS) {
    if (!hasOwn(data, field)) continue;
    if (expect(context, [field], data[field], ['string'])) manifest[field] = data[field] as string;
    else valid = false;
  }
  if (hasOwn(data, 'author')) {
    const author = readAuthor(context, data.author);
    if (author === undefined) valid = false;
    else manifest.author = author;
  }
  if (hasOwn(data, 'entry_command')) {
    const command = data.entry_command;
    if (!expect(context, ['entry_command'], command, ['string', 'null'])) valid = false;
    else if (typeof command === 'string') {
      manifest.entry_command = command;
      checkEntryCommand(context, ['entry_command'], command);
    }
  }
  for (const key of Object.keys(data)) {
    if ((STRING_FIELDS as readonly string[]).includes(key) || key === 'author' || key === 'entry_command') continue;
    setOwn(manifest.extras, key, data[key]);
    reportExtra(context, key, data[key]);
  }
  context.diagnostics.sort(compareDiagnostics);
  return valid ? { ok: true, value: manifest, diagnostics: context.diagnostics } : { ok: false, diagnostics: context.diagnostics };
}

function expect(context: JsonCheckContext, path: JsonPath, value: unknown, types: readonly JsonType[]): boolean {
  return checkJsonType(context, MANIFEST_WRONG_TYPE, path, value, types, 'the service fails to load the plugin.');
}

/** Where the service looks for each component anyway: a field pointing there changes nothing. */
const DEFAULT_LOCATIONS: Readonly<Record<string, string>> = {
  commands: 'commands',
  agents: 'agents',
  skills: 'skills',
  hooks: 'hooks/hooks.json',
  mcpServers: '.mcp.json',
};

/** Whether a component field names only its default location (`"skills": "./skills/"`). */
function pointsAtDefault(key: string, value: unknown): boolean {
  const location = hasOwn(DEFAULT_LOCATIONS, key) ? DEFAULT_LOCATIONS[key] : undefined;
  const paths = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return (
    location !== undefined &&
    paths.length > 0 &&
    paths.every((path) => typeof path === 'string' && path.replace(/^(?:\.\/)+/, '').replace(/\/+$/, '') === location)
  );
}

function reportExtra(context: JsonCheckContext, key: string, value: unknown): void {
  const place = CLAUDE_CODE_COMPONENT_FIELDS[key];
  if (place !== undefined && hasOwn(CLAUDE_CODE_COMPONENT_FIELDS, key)) {
    if (pointsAtDefault(key, value)) return;
    report(
      context,
      MANIFEST_FIELD_NOT_HONOURED,
      [key],
      'key',
      `The service keeps "${key}" but does not honour it: it only scans the plugin's default folders.`,
      { hint: place },
    );
  } else if (!QUIET_EXTRAS.has(key)) {
    report(context, MANIFEST_UNKNOWN_KEY, [key], 'key', `The service keeps "${key}" as extra data and never reads it.`, {
      severity: 'info',
      hint: 'Remove the key if nothing else reads it.',
    });
  }
}

/** `undefined` when the author makes the manifest fail to load. */
function readAuthor(context: JsonCheckContext, value: unknown): LegacyPluginAuthor | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return parseAuthorString(value);
  if (!expect(context, ['author'], value, ['object', 'string', 'null'])) return undefined;
  const written = value as Record<string, unknown>;
  const author: LegacyPluginAuthor = { name: '', email: null, url: null };
  let valid = true;
  for (const key of Object.keys(written)) {
    const path = ['author', key];
    if (key === 'name') {
      if (expect(context, path, written.name, ['string'])) author.name = written.name as string;
      else valid = false;
    } else if (key === 'email' || key === 'url') {
      if (expect(context, path, written[key], ['string', 'null'])) author[key] = written[key] as string | null;
      else valid = false;
    } else {
      report(context, MANIFEST_AUTHOR_EXTRA_KEY, path, 'key', `The service ignores "author.${key}": it reads only name, email and url.`, {
        severity: 'warning',
        hint: `Remove "${key}" from "author".`,
      });
    }
  }
  return valid ? author : undefined;
}

/**
 * Splits `"Name <email>"` as the service does: when the text has both `<` and `>`, the name is the
 * text before the first `<` and the email the text after it, up to the next `<` or `>`; otherwise
 * the whole text is the name. Both are stripped of surrounding whitespace.
 */
export function parseAuthorString(text: string): LegacyPluginAuthor {
  requireText(text, 'parseAuthorString');
  if (text.includes('<') && text.includes('>')) {
    const parts = text.split('<');
    const email = (parts[1] as string).split('>')[0] as string;
    return { name: pythonStrip(parts[0] as string), email: pythonStrip(email), url: null };
  }
  return { name: pythonStrip(text), email: null, url: null };
}
