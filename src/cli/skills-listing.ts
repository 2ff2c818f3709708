/**
 * What `agentwire skills list` shows: the project's skills and those of configuration
 * repositories, resolved as the service resolves them, with what each one hides, what is off and
 * why, and the loaders' diagnostics counted.
 * @module
 */
import { basename, dirname, isAbsolute, relative } from 'node:path';
import type { Diagnostic } from '../internal/diagnostic';
import type { Skill, SkillPreset } from '../skills/index';
import {
  type ConfigRepositoryProgress,
  type ConfigRepositoryResult,
  instructionSkillName,
  loadConfigRepository,
  loadRepository,
  mergeConfigRepositories,
  resolveSkills,
  type SkillLayerName,
} from '../skills/index';

/** A skill of the same name that a listed skill hides. */
export interface ListedShadow {
  file: string;
  layer: SkillLayerName;
  /** Why the service keeps the other one. */
  why: string;
}

/** One name, as the conversation gets it. */
export interface ListedSkill {
  name: string;
  layer: SkillLayerName;
  enabled: boolean;
  /** Why it is off, or why it stays on although its name is disabled. */
  reason?: string;
  trigger: { kind: 'keyword' | 'task' | 'path' | 'none'; keywords: string[] };
  role: Skill['role'];
  format: Skill['format'];
  description: string | null;
  /** Hidden from the model's skill list (`disable-model-invocation`). */
  hiddenFromModel: boolean;
  file: string;
  shadows: ListedShadow[];
}

/** A configuration repository and what came of loading it. */
export interface ListedRepository {
  url: string;
  repository: string;
  status: ConfigRepositoryResult['status'];
  commit: string | null;
  skills: number;
}

/** The whole listing. */
export interface SkillsListing {
  directory: string;
  preset: string;
  skills: ListedSkill[];
  repositories: ListedRepository[];
  /** The loaders' diagnostics (and custom skills named like built-ins), counted by severity. */
  problems: { errors: number; warnings: number; infos: number };
}

/** What {@link listSkills} takes. */
export interface ListSkillsOptions {
  /** The project folder, absolute. */
  directory: string;
  /** The folder paths are shown relative to. */
  cwd: string;
  preset: SkillPreset;
  orgRepos: readonly string[];
  cacheDir: string;
  token?: string;
  disabled: readonly string[];
  enabled?: readonly string[];
  builtinNames?: ReadonlySet<string>;
  onProgress?: (event: ConfigRepositoryProgress) => void;
}

function triggerOf(skill: Skill): ListedSkill['trigger'] {
  const trigger = skill.trigger;
  if (!trigger) return { kind: 'none', keywords: [] };
  if (trigger.type === 'keyword') return { kind: 'keyword', keywords: trigger.keywords };
  if (trigger.type === 'task') return { kind: 'task', keywords: trigger.triggers };
  return { kind: 'path', keywords: trigger.paths };
}

