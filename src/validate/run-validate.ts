/**
 * The engine of `validate` and `agentwire validate`: every path to targets, every target through
 * the service's checks, the files found through the other profiles, one sorted report.
 * @module
 */
import { basename, dirname, resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../internal/diagnostic';
import { blockingNodeFileSystem } from '../internal/node/file-system';
import type { Skill, SkillFileSystem, SkillPreset } from '../skills/index';
import { BUILTIN_NAME_COLLISION } from '../skills/internal';
import type { Artifacts } from './artifacts';
import type { Baseline } from './baseline';
import { compareWithBaseline } from './baseline-compare';
import { checkListedSkill, checkPluginFolder, checkSingleFile, componentFiles, type FileCheckOptions } from './check-files';
import { checkCoverage, checkMarketplace } from './check-marketplace';
import { checkConfigRepository, checkProject, checkSkillsFolder, type SkillCheck } from './check-skills';
import { applyConfig, type ConfigJudge, withoutIgnored } from './config/apply';
import { detectTargets, type Target } from './detect';
import { displayPath } from './display-path';
import { runProfiles } from './profiles/index';
import { NOTHING_FOUND } from './rules';
import { runFileSystem } from './run-file-system';
import { createSourceLines } from './source-lines';
import { applySuppressions } from './suppressions';
import type { Inventory, Profile, ProfileDiagnostic, ServiceVersion, ValidateProgress, ValidationReport } from './types';

/** What to validate and how, every option given (the public `validate` of validate.ts fills in the defaults). */
export interface RunValidateOptions {
  paths: string[];
  /** Relative paths resolve here, and reported paths are relative to it when inside it. */
  cwd: string;
  profiles: Profile[];
  preset: SkillPreset;
  service: ServiceVersion;
  /** Names of the built-in skill catalog: a custom skill of one of these names is reported. */
  builtinNames?: ReadonlySet<string>;
  maxFileSize?: number;
  fs?: SkillFileSystem;
  /** Called as each path is checked (the CLI shows it on a terminal). */
  onProgress?: (progress: ValidateProgress) => void;
  /** The configuration: files left out, and what each rule is set to. */
  judge?: ConfigJudge;
  /** The accepted findings: those found again are known and do not count in the summary. */
  baseline?: Baseline;
  /** Paths as given that hold nothing themselves, and the package folders (absolute) below each to check instead (discover.ts). */
  discovered?: ReadonlyMap<string, readonly string[]>;
}

/** Runs every check over every path and returns the report. */
export async function runValidate(options: RunValidateOptions): Promise<ValidationReport> {
  // Every reader of the run shares one view of the files: each folder listed and each file read once.
  const fs = runFileSystem(options.fs ?? blockingNodeFileSystem);
  const maxFileSize = options.maxFileSize ?? 1024 * 1024;
  const fileOptions: FileCheckOptions = { fs, service: options.service, maxFileSize };
  const artifacts: Artifacts = { skills: [], plugins: [], marketplaces: [], hooks: [], toolServers: [] };
  const found: Diagnostic[] = [];
  const loadedSkills: Skill[] = [];
  /** The folders the paths given hold: no profile reads past them. */
  const roots: string[] = [];
  let configRepositories = 0;
  const addSkillCheck = (check: SkillCheck) => {
    found.push(...check.diagnostics);
    loadedSkills.push(...check.loaded);
    artifacts.skills.push(...check.artifacts);
  };
  const addPlugin = async (dir: string, root: string) => {
    const { loaded, artifact, skills } = await checkPluginFolder(dir, root, fileOptions);
    found.push(...loaded.diagnostics);
    if (loaded.ok) loadedSkills.push(...loaded.skills);
    artifacts.plugins.push(artifact);
    artifacts.skills.push(...skills);
    const components = await componentFiles(dir, fs);
    artifacts.hooks.push(...components.hooks);
    artifacts.toolServers.push(...components.toolServers);
    return loaded;
  };

  const nothingFound: string[] = [];
  const discovered: { path: string; packages: string[] }[] = [];
  for (const [index, given] of options.paths.entries()) {
    options.onProgress?.({ path: given, index, total: options.paths.length });
    const packages = options.discovered?.get(given);
    if (packages) {
      discovered.push({ path: given, packages: packages.map((dir) => displayPath(dir, options.cwd)) });
      let any = false;
      for (const dir of packages) any = (await checkPath(dir, displayPath(dir, options.cwd), '')) || any;
      if (!any) nothingFound.push(given);
    } else if (!(await checkPath(resolve(options.cwd, given), given, ', there or in the folders below it'))) nothingFound.push(given);
  }

  /** Checks what one path holds; `false` (and a `validate-nothing-found` ending with `where`) when it holds nothing to check. */
  async function checkPath(path: string, given: string, where: string): Promise<boolean> {
    const targets = await detectTargets(fs, path);
    if (targets.length === 0) {
      found.push(diagnostic(NOTHING_FOUND, { file: path, message: `Nothing to check at ${given}.` }));
      return false;
    }
    const listed: string[] = [];
    const before = artifactCount(artifacts) + found.length;
    for (const target of targets) if (!options.judge?.ignored(target.path)) await checkTarget(target);
    const empty = artifactCount(artifacts) + found.length === before;
    if (empty) {
      found.push(
        diagnostic(NOTHING_FOUND, {
          file: path,
          message: `Nothing to check at ${given}: no skill, instruction file, plugin, marketplace, hooks or tool-server file${where}.`,
        }),
      );
    }
    if (targets.some((target) => target.kind === 'marketplace')) found.push(...(await checkCoverage(path, listed, fs)));
    return !empty;

    async function checkTarget(target: Target): Promise<void> {
      roots.push(target.kind === 'marketplace' ? target.root : target.kind === 'file' ? fileRoot(target.path) : target.path);
      const skillOptions = { fs, preset: options.preset, maxFileSize };
      switch (target.kind) {
        case 'project':
          return addSkillCheck(await checkProject(target.path, skillOptions));
        case 'skills-folder':
          return addSkillCheck(await checkSkillsFolder(target.path, target.legacy, skillOptions));
        case 'config-repository':
          configRepositories++;
          return addSkillCheck(await checkConfigRepository(target.path, skillOptions));
        case 'plugin':
          await addPlugin(target.path, target.path);
          return;
        case 'marketplace': {
          artifacts.marketplaces.push({ file: target.path, root: target.root });
          const checked = await checkMarketplace(target.path, target.root, {
            fs,
            checkPlugin: async (dir) => {
              const loaded = await addPlugin(dir, target.root);
              return { diagnostics: [], found: loaded.ok || loaded.failure !== 'not-a-directory' };
            },
            checkSkill: async (skillPath) => {
              const checked = await checkListedSkill(skillPath, target.root, fileOptions);
              if (checked.artifact) artifacts.skills.push(checked.artifact);
              return { diagnostics: checked.diagnostics, found: checked.artifact !== undefined };
            },
          });
          found.push(...checked.diagnostics);
          listed.push(...checked.listed);
          return;
        }
        case 'file':
          return checkFile(target);
      }
    }

    async function checkFile(target: Extract<Target, { kind: 'file' }>): Promise<void> {
      if (target.file === 'skill') {
        const checked = await checkListedSkill(target.path, fileRoot(target.path), fileOptions);
        found.push(...checked.diagnostics);
        if (checked.artifact) artifacts.skills.push({ ...checked.artifact, origin: 'skills-folder' });
        return;
      }
      if (target.file === 'marketplace') return checkTarget({ kind: 'marketplace', path: target.path, root: fileRoot(target.path) });
      if (target.file === 'hooks') artifacts.hooks.push(target.path);
      if (target.file === 'mcp' || target.file === 'legacy-mcp') artifacts.toolServers.push(target.path);
      found.push(...(await checkSingleFile(target.path, target.file, fileRoot(target.path), fileOptions)));
    }
  }

  if (options.builtinNames && options.builtinNames.size > 0) found.push(...builtinCollisions(loadedSkills, options.builtinNames));
  const service: ProfileDiagnostic[] = options.profiles.includes('openhands')
    ? found.map((d) => ({ ...d, profile: 'openhands' as const }))
    : [];
  const kept = options.judge ? withoutIgnored(artifacts, options.judge) : artifacts;
  const others = await runProfiles(
    options.profiles.filter((profile) => profile !== 'openhands'),
    kept,
    { fs, maxFileSize, roots },
  );
  // Suppression comments before the configuration: a comment for a rule it sets off is not called
  // unused, and it can set the suppression rules themselves off or to another severity.
  const checked = dedupe([...service, ...others]);
  // Comments and line texts are read only inside the folders given, as the profiles read.
  const sources = createSourceLines(fs, maxFileSize, roots);
  const suppression = await applySuppressions(checked, {
    files: artifactFiles(kept),
    cwd: options.cwd,
    profiles: options.profiles,
    sources,
  });
  const judged = options.judge ? applyConfig(suppression.diagnostics, options.judge) : suppression.diagnostics;
  let diagnostics = judged.map((d) => relativize(d, options.cwd)).sort(compareDiagnostics);
  const compared = options.baseline ? await compareWithBaseline(diagnostics, options.baseline, { cwd: options.cwd, sources }) : undefined;
  if (compared) diagnostics = compared.diagnostics;
  const counted = diagnostics.filter((d) => d.baseline !== 'known');
  return {
    paths: options.paths,
    profiles: options.profiles,
    inventory: inventoryOf(kept, configRepositories),
    diagnostics,
    summary: {
      errors: counted.filter((d) => d.severity === 'error').length,
      warnings: counted.filter((d) => d.severity === 'warning').length,
      infos: counted.filter((d) => d.severity === 'info').length,
    },
    ...(suppression.suppressed > 0 ? { suppressed: suppression.suppressed } : {}),
    ...(compared ? { baseline: compared.comparison } : {}),
    ...(discovered.length > 0 ? { discovered } : {}),
    ...(nothingFound.length > 0 ? { nothingFound } : {}),
  };
}

/** The folder a file given on its own belongs to: the plugin or repository of a file in `.plugin/` or `.claude-plugin/`, its folder otherwise. */
function fileRoot(file: string): string {
  const holder = basename(dirname(file));
  return holder === '.plugin' || holder === '.claude-plugin' ? dirname(dirname(file)) : dirname(file);
}

function artifactCount(artifacts: Artifacts): number {
  return (
    artifacts.skills.length +
    artifacts.plugins.length +
    artifacts.marketplaces.length +
    artifacts.hooks.length +
    artifacts.toolServers.length
  );
}

function builtinCollisions(skills: readonly Skill[], names: ReadonlySet<string>): Diagnostic[] {
  const seen = new Set<string>();
  return skills.flatMap((skill) => {
    if (!names.has(skill.name) || seen.has(skill.file)) return [];
    seen.add(skill.file);
    const message = `"${skill.name}" is also the name of a built-in skill: enablement is keyed by name, so disabling the built-in disables this skill too.`;
    return [diagnostic(BUILTIN_NAME_COLLISION, { file: skill.file, message })];
  });
}

/** Every file the checks read. */
function artifactFiles(artifacts: Artifacts): Set<string> {
  return new Set<string>([
    ...artifacts.skills.map((skill) => skill.file),
    ...artifacts.plugins.flatMap((plugin) => [...(plugin.manifest ? [plugin.manifest] : []), ...plugin.commands, ...plugin.agents]),
    ...artifacts.marketplaces.map((marketplace) => marketplace.file),
    ...artifacts.hooks,
    ...artifacts.toolServers,
  ]);
}

function inventoryOf(artifacts: Artifacts, configRepositories: number): Inventory {
  const files = artifactFiles(artifacts);
  const skillFiles = new Set(artifacts.skills.filter((skill) => skill.format !== 'instructions').map((skill) => skill.file));
  return {
    files: files.size,
    skills: skillFiles.size,
    plugins: new Set(artifacts.plugins.map((plugin) => plugin.dir)).size,
    marketplaces: new Set(artifacts.marketplaces.map((marketplace) => marketplace.file)).size,
    contextFiles: new Set(artifacts.skills.filter((skill) => skill.format === 'instructions').map((skill) => skill.file)).size,
    configRepositories,
    hooks: new Set(artifacts.hooks).size,
    toolServers: new Set(artifacts.toolServers).size,
  };
}

function relativize(d: ProfileDiagnostic, cwd: string): ProfileDiagnostic {
  const result = { ...d, file: displayPath(d.file, cwd) };
  if (d.related) result.related = d.related.map((related) => ({ ...related, file: displayPath(related.file, cwd) }));
  return result;
}

function dedupe(diagnostics: ProfileDiagnostic[]): ProfileDiagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.profile}\0${d.code}\0${d.file}\0${d.line}\0${d.column}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
