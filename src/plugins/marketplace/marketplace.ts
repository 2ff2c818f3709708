/**
 * `parseMarketplace`: a marketplace file (`.plugin/marketplace.json`, `.claude-plugin/marketplace.json`)
 * read as the service reads it, with every field real catalogs use typed and a diagnostic for
 * everything the service rejects, cannot load, misreads or ignores.
 * @module
 */
import { compareDiagnostics } from '../../internal/diagnostic';
import { readJsonDocument, requireText } from '../../internal/json-document';
import type { JsonPath } from '../../internal/python/json';
import type { ParseResult } from '../../internal/result';
import { describe } from '../sources/reference-check';
import { readPluginEntry, readSkillEntry } from './marketplace-entry';
import { extras, type FieldReader, formatPath, isObject, missing, optionalText, own, report, requiredText } from './marketplace-fields';
import {
  MARKETPLACE_DUPLICATE_PLUGIN,
  MARKETPLACE_DUPLICATE_SKILL,
  MARKETPLACE_IGNORED_FIELD,
  MARKETPLACE_NOT_OBJECT,
  MARKETPLACE_WRONG_TYPE,
} from './marketplace-rules';
import type {
  Marketplace,
  MarketplaceMetadata,
  MarketplaceOwner,
  MarketplacePluginEntry,
  MarketplaceSkillEntry,
} from './marketplace-types';

/** Options of {@link parseMarketplace}. */
export interface ParseMarketplaceOptions {
  /** The file name used in diagnostics, such as `.claude-plugin/marketplace.json`. */
  file: string;
}

const ROOT_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'name',
  'owner',
  'description',
  'version',
  '$schema',
  'metadata',
  'plugins',
  'skills',
  'renames',
]);
/** Kept in `extra`, reported as ignored rather than unknown. */
const IGNORED_ROOT_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(['strict', 'path']);
const OWNER_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(['name', 'email']);

/**
 * Parses a marketplace file. `ok: false` when the service rejects the whole file (not JSON, not an
 * object, a missing `name` / `owner` / entry `name` or `source`, a wrong type anywhere); `ok: true`
 * otherwise, with diagnostics for the entries the service cannot load or misreads. Entries keep
 * their position (`at`, `sourceAt`) and unknown keys (`extra`). Never throws on bad input.
 */
export function parseMarketplace(json: string, options: ParseMarketplaceOptions): ParseResult<Marketplace> {
  if (!options || typeof options.file !== 'string') throw new TypeError('parseMarketplace needs options.file');
  requireText(json, 'parseMarketplace');
  const { file } = options;
  const document = readJsonDocument(json, file);
  if (!document.ok) return document;
  const reader: FieldReader = { file, json: document.source, diagnostics: [...document.diagnostics], rejected: false };
  const root = document.source.value;
  if (!isObject(root)) {
    report(reader, MARKETPLACE_NOT_OBJECT, [], `The file holds ${describe(root)}, not an object; the service rejects it.`);
    return { ok: false, diagnostics: reader.diagnostics };
  }
  const name = requiredText(reader, root, [], 'name');
  const owner = readOwner(reader, own(root, 'owner'));
  const description = optionalText(reader, root, [], 'description');
  const metadata = readMetadata(reader, own(root, 'metadata'));
  const pluginRoot = typeof metadata?.pluginRoot === 'string' ? metadata.pluginRoot : undefined;
  const plugins = list(reader, root, 'plugins').map((value, index) => readPluginEntry(reader, value, index, pluginRoot));
  const skills = list(reader, root, 'skills').map((value, index) => readSkillEntry(reader, value, index));
  for (const key of ['renames', 'strict', 'path'] as const) {
    if (own(root, key) === undefined) continue;
    const why = key === 'path' ? 'the service replaces it with the folder it loaded the marketplace from' : 'the service keeps it unused';
    report(reader, MARKETPLACE_IGNORED_FIELD, [key], `\`${key}\` is ignored: ${why}.`, { part: 'key' });
  }
  if (pluginRoot !== undefined && !reader.diagnostics.some((d) => d.code === 'marketplace-plugin-root-ignored')) {
    report(
      reader,
      MARKETPLACE_IGNORED_FIELD,
      ['metadata', 'pluginRoot'],
      '`metadata.pluginRoot` is ignored by the service; no source here depends on it.',
      { part: 'key' },
    );
  }
  const extra = extras(reader, root, [], ROOT_KEYS, { quiet: IGNORED_ROOT_KEYS });
  const loadedPlugins = plugins.filter((entry): entry is MarketplacePluginEntry => entry !== undefined);
  const loadedSkills = skills.filter((entry): entry is MarketplaceSkillEntry => entry !== undefined);
  duplicates(reader, loadedPlugins, 'plugins');
  duplicates(reader, loadedSkills, 'skills');
  reader.diagnostics.sort(compareDiagnostics);
  if (reader.rejected || name === undefined || owner === undefined) return { ok: false, diagnostics: reader.diagnostics };
  const marketplace: Marketplace = { name, owner, plugins: loadedPlugins, skills: loadedSkills, file, extra };
  if (description !== undefined) marketplace.description = description;
  if (metadata !== undefined) marketplace.metadata = metadata;
  const version = own(root, 'version');
  if (typeof version === 'string') marketplace.version = version;
  const schema = own(root, '$schema');
  if (typeof schema === 'string') marketplace.$schema = schema;
  const renames = own(root, 'renames');
  if (isObject(renames))
    marketplace.renames = Object.fromEntries(Object.entries(renames).filter(([, to]) => typeof to === 'string')) as Record<string, string>;
  return { ok: true, value: marketplace, diagnostics: reader.diagnostics };
}

