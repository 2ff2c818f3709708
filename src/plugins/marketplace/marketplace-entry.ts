/**
 * Reading the entries of a marketplace file (`plugins[]` and the standalone `skills[]`) with the
 * service's field types, the fields it ignores, and where each entry sits. Internal to `agentwire/plugins`.
 * @module
 */
import type { JsonPath } from '../../internal/python/json';
import { normalizeRelative } from '../../internal/python/path';
import { describe } from '../sources/reference-check';
import {
  extras,
  type FieldReader,
  formatPath,
  isObject,
  isObjectOfObjects,
  isTextOrObject,
  isTextOrTextList,
  laxBoolean,
  missing,
  optionalText,
  own,
  report,
  requiredText,
  shaped,
  textList,
} from './marketplace-fields';
import {
  MARKETPLACE_INLINE_COMPONENTS_IGNORED,
  MARKETPLACE_SKILL_SOURCE_INVALID,
  MARKETPLACE_SOURCE_ABSOLUTE,
  MARKETPLACE_SOURCE_ESCAPES_ROOT,
  MARKETPLACE_SOURCE_SHORTHAND_STRING,
  MARKETPLACE_STRICT_IGNORED,
  MARKETPLACE_WRONG_TYPE,
} from './marketplace-rules';
import { readMarketplaceSource } from './marketplace-source-parse';
import type { MarketplaceAuthor, MarketplaceEntryBase, MarketplacePluginEntry, MarketplaceSkillEntry } from './marketplace-types';

const BASE_KEYS = ['name', 'source', 'description', 'version', 'author', 'category', 'homepage'];
// Written out (no spread): a spread at module level would keep this table in every browser bundle.
const PLUGIN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'name',
  'source',
  'description',
  'version',
  'author',
  'category',
  'homepage',
  'entry_command',
  'strict',
  'commands',
  'agents',
  'hooks',
  'mcpServers',
  'mcp_config',
  'lspServers',
  'lsp_servers',
  'license',
  'keywords',
  'tags',
  'repository',
  'skills',
  'displayName',
]);
const SKILL_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(BASE_KEYS);
/** Kept in `extra` without comment: catalog fields of the service's own extensions (`defaultEnabled`) and of Codex (`policy`). */
const QUIET: ReadonlySet<string> = /* @__PURE__ */ new Set(['defaultEnabled', 'policy']);
const AUTHOR_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(['name', 'email', 'url']);
const INLINE = ['commands', 'agents', 'hooks', 'mcpServers', 'mcp_config', 'lspServers', 'lsp_servers', 'skills'];
const GITHUB_TREE = /^https:\/\/github\.com\/[^/]+\/[^/]+\/(?:blob|tree)\/[^/]+\/.+$/;

/** Reads `plugins[index]`; `undefined` when it is not an object or lacks what the service requires. */
export function readPluginEntry(
  reader: FieldReader,
  value: unknown,
  index: number,
  pluginRoot: string | undefined,
): MarketplacePluginEntry | undefined {
  const path: JsonPath = ['plugins', index];
  const base = readBase(reader, value, path, index, PLUGIN_KEYS);
  if (!base || !isObject(value)) return undefined;
  const { name } = base;
  const rawSource = own(value, 'source');
  if (rawSource === undefined) {
    missing(reader, [...path, 'source'], '`source`');
    return undefined;
  }
  const source = readMarketplaceSource(reader, rawSource, [...path, 'source'], pluginRoot);
  const entryCommand = optionalText(reader, value, path, 'entry_command');
  const strict = laxBoolean(reader, value, path, 'strict', true);
  const commands = shaped(reader, value, path, 'commands', 'text or a list of text', isTextOrTextList);
  const agents = shaped(reader, value, path, 'agents', 'text or a list of text', isTextOrTextList);
  const hooks = shaped(reader, value, path, 'hooks', 'text or an object', isTextOrObject);
  const mcpKey = own(value, 'mcpServers') !== undefined ? 'mcpServers' : 'mcp_config';
  const mcpServers = shaped(reader, value, path, mcpKey, 'an object of server objects', isObjectOfObjects);
  const lspKey = own(value, 'lspServers') !== undefined ? 'lspServers' : 'lsp_servers';
  const lspServers = shaped(reader, value, path, lspKey, 'an object of server objects', isObjectOfObjects);
  const license = optionalText(reader, value, path, 'license');
  const keywords = textList(reader, value, path, 'keywords');
  const tags = textList(reader, value, path, 'tags');
  const repository = optionalText(reader, value, path, 'repository');
  const displayName = own(value, 'displayName');
  const inline = INLINE.filter((key) => own(value, key) !== undefined && own(value, key) !== null);
  if (inline.length > 0) {
    const list = inline.map((key) => `\`${key}\``).join(', ');
    report(
      reader,
      MARKETPLACE_INLINE_COMPONENTS_IGNORED,
      [...path, inline[0] as string],
      `${formatPath(path)} defines ${list} in the entry; the service ignores them and loads only what the plugin folder holds.`,
      {
        part: 'key',
      },
    );
  }
  if (!strict && own(value, 'strict') !== undefined) {
    report(
      reader,
      MARKETPLACE_STRICT_IGNORED,
      [...path, 'strict'],
      `${formatPath(path)} sets \`strict: false\`; the service still loads the source folder as a plugin of its own.`,
    );
  }
  if (!source || name === undefined) return undefined;
  const entry: MarketplacePluginEntry = { ...base, name, source, strict, keywords, tags };
  if (entryCommand !== undefined) entry.entry_command = entryCommand;
  if (commands !== undefined) entry.commands = commands;
  if (agents !== undefined) entry.agents = agents;
  if (hooks !== undefined) entry.hooks = hooks;
  if (mcpServers !== undefined) entry.mcpServers = mcpServers;
  if (lspServers !== undefined) entry.lspServers = lspServers;
  if (own(value, 'skills') !== undefined) entry.skills = own(value, 'skills');
  if (license !== undefined) entry.license = license;
  if (repository !== undefined) entry.repository = repository;
  if (typeof displayName === 'string') entry.displayName = displayName;
  return entry;
}

