/**
 * The `claude-code` profile: plugins and marketplaces judged by Claude Code's rules as
 * `claude plugin validate` applies them. Unlike that command, a marketplace does not end the
 * check: every plugin it lists inside the repository is checked too (manifest, skills, agents,
 * commands, hooks), and so is every plugin folder found.
 *
 * Claude Code's validator is not public; these rules come from its changelog, its documentation
 * and the shapes its official catalogs use. Where those are silent the profile stays quiet rather
 * than guess: the keys inside userConfig, channels, lspServers and monitors, inline hooks and
 * tool servers in plugin.json, .mcp.json, and component fields beyond their types are not checked.
 * @module
 */
import { basename, dirname, join } from 'node:path';
import type { Artifacts, MarketplaceArtifact } from '../artifacts';
import type { ProfileDiagnostic } from '../types';
import { checkClaudeFrontmatter, findClaudeComponents } from './claude-code-components';
import { checkClaudeHooks } from './claude-code-hooks';
import { checkClaudeManifest, claudeManifestPath, type DeclaredComponents } from './claude-code-manifest';
import { checkClaudeMarketplace } from './claude-code-marketplace';
import { CLAUDE_CODE_MANIFEST_LOCATION } from './claude-code-rules';
import { pathKind } from './paths';
import { createCollector, type ProfileCollector, retag } from './profile-output';
import { type ProfileOptions, type ResolvedOptions, resolveOptions } from './read-text';

/** One run of the profile: the options, the diagnostics, and what was already checked. */
interface Run {
  options: ResolvedOptions;
  collector: ProfileCollector;
  seen: Set<string>;
}

/** The canonical path of `path` (itself when it cannot be resolved), to check each file once. */
async function canonical(run: Run, path: string): Promise<string> {
  try {
    return await run.options.fs.realpath(path);
  } catch {
    return path;
  }
}

/** Whether `path` was not checked yet under `kind`; marks it checked. */
async function firstTime(run: Run, kind: string, path: string): Promise<boolean> {
  const key = `${kind}:${await canonical(run, path)}`;
  if (run.seen.has(key)) return false;
  run.seen.add(key);
  return true;
}

/**
 * The name to report a file Claude Code reads under: `.plugin/<name>` when `.claude-plugin` is a
 * link to `.plugin` (the layout the service's own catalog uses), so findings land on the file as
 * stored in the repository; the path given otherwise.
 */
async function storedName(run: Run, claudeFile: string): Promise<string> {
  const legacy = join(dirname(dirname(claudeFile)), '.plugin', basename(claudeFile));
  if ((await pathKind(legacy, run.options)) !== 'file') return claudeFile;
  return (await canonical(run, legacy)) === (await canonical(run, claudeFile)) ? legacy : claudeFile;
}

/** The marketplace file Claude Code reads for a marketplace found, and the folder its sources resolve from. */
async function claudeMarketplace(run: Run, marketplace: MarketplaceArtifact): Promise<{ file: string; root: string }> {
  const folder = dirname(marketplace.file);
  const root = ['.claude-plugin', '.plugin'].includes(basename(folder)) ? dirname(folder) : marketplace.root;
  const claudeFile = join(root, '.claude-plugin', 'marketplace.json');
  if (marketplace.file === claudeFile || (await pathKind(claudeFile, run.options)) === 'file')
    return { file: await storedName(run, claudeFile), root };
  run.collector.report(CLAUDE_CODE_MANIFEST_LOCATION, {
    file: marketplace.file,
    message:
      'Claude Code reads a marketplace only from .claude-plugin/marketplace.json and does not see this file; it is checked as if it were there.',
  });
  return { file: marketplace.file, root };
}

async function checkPlugin(run: Run, dir: string): Promise<void> {
  if (!(await firstTime(run, 'plugin', dir))) return;
  const { options, collector } = run;
  let manifest: string | undefined = claudeManifestPath(dir);
  if ((await pathKind(manifest, options)) !== 'file') {
    manifest = undefined;
    const legacy = join(dir, '.plugin', 'plugin.json');
    const root = join(dir, 'plugin.json');
    if ((await pathKind(legacy, options)) === 'file') {
      manifest = legacy;
      collector.report(CLAUDE_CODE_MANIFEST_LOCATION, {
        file: legacy,
        message:
          'Claude Code reads a plugin manifest only from .claude-plugin/plugin.json and does not see this one: it would load the plugin without metadata, named after its folder. It is checked as if it were there.',
      });
    } else if ((await pathKind(root, options)) === 'file') {
      collector.report(CLAUDE_CODE_MANIFEST_LOCATION, {
        file: root,
        severity: 'info',
        message:
          'Claude Code does not read a root plugin.json (Agent Plugins); it loads the plugin without a manifest, named after its folder or its marketplace entry.',
        hint: 'Add .claude-plugin/plugin.json if the plugin should carry its metadata in Claude Code.',
      });
    }
  }
  const declared: DeclaredComponents = manifest
    ? await checkClaudeManifest(
        dir,
        manifest === claudeManifestPath(dir) ? await storedName(run, manifest) : manifest,
        options,
        collector.diagnostics,
      )
    : { skills: [], commands: [], agents: [], hooks: [] };
  for (const component of await findClaudeComponents(dir, declared, options, collector.report)) {
    if (await firstTime(run, 'component', component.file))
      await checkClaudeFrontmatter(component.file, component.kind, options, collector.report);
  }
  const defaultHooks = join(dir, 'hooks', 'hooks.json');
  const hooks = (await pathKind(defaultHooks, options)) === 'file' ? [defaultHooks, ...declared.hooks] : declared.hooks;
  for (const file of hooks) await checkHooks(run, file);
}

async function checkHooks(run: Run, file: string): Promise<void> {
  if ((await pathKind(file, run.options)) !== 'file' || !(await firstTime(run, 'hooks', file))) return;
  await checkClaudeHooks(file, run.options, run.collector.diagnostics);
}

/** The diagnostics of the `claude-code` profile for the plugins, marketplaces, hooks and `.claude/skills` found. */
export async function checkClaudeCode(artifacts: Artifacts, options: ProfileOptions = {}): Promise<ProfileDiagnostic[]> {
  const run: Run = { options: resolveOptions(options), collector: createCollector('claude-code'), seen: new Set() };
  for (const marketplace of artifacts.marketplaces) {
    const { file, root } = await claudeMarketplace(run, marketplace);
    if (!(await firstTime(run, 'marketplace', file))) continue;
    for (const listed of await checkClaudeMarketplace(file, root, run.options, run.collector.diagnostics))
      await checkPlugin(run, listed.dir);
  }
  for (const plugin of artifacts.plugins) await checkPlugin(run, plugin.dir);
  for (const file of artifacts.hooks) await checkHooks(run, file);
  for (const skill of artifacts.skills) {
    if (skill.format !== 'agentskills' || !/[\\/]\.claude[\\/]skills[\\/]/.test(skill.file)) continue;
    if (await firstTime(run, 'component', skill.file)) await checkClaudeFrontmatter(skill.file, 'skill', run.options, run.collector.report);
  }
  return [...run.collector.diagnostics, ...retag(run.options.containment.diagnostics, 'claude-code')];
}
