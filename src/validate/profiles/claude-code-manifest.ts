/**
 * `.claude-plugin/plugin.json` judged by Claude Code's rules: the name, the metadata
 * `claude plugin validate` warns about, unknown and misplaced keys, field types, and every
 * component path (`./` prefix, inside the plugin, present, skills entries as folders).
 * @module
 */
import { join, resolve } from 'node:path';
import type { JsonPath } from '../../internal/python/json';
import { hasOwn, isInside, isJsonObject, type JsonCheckContext, type JsonType, report } from '../../plugins/internal';
import type { ProfileDiagnostic } from '../types';
import { checkClaudeName, expectType, flushClaudeJson, readClaudeJson, reportUnknownKeys } from './claude-code-json';
import {
  CLAUDE_CODE_EXPERIMENTAL_FIELD,
  CLAUDE_CODE_METADATA_MISSING,
  CLAUDE_CODE_PATH_INVALID,
  CLAUDE_CODE_PATH_MISSING,
  CLAUDE_CODE_SKILLS_PATH_FILE,
} from './claude-code-rules';
import { escapesRoot, pathKind } from './paths';
import type { ResolvedOptions } from './read-text';

/** Component paths a manifest declares, resolved, for the component checks. */
export interface DeclaredComponents {
  /** Skill folders, or folders of skill folders. */
  skills: string[];
  /** Command and agent files or folders of them. */
  commands: string[];
  agents: string[];
  /** Hook configuration files. */
  hooks: string[];
}

const TEXT_FIELDS = ['version', 'description', 'homepage', 'repository', 'license'] as const;
/** Fields holding paths (text or a list of text); `inline` fields may also hold an object. */
const PATH_FIELDS: Readonly<Record<string, { inline: boolean }>> = {
  commands: { inline: false },
  agents: { inline: false },
  skills: { inline: false },
  outputStyles: { inline: false },
  hooks: { inline: true },
  mcpServers: { inline: true },
  lspServers: { inline: true },
};
const OTHER_FIELDS: Readonly<Record<string, JsonType[]>> = {
  userConfig: ['object'],
  dependencies: ['array'],
  channels: ['array'],
  experimental: ['object'],
  settings: ['object', 'string'],
  defaultEnabled: ['boolean'],
};
const KNOWN = /* @__PURE__ */ new Set([
  '$schema',
  'name',
  'author',
  'keywords',
  ...TEXT_FIELDS,
  ...Object.keys(PATH_FIELDS),
  ...Object.keys(OTHER_FIELDS),
  'themes',
  'monitors',
]);
const NOTES: Readonly<Record<string, string>> = {
  entry_command: "It is the service's field; Claude Code has no launch command.",
};