/** Reads `skills[index]`, a standalone skill; its source must be text. */
export function readSkillEntry(reader: FieldReader, value: unknown, index: number): MarketplaceSkillEntry | undefined {
  const path: JsonPath = ['skills', index];
  const base = readBase(reader, value, path, index, SKILL_KEYS);
  if (!base || !isObject(value)) return undefined;
  const { name } = base;
  const source = requiredText(reader, value, path, 'source');
  if (source !== undefined) checkSkillSource(reader, source, [...path, 'source']);
  if (source === undefined || name === undefined) return undefined;
  return { ...base, name, source };
}

/** The shared fields of an entry; `name` is absent when the entry lacks a usable one. */
type EntryBase = Omit<MarketplaceEntryBase, 'name'> & { name?: string };

function readBase(reader: FieldReader, value: unknown, path: JsonPath, index: number, known: ReadonlySet<string>): EntryBase | undefined {
  if (!isObject(value)) {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      path,
      `${formatPath(path)} is ${describe(value)}; the service expects an entry object and rejects the whole marketplace.`,
    );
    return undefined;
  }
  const name = requiredText(reader, value, path, 'name');
  const description = optionalText(reader, value, path, 'description');
  const version = optionalText(reader, value, path, 'version');
  const category = optionalText(reader, value, path, 'category');
  const homepage = optionalText(reader, value, path, 'homepage');
  const author = readAuthor(reader, own(value, 'author'), [...path, 'author']);
  const extra = extras(reader, value, path, known, { quiet: QUIET });
  const base: EntryBase = {
    index,
    at: reader.json.locate(path),
    sourceAt: reader.json.locate([...path, 'source']),
    extra,
  };
  if (name !== undefined) base.name = name;
  if (description !== undefined) base.description = description;
  if (version !== undefined) base.version = version;
  if (category !== undefined) base.category = category;
  if (homepage !== undefined) base.homepage = homepage;
  if (author !== undefined) base.author = author;
  return base;
}

/** `author`: an object, or `"Name <email>"` text split as the service splits it. */
export function readAuthor(reader: FieldReader, value: unknown, path: JsonPath): MarketplaceAuthor | null | undefined {
  if (value === undefined || value === null) return value as null | undefined;
  if (typeof value === 'string') {
    if (value.includes('<') && value.includes('>')) {
      const [before = '', after = ''] = value.split('<');
      return { name: before.trim(), email: (after.split('>')[0] ?? '').trim() };
    }
    return { name: value.trim() };
  }
  if (!isObject(value)) {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      path,
      `${formatPath(path)} is ${describe(value)}; the service expects an object or "Name <email>" text and rejects the whole marketplace.`,
    );
    return undefined;
  }
  const name = own(value, 'name');
  if (name !== undefined && typeof name !== 'string') {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      [...path, 'name'],
      `${formatPath([...path, 'name'])} is ${describe(name)}; the service expects text and rejects the whole marketplace.`,
    );
  }
  const email = optionalText(reader, value, path, 'email');
  const url = optionalText(reader, value, path, 'url');
  extras(reader, value, path, AUTHOR_KEYS, { dropped: true });
  const author: MarketplaceAuthor = { name: typeof name === 'string' ? name : '' };
  if (email !== undefined) author.email = email;
  if (url !== undefined) author.url = url;
  return author;
}

/** A standalone skill source, read as the service's skill-source resolver reads it (properly, without the plugin path bug). */
function checkSkillSource(reader: FieldReader, text: string, path: JsonPath): void {
  const where = formatPath(path);
  if (text.startsWith('file://') || text.startsWith('/') || text.startsWith('~')) {
    report(
      reader,
      MARKETPLACE_SOURCE_ABSOLUTE,
      path,
      `${where} "${text}" is not inside the marketplace: the service reads it on the machine it runs on.`,
      {
        severity: 'warning',
      },
    );
    return;
  }
  if (GITHUB_TREE.test(text)) return;
  if (text.includes('://')) {
    report(
      reader,
      MARKETPLACE_SKILL_SOURCE_INVALID,
      path,
      `${where} "${text}" is not a GitHub blob/tree URL: the service reads it as a folder inside the marketplace.`,
    );
    return;
  }
  if (text.startsWith('github:')) {
    report(
      reader,
      MARKETPLACE_SOURCE_SHORTHAND_STRING,
      path,
      `${where} "${text}" is read as a folder: the service opens <marketplace>/${text}.`,
    );
    return;
  }
  if (normalizeRelative(text) === undefined) {
    report(
      reader,
      MARKETPLACE_SOURCE_ESCAPES_ROOT,
      path,
      `${where} "${text}" leaves the marketplace root, and the service follows it out.`,
    );
  }
}
