/**
 * Reading the `source` of a marketplace plugin entry: every kind real catalogs use, typed, with
 * what the service does with each (the kinds it cannot load, its `lstrip("./")` path bug, the
 * `sha` it never reads). Internal to `agentwire/plugins`.
 * @module
 */
import type { JsonPath } from '../../internal/python/json';
import { lstripDotSlash, normalizeRelative, resolvePosix } from '../../internal/python/path';
import { parsePluginSource } from '../sources/plugin-source';
import { describe, repoPathProblems } from '../sources/reference-check';
import { extras, type FieldReader, formatPath, isObject, missing, optionalText, own, report } from './marketplace-fields';
import {
  MARKETPLACE_PLUGIN_ROOT_IGNORED,
  MARKETPLACE_SOURCE_ABSOLUTE,
  MARKETPLACE_SOURCE_ESCAPES_ROOT,
  MARKETPLACE_SOURCE_INVALID,
  MARKETPLACE_SOURCE_LSTRIP,
  MARKETPLACE_SOURCE_PATH_INVALID,
  MARKETPLACE_SOURCE_SHA_IGNORED,
  MARKETPLACE_SOURCE_SHORTHAND_STRING,
  MARKETPLACE_SOURCE_UNSUPPORTED,
  MARKETPLACE_SOURCE_URL_STRING,
  MARKETPLACE_WRONG_TYPE,
} from './marketplace-rules';
import type { MarketplaceSource } from './marketplace-types';

const OBJECT_KEYS: Record<string, ReadonlySet<string>> = {
  github: new Set(['source', 'repo', 'ref', 'path', 'sha']),
  url: new Set(['source', 'url', 'ref', 'path', 'sha']),
  'git-subdir': new Set(['source', 'url', 'path', 'ref', 'sha']),
  local: new Set(['source', 'path']),
  npm: new Set(['source', 'package', 'version', 'registry']),
  pip: new Set(['source', 'package', 'version', 'registry']),
};

/** Reads a plugin entry's `source` value at `path`; `undefined` when it cannot be typed at all. */
export function readMarketplaceSource(
  reader: FieldReader,
  value: unknown,
  path: JsonPath,
  pluginRoot: string | undefined,
): MarketplaceSource | undefined {
  if (typeof value === 'string') {
    checkTextSource(reader, value, path, pluginRoot);
    return { kind: 'path', path: value };
  }
  if (!isObject(value)) {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      path,
      `${formatPath(path)} is ${describe(value)}; the service expects a path or a source object and rejects the whole marketplace.`,
    );
    return undefined;
  }
  const kind = own(value, 'source');
  if (kind === undefined) {
    missing(reader, [...path, 'source'], 'source kind (`source`)');
    return undefined;
  }
  if (typeof kind !== 'string') {
    report(
      reader,
      MARKETPLACE_WRONG_TYPE,
      [...path, 'source'],
      `${formatPath([...path, 'source'])} is ${describe(kind)}; the service expects text and rejects the whole marketplace.`,
    );
    return undefined;
  }
  // The service's model types these four on every source object.
  const repo = optionalText(reader, value, path, 'repo');
  const url = optionalText(reader, value, path, 'url');
  const ref = optionalText(reader, value, path, 'ref');
  const subpath = optionalText(reader, value, path, 'path');
  const keys = OBJECT_KEYS[kind];
  const extra = keys ? extras(reader, value, path, keys) : otherFields(value);
  const sha = typeof own(value, 'sha') === 'string' ? (own(value, 'sha') as string) : undefined;
  const optional = { ...(ref === undefined ? {} : { ref }), ...(sha === undefined ? {} : { sha }) };
  const withPath = subpath === undefined ? {} : { path: subpath };

  if (kind === 'github' || kind === 'url') {
    const field = kind === 'github' ? 'repo' : 'url';
    const target = kind === 'github' ? repo : url;
    if (!target) {
      const raw = own(value, field);
      if (raw === undefined || raw === null || raw === '') missing(reader, [...path, field], `\`${field}\` (a ${kind} source needs it)`);
      return undefined;
    }
    checkFetchable(reader, kind === 'github' ? `github:${target}` : target, [...path, field], kind === 'url');
    if (subpath) checkSubpath(reader, subpath, [...path, 'path']);
    if (sha !== undefined) {
      const hint = `Write "ref": "${sha}"${ref ? ` (instead of "${ref}")` : ''}.`;
      report(
        reader,
        MARKETPLACE_SOURCE_SHA_IGNORED,
        [...path, 'sha'],
        `The service ignores \`sha\` and checks out ${ref ? `"${ref}"` : 'the default branch'}.`,
        { hint },
      );
    }
    return kind === 'github'
      ? { kind, source: kind, repo: target, ...optional, ...withPath, extra }
      : { kind, source: kind, url: target, ...optional, ...withPath, extra };
  }
  const fix = rewrite(kind, value, url, subpath, ref, sha);
  report(
    reader,
    MARKETPLACE_SOURCE_UNSUPPORTED,
    [...path, 'source'],
    `The service cannot load a "${kind}" source: it raises "missing required field" for this plugin.`,
    {
      hint: fix ?? MARKETPLACE_SOURCE_UNSUPPORTED.hint,
    },
  );
  if (kind === 'git-subdir') return { kind, source: kind, url: url ?? '', path: subpath ?? '', ...optional, extra };
  if (kind === 'local') return { kind, source: kind, path: subpath ?? '', extra };
  if (kind === 'npm' || kind === 'pip') {
    const text = (key: string) => (typeof own(value, key) === 'string' ? { [key]: own(value, key) as string } : {});
    const name = own(value, 'package');
    return { kind, source: kind, package: typeof name === 'string' ? name : '', ...text('version'), ...text('registry'), extra };
  }
  return { kind: 'other', source: kind, extra };
}