/** Loads every layer and resolves it. Throws what the configuration repository loader throws (unsafe URLs, no git). */
export async function listSkills(options: ListSkillsOptions): Promise<SkillsListing> {
  const project = await loadRepository(options.directory, { preset: options.preset });
  const results: ConfigRepositoryResult[] = [];
  for (const url of options.orgRepos) {
    results.push(
      await loadConfigRepository({
        url,
        cacheDir: options.cacheDir,
        ...(options.token !== undefined && { token: options.token }),
        ...(options.onProgress && { onProgress: options.onProgress }),
      }),
    );
  }
  const merged = mergeConfigRepositories(results);
  const projectSkills = [...project.context, ...project.skills, ...project.rules];
  const resolved = resolveSkills(
    [
      { layer: 'organization', skills: merged.skills },
      { layer: 'project', skills: projectSkills },
    ],
    {
      disabled: options.disabled,
      ...(options.enabled && { enabled: options.enabled }),
      ...(options.builtinNames && { catalogNames: options.builtinNames }),
    },
  );
  const loaderDiagnostics = [...project.diagnostics, ...merged.diagnostics];
  const counted = [...loaderDiagnostics, ...resolved.diagnostics.filter((item) => item.code === 'builtin-name-collision')];
  const show = fileNamer(options.cwd, results);
  const hiddenBy = inLayerShadows(loaderDiagnostics, projectSkills);
  const layerOf = new Map<string, SkillLayerName>();
  for (const skill of merged.skills) layerOf.set(skill.file, 'organization');
  for (const skill of projectSkills) layerOf.set(skill.file, 'project');
  const skills = resolved.entries.map((entry): ListedSkill => {
    const shadows: ListedShadow[] = [];
    const addHidden = (winner: string, layer: SkillLayerName) => {
      for (const hidden of hiddenBy.get(winner) ?? []) shadows.push({ file: show(hidden.file), layer, why: hidden.why });
    };
    addHidden(entry.skill.file, entry.layer);
    for (const earlier of entry.shadowed) {
      shadows.push({
        file: show(earlier.skill.file),
        layer: earlier.layer,
        why: `the ${entry.layer} layer overrides the ${earlier.layer} layer`,
      });
      addHidden(earlier.skill.file, layerOf.get(earlier.skill.file) ?? earlier.layer);
    }
    const { skill } = entry;
    return {
      name: entry.name,
      layer: entry.layer,
      enabled: entry.enabled,
      ...(entry.reason !== undefined && { reason: entry.reason }),
      trigger: triggerOf(skill),
      role: skill.role,
      format: skill.format,
      description: skill.description ?? null,
      hiddenFromModel: skill.disableModelInvocation && skill.role === 'skill',
      file: show(skill.file),
      shadows,
    };
  });
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    directory: options.directory,
    preset: options.preset.name,
    skills,
    repositories: results.map((result) => ({
      url: result.repository.url,
      repository: result.repository.path,
      status: result.status,
      commit: result.commit ?? null,
      skills: result.skills.length,
    })),
    problems: {
      errors: counted.filter((item) => item.severity === 'error').length,
      warnings: counted.filter((item) => item.severity === 'warning').length,
      infos: counted.filter((item) => item.severity === 'info').length,
    },
  };
}

/** Shows a file relative to `cwd` when inside it, and a checkout's files as `<repository>: <path in it>`. */
function fileNamer(cwd: string, results: readonly ConfigRepositoryResult[]): (file: string) => string {
  return (file) => {
    for (const { repository } of results) {
      const inside = relative(repository.cacheDirectory, file);
      if (!inside.startsWith('..') && !isAbsolute(inside)) return `${repository.path}: ${inside.split('\\').join('/')}`;
    }
    const local = relative(cwd, file);
    return local === '' || local.startsWith('..') || isAbsolute(local) ? file : local;
  };
}

/**
 * The skills each loader hid behind another of the same name in the same layer, keyed by the
 * file of the skill kept, from the loaders' `shadowed-skill`, `duplicate-skill-name` and
 * `instruction-file-skipped` diagnostics.
 */
function inLayerShadows(diagnostics: readonly Diagnostic[], projectSkills: readonly Skill[]): Map<string, { file: string; why: string }[]> {
  const hidden = new Map<string, { file: string; why: string }[]>();
  const add = (winner: string, file: string, why: string) => {
    const list = hidden.get(winner);
    if (list) list.push({ file, why });
    else hidden.set(winner, [{ file, why }]);
  };
  for (const item of diagnostics) {
    const winner = item.related?.[0]?.file;
    if ((item.code === 'shadowed-skill' || item.code === 'duplicate-skill-name') && winner !== undefined) {
      const after = item.message.indexOf(`${winner}: `);
      const why = after >= 0 ? item.message.slice(after + winner.length + 2).replace(/\.$/, '') : 'the service keeps one skill of a name';
      add(
        winner,
        item.file,
        item.code === 'duplicate-skill-name' ? item.message.slice(item.message.lastIndexOf(': ') + 2).replace(/\.$/, '') : why,
      );
    } else if (item.code === 'instruction-file-skipped') {
      const name = instructionSkillName(basename(item.file));
      const kept = projectSkills.find((skill) => skill.name === name && dirname(skill.file) === dirname(item.file));
      if (kept) add(kept.file, item.file, 'the service reads the first of the two and skips this one without a log line');
    }
  }
  return hidden;
}