/** Checks a plugin's `.claude-plugin/plugin.json` (already known to exist) and returns the components it declares. */
export async function checkClaudeManifest(
  dir: string,
  file: string,
  options: ResolvedOptions,
  out: ProfileDiagnostic[],
): Promise<DeclaredComponents> {
  const declared: DeclaredComponents = { skills: [], commands: [], agents: [], hooks: [] };
  const json = await readClaudeJson(file, options, out);
  if (!json) return declared;
  const { context, root } = json;
  if (expectType(context, [], root, ['object'])) {
    const data = root as Record<string, unknown>;
    checkClaudeName(context, data, [], 'plugin');
    reportUnknownKeys(context, data, [], KNOWN, 'in plugin.json', NOTES);
    for (const key of ['themes', 'monitors']) {
      if (hasOwn(data, key)) {
        report(
          context,
          CLAUDE_CODE_EXPERIMENTAL_FIELD,
          [key],
          'key',
          `"${key}" belongs under "experimental"; \`claude plugin validate\` warns about it at the top level.`,
        );
      }
    }
    const missing = ['version', 'description', 'author'].filter((key) => !hasOwn(data, key));
    if (missing.length > 0) {
      report(
        context,
        CLAUDE_CODE_METADATA_MISSING,
        [],
        'value',
        `plugin.json has no ${missing.map((key) => `"${key}"`).join(', ')}; \`claude plugin validate\` warns.`,
      );
    }
    for (const key of TEXT_FIELDS) if (hasOwn(data, key)) expectType(context, [key], data[key], ['string']);
    checkAuthor(context, data);
    if (hasOwn(data, 'keywords') && expectType(context, ['keywords'], data.keywords, ['array'])) {
      for (const [index, keyword] of (data.keywords as unknown[]).entries()) expectType(context, ['keywords', index], keyword, ['string']);
    }
    for (const [key, types] of Object.entries(OTHER_FIELDS)) if (hasOwn(data, key)) expectType(context, [key], data[key], types);
    for (const [key, { inline }] of Object.entries(PATH_FIELDS)) {
      if (!hasOwn(data, key)) continue;
      const paths = await checkPaths(context, dir, key, data[key], inline, options);
      if (key === 'skills') declared.skills.push(...paths);
      else if (key === 'commands') declared.commands.push(...paths);
      else if (key === 'agents') declared.agents.push(...paths);
      else if (key === 'hooks') declared.hooks.push(...paths);
    }
  }
  flushClaudeJson(json, out);
  return declared;
}

function checkAuthor(context: JsonCheckContext, data: Record<string, unknown>): void {
  if (!hasOwn(data, 'author') || !expectType(context, ['author'], data.author, ['object'])) return;
  const author = data.author as Record<string, unknown>;
  for (const key of ['name', 'email', 'url']) if (hasOwn(author, key)) expectType(context, ['author', key], author[key], ['string']);
}

/** Checks one path field (text or a list of text, or an inline object); returns the paths that exist. */
async function checkPaths(
  context: JsonCheckContext,
  dir: string,
  key: string,
  value: unknown,
  inline: boolean,
  options: ResolvedOptions,
): Promise<string[]> {
  if (inline && isJsonObject(value)) return [];
  if (!expectType(context, [key], value, inline ? ['string', 'array', 'object'] : ['string', 'array'])) return [];
  const entries: [JsonPath, unknown][] = Array.isArray(value) ? value.map((item, index) => [[key, index], item]) : [[[key], value]];
  const found: string[] = [];
  for (const [path, item] of entries) {
    if (!expectType(context, path, item, ['string'])) continue;
    const written = item as string;
    const target = resolve(dir, written);
    if (!written.startsWith('./') || !isInside(dir, target)) {
      const why = written.startsWith('./') ? 'leaves the plugin folder' : 'does not start with "./"';
      report(context, CLAUDE_CODE_PATH_INVALID, path, 'value', `The ${key} path "${written}" ${why}; Claude Code fails validation.`);
      continue;
    }
    const kind = await pathKind(target, options);
    if (kind === undefined) {
      report(context, CLAUDE_CODE_PATH_MISSING, path, 'value', `The ${key} path "${written}" does not exist in the plugin.`);
      continue;
    }
    const outside = await escapesRoot(dir, target, options);
    if (outside) {
      report(
        context,
        CLAUDE_CODE_PATH_INVALID,
        path,
        'value',
        `The ${key} path "${written}" leads outside the plugin (to ${outside}) through a symbolic link.`,
      );
      continue;
    }
    if (key === 'skills' && kind !== 'directory') {
      const parent = written.replace(/\/[^/]*$/, '') || '.';
      report(
        context,
        CLAUDE_CODE_SKILLS_PATH_FILE,
        path,
        'value',
        `The skills entry "${written}" is a file; Claude Code expects the skill's folder.`,
        {
          hint: `Write "${parent}" instead.`,
        },
      );
      continue;
    }
    found.push(target);
  }
  return found;
}

/** Where Claude Code reads a plugin's manifest. */
export function claudeManifestPath(dir: string): string {
  return join(dir, '.claude-plugin', 'plugin.json');
}