/** Every field of a source object of an unknown kind but `source`, kept as read. */
function otherFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== 'source') Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What the author should write instead of a kind the service cannot load. */
function rewrite(
  kind: string,
  value: Record<string, unknown>,
  url: string | null | undefined,
  subpath: string | null | undefined,
  ref: string | null | undefined,
  sha: string | undefined,
): string | undefined {
  if (kind === 'git-subdir' && url) {
    const pin = sha ?? ref;
    const fields = [
      `"source": "url"`,
      `"url": ${JSON.stringify(url)}`,
      ...(subpath ? [`"path": ${JSON.stringify(subpath)}`] : []),
      ...(pin ? [`"ref": ${JSON.stringify(pin)}`] : []),
    ];
    return `Write {${fields.join(', ')}}.`;
  }
  if (kind === 'local' && typeof subpath === 'string') {
    const relative = normalizeRelative(subpath);
    if (relative !== undefined) return `Write the source as the text "./${relative}".`;
  }
  if (kind === 'npm' || kind === 'pip')
    return `Publish ${JSON.stringify(own(value, 'package') ?? 'the package')} in a git repository and use a "github" or "url" source.`;
  return undefined;
}

function checkFetchable(reader: FieldReader, text: string, path: JsonPath, isUrl: boolean): void {
  const parsed = parsePluginSource(text, { file: reader.file, at: reader.json.locate(path) });
  for (const found of parsed.diagnostics) {
    if (found.code === 'source-local-path' || found.code === 'source-looks-like-github' || found.code === 'source-windows-path') continue;
    if (found.severity === 'error') report(reader, MARKETPLACE_SOURCE_INVALID, path, found.message, { hint: found.hint });
    else reader.diagnostics.push(found);
  }
  if (isUrl && parsed.ok && parsed.value.kind === 'local') {
    report(reader, MARKETPLACE_SOURCE_INVALID, path, `"${text}" is not a git URL: the service reads it as a folder on its own machine.`);
  }
}

function checkSubpath(reader: FieldReader, subpath: string, path: JsonPath): void {
  for (const problem of repoPathProblems(subpath)) {
    if (problem === 'empty') continue;
    const why =
      problem === 'parent'
        ? 'has a ".." part'
        : problem === 'backslash'
          ? 'uses backslashes'
          : problem === 'absolute'
            ? 'starts with "/"'
            : 'is a Windows drive path';
    report(reader, MARKETPLACE_SOURCE_PATH_INVALID, path, `\`path\` "${subpath}" ${why}; it does not name a folder inside the repository.`);
  }
}

function checkTextSource(reader: FieldReader, text: string, path: JsonPath, pluginRoot: string | undefined): void {
  const where = formatPath(path);
  if (text.startsWith('/') || text.startsWith('~')) {
    report(
      reader,
      MARKETPLACE_SOURCE_ABSOLUTE,
      path,
      `${where} "${text}" is not inside the marketplace: the service opens ${text} on the machine it runs on.`,
    );
    return;
  }
  if (text.includes('://')) {
    report(
      reader,
      MARKETPLACE_SOURCE_URL_STRING,
      path,
      `${where} is a URL written as text; the service fetches it as git, Claude Code reads it as a path.`,
    );
    checkFetchable(reader, text, path, false);
    return;
  }
  if (text.startsWith('github:')) {
    report(
      reader,
      MARKETPLACE_SOURCE_SHORTHAND_STRING,
      path,
      `${where} "${text}" is read as a folder: the service opens <marketplace>/${text}, not the GitHub repository.`,
    );
    return;
  }
  const meant = normalizeRelative(text);
  const stripped = lstripDotSlash(text);
  const opened = resolvePosix(`/m/${stripped}`);
  const opens =
    opened === '/m' ? '<marketplace>' : opened.startsWith('/m/') ? `<marketplace>/${opened.slice(3)}` : 'a folder outside the marketplace';
  if (meant === undefined) {
    report(reader, MARKETPLACE_SOURCE_ESCAPES_ROOT, path, `${where} "${text}" leaves the marketplace root; the service opens ${opens}.`);
    return;
  }
  if (normalizeRelative(stripped) !== meant) {
    report(
      reader,
      MARKETPLACE_SOURCE_LSTRIP,
      path,
      `${where} "${text}" names <marketplace>/${meant}, but the service strips the leading dots and slashes and opens ${opens}.`,
    );
    return;
  }
  if (pluginRoot !== undefined && !text.startsWith('./') && !text.startsWith('.')) {
    const base = normalizeRelative(pluginRoot);
    if (base) {
      report(
        reader,
        MARKETPLACE_PLUGIN_ROOT_IGNORED,
        path,
        `${where} "${text}": Claude Code opens <marketplace>/${base}/${meant}, the service opens <marketplace>/${meant}.`,
      );
    }
  }
}
