/**
 * `loadOwnerSkills`: every configuration repository of one owner, loaded and merged as the
 * service merges them (a later repository wins on a name, silently). agentwire reports each such
 * name as a `duplicate-skill-name` error naming both files, and still gives the service's winner.
 * @module
 */
import { compareDiagnostics, type Diagnostic, diagnostic } from '../internal/diagnostic';
import { type ConfigRepositoryResult, type LoadConfigRepositoryOptions, loadConfigRepository } from './config-repository';
import { type ConfigRepositoryPath, type ConfigRepositoryPathsOptions, configRepositoryPaths } from './config-repository-paths';
import type { SkillLayer } from './resolve';
import { DUPLICATE_SKILL_NAME } from './rules';
import type { Skill } from './types';

/** Options of {@link loadOwnerSkills}: the owner's host and name, and how to load each repository. */
export interface LoadOwnerSkillsOptions extends ConfigRepositoryPathsOptions, Omit<LoadConfigRepositoryOptions, 'url'> {}

/** A skill hidden by a later repository's skill of the same name. */
export interface ShadowedConfigSkill {
  skill: Skill;
  /** The repository it comes from (`acme/.openhands`). */
  repository: string;
  /** The skill the service keeps. */
  by: Skill;
  byRepository: string;
}

/** The merged skills of several configuration repositories. */
export interface MergedConfigSkills {
  /** One skill per name: the one the service keeps. */
  skills: Skill[];
  shadowed: ShadowedConfigSkill[];
  diagnostics: Diagnostic[];
}

/** One owner's configuration repositories, loaded and merged. */
export interface OwnerSkills extends MergedConfigSkills {
  host: string;
  owner: string;
  /** Each repository in load order, with its own skills and diagnostics. */
  repositories: (ConfigRepositoryResult & { path: ConfigRepositoryPath })[];
}

/**
 * Merges loaded configuration repositories in load order, as the service's `merge_skills` does:
 * a later repository's skill replaces an earlier one of the same name (keeping its place in the
 * order). Each replacement is a `duplicate-skill-name` error on the hidden file, naming both.
 */
export function mergeConfigRepositories(results: readonly ConfigRepositoryResult[]): MergedConfigSkills {
  const kept = new Map<string, { skill: Skill; repository: string }>();
  const shadowed: ShadowedConfigSkill[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const result of results) {
    diagnostics.push(...result.diagnostics);
    const repository = result.repository.path;
    for (const skill of result.skills) {
      const earlier = kept.get(skill.name);
      if (earlier) {
        shadowed.push({ skill: earlier.skill, repository: earlier.repository, by: skill, byRepository: repository });
        const message =
          `"${skill.name}" is a skill of both ${earlier.repository} (${earlier.skill.file}) and ${repository} (${skill.file}): ` +
          `the service keeps the one of ${repository} and ignores this one without a word.`;
        const related = [{ file: skill.file, line: 1, column: 1, message: `the skill the service keeps (${repository})` }];
        const hint = `Keep the skill in one repository only (${repository} is the one the service reads last); delete or rename the other.`;
        diagnostics.push(diagnostic(DUPLICATE_SKILL_NAME, { file: earlier.skill.file, message, hint, related }));
      }
      kept.set(skill.name, { skill, repository });
    }
  }
  return { skills: [...kept.values()].map((entry) => entry.skill), shadowed, diagnostics };
}

/**
 * Loads every configuration repository of one owner ({@link configRepositoryPaths}) and merges
 * them ({@link mergeConfigRepositories}). Each repository has its own cache folder under
 * `cacheDir/<host>/<owner>/`, so one owner's load never reads another owner's cache. The token,
 * if any, is sent to every repository of the owner.
 */
export async function loadOwnerSkills(options: LoadOwnerSkillsOptions): Promise<OwnerSkills> {
  const { host, owner, kind, preset, baseUrl, ...load } = options;
  const paths = configRepositoryPaths({
    host,
    owner,
    ...(kind !== undefined && { kind }),
    ...(preset !== undefined && { preset }),
    ...(baseUrl !== undefined && { baseUrl }),
  });
  const repositories = await Promise.all(
    paths.map(async (path) => {
      // Messages name the repository by the owner's path (`acme/.agents`), whatever the URL looks like.
      const result = await loadConfigRepository({ ...load, url: path.url, label: path.path });
      return { ...result, path };
    }),
  );
  const merged = mergeConfigRepositories(repositories);
  return { host, owner, repositories, ...merged, diagnostics: merged.diagnostics.sort(compareDiagnostics) };
}

/** The owner's merged skills as one `organization` layer for `resolveSkills`. */
export function ownerSkillLayer(skills: Pick<OwnerSkills, 'skills' | 'owner'>): SkillLayer {
  return { layer: 'organization', skills: skills.skills, label: skills.owner };
}
