/**
 * Which layout the service sees in a folder and the manifest it reads: from 1.49 a root
 * `plugin.json` makes an Agent Plugins plugin (a rejected manifest rejects the plugin); otherwise,
 * and always before 1.49, the first of `.plugin/plugin.json` and `.claude-plugin/plugin.json`
 * that exists, or none (the plugin is named after its folder).
 * @module
 */
import { basename, join } from 'node:path';
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import type { SkillFileSystem } from '../../internal/node/file-system';
import type { SafeWalker } from '../../internal/node/walk';
import { parseJsonSource } from '../../internal/python/json';
import { type LegacyPluginManifest, legacyManifestFor, parseLegacyPluginManifest } from '../manifest/legacy-manifest';
import { type PluginManifest, parsePluginManifest } from '../manifest/manifest';
import { OPENHANDS_NAMESPACE } from '../manifest/manifest-extensions';
import { MANIFEST_ROOT_IGNORED_BEFORE_1_49 } from '../manifest/manifest-rules';
import { readPluginFile } from './plugin-file';
import { PLUGIN_MANIFEST_IGNORED } from './rules';
import type { PluginDirectoryFailure, PluginLayout, PluginServiceVersion } from './types';

/** The legacy manifest locations, in the order the service tries them. */
export const LEGACY_MANIFEST_DIRECTORIES: readonly string[] = ['.plugin', '.claude-plugin'];

/** The manifest the service reads, with where its `entry_command` is written. */
export type ManifestLoad =
  | { ok: true; layout: 'agent-plugins'; file: string; manifest: PluginManifest; entryCommandAt?: Position }
  | { ok: true; layout: 'legacy'; file: string | null; manifest: LegacyPluginManifest; entryCommandAt?: Position }
  | { ok: false; layout: PluginLayout; file: string; failure: Exclude<PluginDirectoryFailure, 'not-a-directory'> };

/** What a path is, links followed, or `undefined` (missing or unreadable). */
export async function kindOf(fs: SkillFileSystem, path: string): Promise<'file' | 'directory' | 'other' | undefined> {
  const info = await fs.kind(path).catch(() => undefined);
  return info?.kind === 'symlink' ? 'other' : info?.kind;
}

/** The layout the service sees: a root `plugin.json` file (links followed) makes an Agent Plugins plugin from 1.49. */
export async function detectLayout(fs: SkillFileSystem, directory: string, service: PluginServiceVersion): Promise<PluginLayout> {
  return service === '1.49' && (await kindOf(fs, join(directory, 'plugin.json'))) === 'file' ? 'agent-plugins' : 'legacy';
}

