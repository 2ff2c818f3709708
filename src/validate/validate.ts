/**
 * `validate(paths, options)`: the lint engine as a function, each option with its default and
 * checked before anything is read.
 * @module
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { DEFAULT_MAX_FILE_SIZE, nodeFileSystem, resolvePreset, type SkillPreset } from '../skills/index';
import type { Baseline } from './baseline';
import { createJudge } from './config/apply';
import { checkConfig } from './config/check-config';
import type { LoadedConfig } from './config/load-config';
import { type ConfigChoice, resolveConfigs } from './config/resolve-configs';
import type { RuleSettings } from './config/schema';
import { discoverPackages } from './discover';
import { type RunValidateOptions, runValidate } from './run-validate';
import { PROFILES, type Profile, type ServiceVersion, type ValidateProgress, type ValidationReport } from './types';

/** How {@link validate} judges the paths. Every option has a default. */
export interface ValidateOptions {
  /**
   * Which configuration to follow (`agentwire.config.json`, {@link ValidateConfig}): by default
   * the one found above each path (`agentwire.config.json`, or the `agentwire` key of a
   * `package.json`, up to the folder holding `.git`); a file's path (relative to `cwd`); a
   * configuration as a value (its globs relative to `cwd`); or `false` for none. The options
   * below weigh over it.
   */
  config?: ConfigChoice;
  /**
   * Rule settings over the configuration's: by rule code or `tag:<tag>`, each `'off'`,
   * `'info'`, `'warning'` or `'error'`, as in the configuration file.
   */
  rules?: RuleSettings;
  /** Globs of files to leave out, relative to `cwd`, besides the configuration's. */
  ignore?: readonly string[];
  /**
   * Whose rules to judge by, one or several (default: the configuration's, else `['openhands']`:
   * what the service will load, drop, shadow or ignore). Each diagnostic names the profile that
   * raised it.
   */
  profiles?: readonly Profile[];
  /**
   * Folder and repository names (default: the configuration's): a preset's name, `'neutral'` (the default: `.agents/skills`,
   * `.agents` configuration repositories) or `'openhands'` (the reference deployment's legacy
   * folders and repository names too), or a {@link SkillPreset} of your own.
   */
  preset?: string | SkillPreset;
  /** The service version whose plugin loader to follow (default: the configuration's, else `'1.49'`). */
  service?: ServiceVersion;
  /**
   * The folder relative paths resolve against; reported paths are relative to it when they lie
   * inside it (default `process.cwd()`).
   */
  cwd?: string;
  /**
   * The names of the built-in skill catalog: a custom skill with one of these names is reported
   * (`builtin-name-collision`). Default: none.
   */
  builtinNames?: Iterable<string>;
  /**
   * The largest file read whole, in bytes (default 1 MiB). A larger skill file has only its front
   * matter checked, and is reported (`file-too-large`).
   */
  maxFileSize?: number;
  /** Called before each path is checked. */
  onProgress?: (progress: ValidateProgress) => void;
  /**
   * Findings accepted for now (`parseBaseline` reads a baseline file; file paths in it are
   * relative to `cwd`). With a baseline, each diagnostic carries its `fingerprint` and is `known`
   * or `new`, the summary counts the new ones only, and `report.baseline` tells how many are known,
   * new and fixed. Default: none.
   */
  baseline?: Baseline;
}

const SERVICE_VERSIONS: readonly ServiceVersion[] = ['1.49', '1.43'];

function checkedProfiles(profiles: readonly Profile[]): Profile[] {
  if (!Array.isArray(profiles)) throw new TypeError('validate: options.profiles must be an array of profile names');
  for (const profile of profiles) {
    if (!PROFILES.includes(profile)) throw new RangeError(`validate: unknown profile "${String(profile)}": use ${PROFILES.join(', ')}`);
  }
  return [...new Set(profiles)];
}

function checkedPaths(paths: readonly string[]): string[] {
  if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
    throw new TypeError('validate: paths must be an array of strings');
  }
  return paths.length === 0 ? ['.'] : [...paths];
}

