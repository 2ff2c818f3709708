/**
 * Runs a rule example through the entry point a user meets it in, and gives every diagnostic it
 * raises. Folders are written to a fresh temporary folder (removed afterwards) and checked
 * in-process by `validate` from agentwire/validate, the engine of `agentwire validate`;
 * configuration repositories are real git repositories, fetched as `agentwire skills list
 * --org-repo` fetches them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  checkPluginReference,
  type Diagnostic,
  launchLinkDiagnostics,
  type PluginSpec,
  parseLaunchLink,
  parseMarketplaceRegistrations,
  parsePluginSpecifier,
} from 'agentwire/plugins';
import { loadPluginDirectory } from 'agentwire/plugins/node';
import { loadConfigRepository } from 'agentwire/skills';
import { validate } from 'agentwire/validate';
import { createUpstream } from '../helpers/config-repositories';
import { writeTree } from '../helpers/tree';
import type {
  ConfigRepositoryExample,
  LaunchLinkExample,
  PluginFolderExample,
  RegistrationExample,
  RuleExample,
  TreeExample,
} from './types';

/** What an example raised: each diagnostic's code, severity and message, and the profile that raised it, when one did. */
export type Raised = Pick<Diagnostic, 'code' | 'severity' | 'message' | 'profile'>;

const raised = (found: readonly Diagnostic[]): Raised[] =>
  found.map(({ code, severity, message, profile }) =>
    profile === undefined ? { code, severity, message } : { code, severity, message, profile },
  );

/** Runs `body` in a new temporary folder, removed afterwards. */
async function inTemporaryFolder<T>(body: (root: string) => Promise<T>): Promise<T> {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-rule-example-'));
  try {
    return await body(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function runTree(example: TreeExample): Promise<Raised[]> {
  return inTemporaryFolder(async (root) => {
    writeTree(root, example.files);
    const report = await validate([example.path ?? '.'], {
      cwd: root,
      profiles: example.profiles ?? ['openhands'],
      preset: example.preset ?? 'neutral',
      service: example.service ?? '1.49',
      ...(example.builtinNames ? { builtinNames: example.builtinNames } : {}),
    });
    return raised(report.diagnostics);
  });
}

function runPluginFolder(example: PluginFolderExample): Promise<Raised[]> {
  return inTemporaryFolder(async (root) => {
    writeTree(root, example.files);
    const loaded = await loadPluginDirectory(join(root, example.path), { service: example.service ?? '1.49', scan: 'full' });
    return raised(loaded.diagnostics);
  });
}

/** Both readings `launch-link inspect` prints by default (or the one `mode` names): why it fails, its notes, and each plugin's checks. */
function runLaunchLink(example: LaunchLinkExample): Raised[] {
  const modes = example.mode ? [example.mode] : (['service', 'tolerant'] as const);
  return modes.flatMap((mode) => {
    const parsed = parseLaunchLink(example.link, { mode });
    const diagnostics = launchLinkDiagnostics(parsed.diagnostics);
    if (!parsed.ok) return raised(diagnostics);
    const checks = parsed.value.plugins.flatMap((plugin, index) => {
      const reference = { source: plugin.source, ref: plugin.ref, repo_path: plugin.repo_path } as PluginSpec;
      return checkPluginReference(reference, { file: `plugins[${index}]` }).diagnostics;
    });
    return raised([...diagnostics, ...checks]);
  });
}

function runRegistrations(example: RegistrationExample): Raised[] {
  const allowed = example.allowedScopes;
  const options = allowed ? { canRegister: (scope: (typeof allowed)[number]) => allowed.includes(scope) } : {};
  return raised(parseMarketplaceRegistrations(example.registrations, options).diagnostics);
}

function runConfigRepository(example: ConfigRepositoryExample): Promise<Raised[]> {
  return inTemporaryFolder(async (root) => {
    const remotes = join(root, 'remotes');
    let url = pathToFileURL(join(remotes, 'acme', '.agents.git')).href;
    if (example.files) {
      const upstream = createUpstream(remotes, 'acme/.agents.git', example.files);
      upstream.cleanup();
      url = upstream.url;
    }
    const result = await loadConfigRepository({
      url: example.url ?? url,
      cacheDir: join(root, 'cache'),
      ...(example.ref === undefined ? {} : { ref: example.ref }),
    });
    return raised(result.diagnostics);
  });
}

/** Every diagnostic the example raises. */
export async function runExample(example: RuleExample): Promise<Raised[]> {
  if (example.kind === undefined || example.kind === 'tree') return runTree(example);
  switch (example.kind) {
    case 'plugin-folder':
      return runPluginFolder(example);
    case 'launch-link':
      return runLaunchLink(example);
    case 'registrations':
      return runRegistrations(example);
    case 'specifier':
      return raised(parsePluginSpecifier(example.specifier).diagnostics);
    case 'config-repository':
      return runConfigRepository(example);
  }
}
