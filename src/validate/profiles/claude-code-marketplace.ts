/**
 * A marketplace file judged by Claude Code's rules: the required fields, the reserved names,
 * unknown keys, every entry's name and source, and the folder of every local source, which the
 * caller then checks as a plugin.
 * @module
 */
import type { JsonPath } from '../../internal/python/json';
import { hasOwn, isJsonObject, type JsonCheckContext, report } from '../../plugins/internal';
import type { ProfileDiagnostic } from '../types';
import { checkClaudeName, expectField, expectType, flushClaudeJson, readClaudeJson, reportUnknownKeys } from './claude-code-json';
import { CLAUDE_CODE_DUPLICATE_PLUGIN, CLAUDE_CODE_MARKETPLACE_NAME_RESERVED } from './claude-code-rules';
import { checkObjectSource, checkPathSource } from './claude-code-source';
import type { ResolvedOptions } from './read-text';

/** Marketplace names Claude Code reserves for Anthropic. */
export const RESERVED_MARKETPLACE_NAMES: readonly string[] = [
  'claude-code-marketplace',
  'claude-code-plugins',
  'claude-plugins-official',
  'anthropic-marketplace',
  'anthropic-plugins',
  'agent-skills',
  'knowledge-work-plugins',
  'life-sciences',
];

const ROOT_KEYS = /* @__PURE__ */ new Set(['$schema', 'name', 'version', 'description', 'owner', 'metadata', 'plugins', 'renames']);
const ENTRY_KEYS = /* @__PURE__ */ new Set([
  'name',
  'source',
  'description',
  'version',
  'author',
  'homepage',
  'repository',
  'license',
  'keywords',
  'category',
  'tags',
  'strict',
  'displayName',
  'commands',
  'agents',
  'skills',
  'hooks',
  'mcpServers',
  'lspServers',
  'outputStyles',
  'userConfig',
  'dependencies',
  'channels',
  'experimental',
  'themes',
  'monitors',
]);
const ROOT_NOTES: Readonly<Record<string, string>> = { skills: "Standalone skills are the service's own extension of the format." };
const ENTRY_NOTES: Readonly<Record<string, string>> = { entry_command: "It is the service's field." };

/** A local plugin folder an entry points at, with where its source is written. */
export interface ListedPlugin {
  dir: string;
  file: string;
  path: JsonPath;
}

/** Checks a marketplace file; returns the local plugin folders its entries list inside `root`. */
export async function checkClaudeMarketplace(
  file: string,
  root: string,
  options: ResolvedOptions,
  out: ProfileDiagnostic[],
): Promise<ListedPlugin[]> {
  const json = await readClaudeJson(file, options, out);
  if (!json) return [];
  const { context } = json;
  const listed: ListedPlugin[] = [];
  if (expectType(context, [], json.root, ['object'])) {
    const data = json.root as Record<string, unknown>;
    const name = checkClaudeName(context, data, [], 'marketplace');
    if (name !== undefined) checkReserved(context, name);
    reportUnknownKeys(context, data, [], ROOT_KEYS, 'at the top of a marketplace', ROOT_NOTES);
    for (const key of ['version', 'description', '$schema']) if (hasOwn(data, key)) expectType(context, [key], data[key], ['string']);
    if (expectField(context, data, [], 'owner', 'an owner ({ "name": … })') && expectType(context, ['owner'], data.owner, ['object'])) {
      const owner = data.owner as Record<string, unknown>;
      if (expectField(context, owner, ['owner'], 'name', "the owner's name"))
        expectType(context, ['owner', 'name'], owner.name, ['string']);
    }
    const pluginRoot = readPluginRoot(context, data);
    if (
      expectField(context, data, [], 'plugins', 'a "plugins" list (it may be empty)') &&
      expectType(context, ['plugins'], data.plugins, ['array'])
    ) {
      const names = new Map<string, number>();
      const entries = data.plugins as unknown[];
      for (let index = 0; index < entries.length; index++) {
        const dir = await checkEntry(context, entries[index], index, names, root, pluginRoot, options);
        if (dir) listed.push({ dir, file, path: ['plugins', index, 'source'] });
      }
    }
  }
  flushClaudeJson(json, out);
  return listed;
}

function checkReserved(context: JsonCheckContext, name: string): void {
  if (RESERVED_MARKETPLACE_NAMES.includes(name)) {
    report(
      context,
      CLAUDE_CODE_MARKETPLACE_NAME_RESERVED,
      ['name'],
      'value',
      `"${name}" is reserved for an Anthropic marketplace; Claude Code refuses it.`,
    );
  } else if (looksOfficial(name)) {
    report(
      context,
      CLAUDE_CODE_MARKETPLACE_NAME_RESERVED,
      ['name'],
      'value',
      `"${name}" looks like the name of an official Anthropic marketplace; Claude Code may refuse it as an impersonation.`,
      { severity: 'warning' },
    );
  }
}

/** `anthropic-…`, or "official" together with "claude" or "anthropic" (official-claude-plugins). */
function looksOfficial(name: string): boolean {
  const words = name.toLowerCase().split(/[^a-z0-9]+/);
  return words[0] === 'anthropic' || (words.includes('official') && (words.includes('claude') || words.includes('anthropic')));
}

function readPluginRoot(context: JsonCheckContext, data: Record<string, unknown>): string | undefined {
  if (!hasOwn(data, 'metadata') || !expectType(context, ['metadata'], data.metadata, ['object'])) return undefined;
  const metadata = data.metadata as Record<string, unknown>;
  for (const key of ['description', 'version', 'pluginRoot'])
    if (hasOwn(metadata, key)) expectType(context, ['metadata', key], metadata[key], ['string']);
  return typeof metadata.pluginRoot === 'string' ? metadata.pluginRoot : undefined;
}

async function checkEntry(
  context: JsonCheckContext,
  entry: unknown,
  index: number,
  names: Map<string, number>,
  root: string,
  pluginRoot: string | undefined,
  options: ResolvedOptions,
): Promise<string | undefined> {
  const path: JsonPath = ['plugins', index];
  if (!expectType(context, path, entry, ['object'])) return undefined;
  const value = entry as Record<string, unknown>;
  const name = checkClaudeName(context, value, path, 'plugin');
  if (name !== undefined) {
    const first = names.get(name);
    if (first === undefined) names.set(name, index);
    else
      report(
        context,
        CLAUDE_CODE_DUPLICATE_PLUGIN,
        [...path, 'name'],
        'value',
        `The plugin "${name}" is listed again (first at plugins[${first}]).`,
      );
  }
  reportUnknownKeys(context, value, path, ENTRY_KEYS, 'in a plugin entry', ENTRY_NOTES);
  if (hasOwn(value, 'strict')) expectType(context, [...path, 'strict'], value.strict, ['boolean']);
  if (!expectField(context, value, path, 'source', 'a source for every plugin')) return undefined;
  const source = value.source;
  if (isJsonObject(source)) {
    checkObjectSource(context, [...path, 'source'], source);
    return undefined;
  }
  if (!expectType(context, [...path, 'source'], source, ['string', 'object'])) return undefined;
  return checkPathSource(context, [...path, 'source'], source as string, root, pluginRoot, options);
}