/**
 * Checks what each path holds, as `agentwire validate` does: instruction files (`AGENTS.md` and
 * the like), skill folders, a bare skills folder, a configuration repository, a plugin, a
 * marketplace (with every plugin and skill it lists inside the repository, and coverage both
 * ways), hooks and tool-server files, or one such file. Nothing from the paths is executed.
 *
 * `paths` resolve against `options.cwd`; an empty list checks `cwd` itself. A folder that holds
 * nothing to check itself is checked through the packages below it that hold skills or plugins
 * (a monorepo's packages, a folder of repositories; up to 4 levels down, without `node_modules`,
 * vendored, build and hidden folders or the ignored ones): `report.discovered` lists them. A path
 * that holds nothing to check even so (or does not exist) is reported (`validate-nothing-found`,
 * and `report.nothingFound`), not thrown. The
 * report's diagnostics are sorted by file, line and column. The configuration (`options.config`)
 * and `options.rules` set rules off or to another severity, and `options.ignore` leaves files out,
 * as `agentwire validate` does.
 *
 * Findings that a suppression comment of their file names are left out (`report.suppressed`
 * counts them); see docs/validate.md, "Suppressing a finding".
 *
 * Each folder and file is read once per run, from the disk directly rather than through Node's
 * thread pool; the event loop runs every 10 ms while the files are read.
 *
 * @throws `TypeError` when `paths` is not an array of strings or `baseline` is not a baseline; `RangeError` for an unknown
 * profile, preset or service version, or a `maxFileSize` that is not a positive integer;
 * {@link ValidateConfigError} for a configuration that cannot be used, or an unknown rule or tag
 * in `options.rules`.
 * @example
 * ```ts
 * import { validate } from 'agentwire/validate';
 *
 * const report = await validate(['.'], { profiles: ['openhands', 'agentskills'] });
 * for (const d of report.diagnostics) console.log(`${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);
 * process.exitCode = report.summary.errors > 0 ? 1 : 0;
 * ```
 */
export async function validate(paths: readonly string[], options: ValidateOptions = {}): Promise<ValidationReport> {
  return runValidate(await runOptions(paths, options));
}

/** The engine's options for `paths` and `options`, every default filled in (from the configuration too) and every option checked. */
export async function runOptions(paths: readonly string[], options: ValidateOptions): Promise<RunValidateOptions> {
  const given = checkedPaths(paths);
  const cwd = options.cwd ?? process.cwd();
  const chosenProfiles = options.profiles === undefined ? undefined : checkedProfiles(options.profiles);
  if (options.service !== undefined && !SERVICE_VERSIONS.includes(options.service)) {
    throw new RangeError(`validate: options.service must be 1.49 or 1.43, not ${String(options.service)}`);
  }
  const chosenPreset = options.preset === undefined ? undefined : resolvePreset(options.preset);
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (!Number.isSafeInteger(maxFileSize) || maxFileSize <= 0)
    throw new RangeError('validate: options.maxFileSize must be a positive integer');
  const own = checkConfig(
    {
      ...(options.rules === undefined ? {} : { rules: options.rules }),
      ...(options.ignore === undefined ? {} : { ignore: options.ignore }),
    },
    'options',
  );
  const baseline = options.baseline;
  if (baseline !== undefined && (typeof baseline !== 'object' || baseline === null || !Array.isArray(baseline.findings))) {
    throw new TypeError('validate: options.baseline must be a baseline ({ version: 1, findings: [...] }); parseBaseline reads one');
  }
  const builtinNames = options.builtinNames === undefined ? undefined : new Set(options.builtinNames);
  const chosen = (['profiles', 'preset', 'service'] as const).filter((key) => options[key] !== undefined);
  let resolved = await resolveConfigs(given, cwd, options.config, chosen);
  const judgeOf = (configs: typeof resolved.configs) => createJudge(configs, { rules: own.rules, ignore: own.ignore, cwd });
  let judge = judgeOf(resolved.configs);
  // A folder that holds nothing itself is checked through the packages below it (discover.ts),
  // each by its own configuration when one is looked for.
  const discovered = new Map<string, string[]>();
  for (const path of given) {
    const packages = await discoverPackages(resolve(cwd, path), {
      fs: nodeFileSystem,
      preset: chosenPreset ?? resolvePreset(resolved.preset),
      ignored: (folder) => judge.ignored(folder),
    });
    if (packages.length > 0) discovered.set(path, packages);
  }
  if (discovered.size > 0 && options.config === undefined) {
    const packages = [...discovered.values()].flat();
    resolved = await resolveConfigs([...given, ...packages], cwd, undefined, chosen);
    // A package no configuration holds follows none (not the first one found, as a file outside every configuration does).
    const holds = (dir: string, path: string) => {
      const rel = relative(dir, path);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    };
    const bare = packages.filter((dir) => !resolved.configs.some((loaded) => holds(loaded.dir, dir)));
    judge = judgeOf([...resolved.configs, ...bare.map((dir): LoadedConfig => ({ file: undefined, dir, config: {} }))]);
  }
  return {
    paths: given,
    cwd,
    profiles: chosenProfiles ?? resolved.profiles ?? ['openhands'],
    preset: chosenPreset ?? resolvePreset(resolved.preset),
    service: options.service ?? resolved.service ?? '1.49',
    maxFileSize,
    ...(builtinNames ? { builtinNames } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(baseline ? { baseline } : {}),
    ...(discovered.size > 0 ? { discovered } : {}),
    judge,
  };
}