function locateIn(text: string, path: readonly string[]): Position | undefined {
  const parsed = parseJsonSource(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return parsed.ok ? parsed.source.locate(path, 'value') : undefined;
}

/** Reads and parses one manifest file; failures carry their diagnostics in `diagnostics`. */
async function readManifest(
  walker: SafeWalker,
  file: string,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<{ text: string } | { failure: 'manifest-rejected' | 'manifest-outside-root' | 'manifest-too-large' }> {
  if (!(await walker.resolve(file))) return { failure: 'manifest-outside-root' };
  const read = await readPluginFile(walker, file, maxFileSize, 'fails to load the plugin');
  if (!read.ok) {
    diagnostics.push(...read.diagnostics);
    return { failure: read.reason === 'too-large' ? 'manifest-too-large' : 'manifest-rejected' };
  }
  return { text: read.text };
}

/** Loads the manifest of the layout the service sees; diagnostics go to `diagnostics`. */
export async function loadManifest(
  walker: SafeWalker,
  directory: string,
  layout: PluginLayout,
  service: PluginServiceVersion,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<ManifestLoad> {
  const legacyFiles: string[] = [];
  for (const folder of LEGACY_MANIFEST_DIRECTORIES) {
    const file = join(directory, folder, 'plugin.json');
    if ((await kindOf(walker.fs, file)) !== undefined) legacyFiles.push(file);
  }
  if (layout === 'agent-plugins') {
    const file = join(directory, 'plugin.json');
    const read = await readManifest(walker, file, maxFileSize, diagnostics);
    if ('failure' in read) return { ok: false, layout, file, failure: read.failure };
    const parsed = parsePluginManifest(read.text, { file, service });
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.ok) return { ok: false, layout, file, failure: 'manifest-rejected' };
    await reportShadowedLegacyManifests(walker, legacyFiles, parsed.value.name, maxFileSize, diagnostics);
    const entryCommandAt = locateIn(read.text, ['extensions', OPENHANDS_NAMESPACE, 'entry_command']);
    return { ok: true, layout, file, manifest: parsed.value, ...(entryCommandAt ? { entryCommandAt } : {}) };
  }
  const [file, ...others] = legacyFiles;
  let result: ManifestLoad;
  if (file === undefined) {
    const real = await walker.fs.realpath(directory).catch(() => directory);
    result = { ok: true, layout, file: null, manifest: legacyManifestFor(basename(real)) };
  } else {
    const read = await readManifest(walker, file, maxFileSize, diagnostics);
    if ('failure' in read) return { ok: false, layout, file, failure: read.failure };
    const parsed = parseLegacyPluginManifest(read.text, { file });
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.ok) return { ok: false, layout, file, failure: 'manifest-rejected' };
    const entryCommandAt = locateIn(read.text, ['entry_command']);
    result = { ok: true, layout, file, manifest: parsed.value, ...(entryCommandAt ? { entryCommandAt } : {}) };
    for (const other of others) {
      const same = (await walker.fs.realpath(other).catch(() => other)) === (await walker.fs.realpath(file).catch(() => file));
      if (same) continue;
      const message = `The service reads ${file} (the first legacy manifest that exists) and ignores this one.`;
      diagnostics.push(diagnostic(PLUGIN_MANIFEST_IGNORED, { file: other, message }));
    }
  }
  const root = join(directory, 'plugin.json');
  if (service === '1.43' && (await kindOf(walker.fs, root)) === 'file') {
    const source = result.file === null ? 'after its folder' : `from ${result.file}`;
    const message = `Servers before 1.49 (this load follows 1.43) ignore this root plugin.json: they load the folder as a legacy plugin named "${result.manifest.name}" (${source}); 1.49 and later read it as an Agent Plugins plugin.`;
    diagnostics.push(diagnostic(MANIFEST_ROOT_IGNORED_BEFORE_1_49, { file: root, message }));
  }
  return result;
}

/** Legacy manifests beside a root plugin.json: read only by servers before 1.49; a different name there renames the plugin. */
async function reportShadowedLegacyManifests(
  walker: SafeWalker,
  files: readonly string[],
  name: string,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<void> {
  const [file] = files;
  if (file === undefined || !(await walker.resolve(file))) return;
  const read = await readPluginFile(walker, file, maxFileSize, 'fails to load the plugin');
  const parsed = read.ok ? parseLegacyPluginManifest(read.text, { file }) : undefined;
  const legacyName = parsed?.ok ? parsed.value.name : undefined;
  if (legacyName !== undefined && legacyName !== name) {
    const message = `The service (1.49 and later) reads the root plugin.json and ignores this file; servers before 1.49 read it and name the plugin "${legacyName}", not "${name}", so its command keywords differ between versions.`;
    diagnostics.push(diagnostic(PLUGIN_MANIFEST_IGNORED, { file, message, hint: `Name the plugin "${name}" in both manifests.` }));
    return;
  }
  const message = 'The service (1.49 and later) reads the root plugin.json and ignores this file; servers before 1.49 read it instead.';
  diagnostics.push(
    diagnostic(PLUGIN_MANIFEST_IGNORED, { file, message, severity: 'info', hint: 'Nothing to fix: keep it for older servers.' }),
  );
}
