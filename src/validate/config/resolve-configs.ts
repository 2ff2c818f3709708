/**
 * The configurations of a run: the file named (`--config`), the value given, none
 * (`--no-config`), or the one found above each path; and what they say about the whole run
 * (profiles, preset, service), which must agree.
 * @module
 */
import { resolve } from 'node:path';
import { displayPath } from '../display-path';
import type { Profile, ServiceVersion } from '../types';
import { checkConfig } from './check-config';
import { ValidateConfigError } from './config-error';
import { findConfig, type LoadedConfig, readConfigFile } from './load-config';
import type { ValidateConfig } from './schema';

/**
 * Which configuration a run follows: a file's path (relative to `cwd`), a configuration as a
 * value (its globs relative to `cwd`), `false` for none, or `undefined` to look for one above
 * each path.
 */
export type ConfigChoice = string | ValidateConfig | false | undefined;

/** The configurations of a run and the run-wide settings they agree on. */
export interface ResolvedConfigs {
  configs: LoadedConfig[];
  profiles?: Profile[];
  preset?: string;
  service?: ServiceVersion;
}

const RUN_KEYS = ['profiles', 'preset', 'service'] as const;

/** A setting of the whole run that a configuration may make. */
export type RunKey = (typeof RUN_KEYS)[number];

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());
  return a === b;
}

/**
 * Loads the configurations of a run of `paths` (as given, relative to `cwd`). The run-wide
 * settings in `chosen` are the caller's: what the configurations say of them is not read.
 * @throws {ValidateConfigError} when one cannot be used, or two found for different paths set
 * different profiles, presets or service versions.
 */
export async function resolveConfigs(
  paths: readonly string[],
  cwd: string,
  choice: ConfigChoice,
  chosen: readonly RunKey[] = [],
): Promise<ResolvedConfigs> {
  const configs: LoadedConfig[] = [];
  if (typeof choice === 'string') configs.push(await readConfigFile(resolve(cwd, choice), cwd));
  else if (typeof choice === 'object' && choice !== null)
    configs.push({ file: undefined, dir: cwd, config: checkConfig(choice, 'options.config') });
  else if (choice === undefined) {
    const seen = new Set<string>();
    for (const path of paths) {
      const found = await findConfig(resolve(cwd, path), cwd);
      if (found?.file !== undefined && !seen.has(found.file)) {
        seen.add(found.file);
        configs.push(found);
      }
    }
  }
  const resolved: ResolvedConfigs = { configs };
  for (const key of RUN_KEYS.filter((run) => !chosen.includes(run))) {
    const setting = configs.filter((loaded) => loaded.config[key] !== undefined);
    const [first, ...others] = setting;
    if (!first) continue;
    const differing = others.find((loaded) => !sameValue(loaded.config[key], first.config[key]));
    if (differing) {
      const name = (loaded: LoadedConfig) => displayPath(loaded.file ?? cwd, cwd);
      throw new ValidateConfigError(
        `${name(first)} and ${name(differing)} set different "${key}": validate their paths in separate runs, or choose ${key} for the whole run`,
        differing.file,
      );
    }
    Object.assign(resolved, { [key]: Array.isArray(first.config[key]) ? [...new Set(first.config[key])] : first.config[key] });
  }
  return resolved;
}