function list(reader: FieldReader, root: Record<string, unknown>, key: 'plugins' | 'skills'): unknown[] {
  const value = own(root, key);
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  report(
    reader,
    MARKETPLACE_WRONG_TYPE,
    [key],
    `\`${key}\` is ${describe(value)}; the service expects a list and rejects the whole marketplace.`,
  );
  return [];
}

function readOwner(reader: FieldReader, value: unknown): MarketplaceOwner | undefined {
  if (value === undefined) {
    missing(reader, ['owner'], '`owner` (an object with at least `name`)');
    return undefined;
  }
  if (!isObject(value)) {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      ['owner'],
      `\`owner\` is ${describe(value)}; the service expects an object with \`name\` and rejects the whole marketplace.`,
    );
    return undefined;
  }
  const name = requiredText(reader, value, ['owner'], 'name');
  const email = optionalText(reader, value, ['owner'], 'email');
  const extra = extras(reader, value, ['owner'], OWNER_KEYS, { dropped: true });
  if (name === undefined) return undefined;
  const owner: MarketplaceOwner = { name, extra };
  if (email !== undefined) owner.email = email;
  if (typeof extra.url === 'string') owner.url = extra.url;
  return owner;
}

function readMetadata(reader: FieldReader, value: unknown): MarketplaceMetadata | null | undefined {
  if (value === undefined || value === null) return value as null | undefined;
  if (!isObject(value)) {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      ['metadata'],
      `\`metadata\` is ${describe(value)}; the service expects an object and rejects the whole marketplace.`,
    );
    return undefined;
  }
  const description = optionalText(reader, value, ['metadata'], 'description');
  const version = optionalText(reader, value, ['metadata'], 'version');
  // `metadata` is a free-form bag: other keys are kept without comment.
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== 'description' && key !== 'version')
      Object.defineProperty(extra, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  }
  const metadata: MarketplaceMetadata = { extra };
  if (description !== undefined) metadata.description = description;
  if (version !== undefined) metadata.version = version;
  if (typeof extra.pluginRoot === 'string') metadata.pluginRoot = extra.pluginRoot;
  return metadata;
}

function duplicates(
  reader: FieldReader,
  entries: readonly (MarketplacePluginEntry | MarketplaceSkillEntry)[],
  key: 'plugins' | 'skills',
): void {
  const first = new Map<string, number>();
  for (const entry of entries) {
    const earlier = first.get(entry.name);
    if (earlier === undefined) {
      first.set(entry.name, entry.index);
      continue;
    }
    const path: JsonPath = [key, entry.index, 'name'];
    const before = formatPath([key, earlier]);
    const message =
      key === 'plugins'
        ? `The plugin "${entry.name}" is listed again (first at ${before}); a lookup by name finds only the first, Auto-Load loads both.`
        : `The skill "${entry.name}" is listed again (first at ${before}); Auto-Load loads both and this one replaces the first.`;
    report(reader, key === 'plugins' ? MARKETPLACE_DUPLICATE_PLUGIN : MARKETPLACE_DUPLICATE_SKILL, path, message);
  }
}
