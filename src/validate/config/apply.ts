/**
 * The configuration applied to a run, after the checks: which files are left out (`ignore`), and
 * what each diagnostic's rule is set to (`rules`, `overrides`, then the caller's own settings).
 * @module
 */
import { isAbsolute, relative, sep } from 'node:path';
import { globMatcher } from '../../internal/glob';
import type { Artifacts } from '../artifacts';
import type { ProfileDiagnostic } from '../types';
import type { LoadedConfig } from './load-config';
import { TAG_PREFIX, tagsOf } from './rule-keys';
import type { RuleSetting, RuleSettings } from './schema';

/** What the configuration decides for a run, file by file. */
export interface ConfigJudge {
  /** Whether a file (absolute) is left out. */
  ignored(file: string): boolean;
  /** What a diagnostic's rule is set to in its file, or `undefined` when nothing sets it. */
  setting(diagnostic: Pick<ProfileDiagnostic, 'code' | 'profile' | 'file'>): RuleSetting | undefined;
}

/** Settings given beside the configuration files (the command's flags, `validate()`'s options): they weigh most. */
export interface GivenSettings {
  rules?: RuleSettings | undefined;
  /** Globs relative to `cwd`. */
  ignore?: readonly string[] | undefined;
  cwd: string;
}

/** `file` relative to `dir` with `/` separators, or `undefined` when it lies outside. */
function inside(dir: string, file: string): string | undefined {
  const rel = relative(dir, file);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** The setting of one map for a diagnostic: its code's, else its section's, else its profile's. */
function settingIn(rules: RuleSettings | undefined, code: string, tags: readonly string[]): RuleSetting | undefined {
  if (!rules) return undefined;
  if (Object.hasOwn(rules, code)) return rules[code];
  let found: RuleSetting | undefined;
  for (const tag of tags) {
    const key = `${TAG_PREFIX}${tag}`;
    if (Object.hasOwn(rules, key)) found = rules[key];
  }
  return found;
}

/**
 * The judge of a run. Each file follows the configuration of the deepest folder that holds it
 * (the first configuration when none does): its `rules`, then each matching `overrides` entry in
 * order; `given` weighs over them all. A file is left out when the given `ignore` or its
 * configuration's `ignore` matches it.
 */
export function createJudge(configs: readonly LoadedConfig[], given: GivenSettings): ConfigJudge {
  const compiled = configs.map((loaded) => ({
    dir: loaded.dir,
    rules: loaded.config.rules,
    ignore: globMatcher(loaded.config.ignore ?? []),
    overrides: (loaded.config.overrides ?? []).map((override) => ({ matches: globMatcher(override.files), rules: override.rules })),
  }));
  const givenIgnore = globMatcher(given.ignore ?? []);
  const configOf = (file: string) => {
    let best: (typeof compiled)[number] | undefined;
    for (const config of compiled) {
      if (inside(config.dir, file) !== undefined && (!best || config.dir.length > best.dir.length)) best = config;
    }
    return best ?? compiled[0];
  };
  return {
    ignored(file) {
      const fromCwd = inside(given.cwd, file);
      if (fromCwd !== undefined && givenIgnore(fromCwd)) return true;
      const config = configOf(file);
      if (!config) return false;
      const rel = inside(config.dir, file);
      return rel !== undefined && config.ignore(rel);
    },
    setting({ code, profile, file }) {
      const tags = tagsOf(code, profile);
      let found: RuleSetting | undefined;
      const config = configOf(file);
      if (config) {
        found = settingIn(config.rules, code, tags) ?? found;
        const rel = inside(config.dir, file);
        for (const override of config.overrides) {
          if (rel !== undefined && override.matches(rel)) found = settingIn(override.rules, code, tags) ?? found;
        }
      }
      return settingIn(given.rules, code, tags) ?? found;
    },
  };
}

/**
 * The diagnostics the configuration keeps, each with the severity it is set to: those of ignored
 * files and of rules set to `off` are dropped. Files are absolute, as the checks report them.
 */
export function applyConfig<D extends ProfileDiagnostic>(diagnostics: readonly D[], judge: ConfigJudge): D[] {
  const kept: D[] = [];
  for (const item of diagnostics) {
    if (judge.ignored(item.file)) continue;
    const setting = judge.setting(item);
    if (setting === 'off') continue;
    kept.push(setting === undefined || setting === item.severity ? item : { ...item, severity: setting });
  }
  return kept;
}

/** The files found, without the ignored ones: the other profiles never read those. */
export function withoutIgnored(artifacts: Artifacts, judge: ConfigJudge): Artifacts {
  const kept = (file: string) => !judge.ignored(file);
  return {
    skills: artifacts.skills.filter((skill) => kept(skill.file)),
    plugins: artifacts.plugins
      .filter((plugin) => kept(plugin.dir))
      .map((plugin) => ({
        ...plugin,
        skills: plugin.skills.filter(kept),
        commands: plugin.commands.filter(kept),
        agents: plugin.agents.filter(kept),
      })),
    marketplaces: artifacts.marketplaces.filter((marketplace) => kept(marketplace.file)),
    hooks: artifacts.hooks.filter(kept),
    toolServers: artifacts.toolServers.filter(kept),
  };
}
