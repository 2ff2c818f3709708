/**
 * The skills of a plugin folder. Agent Plugins: `skills/<name>/SKILL.md` only (that exact name, a
 * regular file), each held to the Agent Skills specification (its name rules, the folder's name,
 * a description of 1 to 1,024 characters), a skill that breaks it skipped alone. Legacy: the
 * service's rules (`skills/<dir>/SKILL.md` in any case, single `skills/*.md` files, else a root
 * `SKILL.md`), any name accepted, one bad skill skipped alone.
 * @module
 */
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import type { ReadLimits } from '../../internal/node/read-skill-file';
import type { SafeWalker, WalkEntry } from '../../internal/node/walk';
import { firstFailure, type Problem, problemDiagnostics } from '../../internal/problem';
import type { Skill } from '../../skills/index';
import { type LoadedFile, loadSkillFile, type SkillFileOptions } from '../../skills/internal';
import { markdownKind, stemOf } from './markdown-files';
import { unreadableFile } from './plugin-file';
import { PLUGIN_COMPONENT_IGNORED, PLUGIN_SKILL_IGNORED } from './rules';
import type { PluginLayout } from './types';

const isSkillMd = (entry: WalkEntry) => entry.kind === 'file' && entry.name.toLowerCase() === 'skill.md';

/** In an Agent Plugins plugin the description rules of the specification skip the skill. */
function agentPluginsProblem(problem: Problem): Problem {
  const { code } = problem.diagnostic;
  if (code !== 'description-missing' && code !== 'description-too-long') return problem;
  const message =
    code === 'description-missing'
      ? 'The skill has no description, which the Agent Skills specification requires of every skill of an Agent Plugins plugin.'
      : `${problem.diagnostic.message.replace(/: the service cuts.*$/, '')}; the Agent Skills specification allows at most 1,024 in an Agent Plugins plugin.`;
  return { diagnostic: { ...problem.diagnostic, severity: 'error', message }, effect: 'skill' };
}

/** Loads one skill file; a file the file system refuses is reported and skipped, as the service skips it. */
async function load(
  walker: SafeWalker,
  file: string,
  options: SkillFileOptions,
  diagnostics: Diagnostic[],
): Promise<LoadedFile | undefined> {
  try {
    return await loadSkillFile(walker, file, options);
  } catch (error) {
    diagnostics.push(unreadableFile(file, error, 'drops this skill'));
    return undefined;
  }
}

/** Keeps a loaded skill unless a problem makes the service drop it. */
function keep(loaded: LoadedFile | undefined, layout: PluginLayout, skills: Skill[], diagnostics: Diagnostic[]): void {
  if (!loaded) return;
  const { skill, problems } = loaded;
  const checked = layout === 'agent-plugins' ? problems.map(agentPluginsProblem) : problems;
  diagnostics.push(...problemDiagnostics(checked));
  if (!firstFailure(checked)) skills.push(skill);
}

/** The skills of the plugin folder `directory` in the service's order (duplicates are merged by the caller). */
export async function loadPluginSkills(
  walker: SafeWalker,
  directory: string,
  layout: PluginLayout,
  limits: ReadLimits,
  diagnostics: Diagnostic[],
): Promise<Skill[]> {
  const skills: Skill[] = [];
  const skillsDir = join(directory, 'skills');
  const entry = await walker.entry(directory, 'skills');
  const rootSkill = (await walker.list(directory)).find(isSkillMd);
  if (entry && entry.kind !== 'directory') {
    const loss = layout === 'agent-plugins' ? 'loads no skills from it' : 'loads no skills from it and looks for a root SKILL.md instead';
    const message = `skills is ${entry.kind === 'file' ? 'a file' : 'not a folder'}: the service ${loss}.`;
    diagnostics.push(diagnostic(PLUGIN_COMPONENT_IGNORED, { file: skillsDir, message }));
  }
  const hasSkillsDir = entry?.kind === 'directory';
  if (hasSkillsDir) {
    for (const child of await walker.list(skillsDir)) {
      if (child.kind === 'directory') await loadFolderSkill(walker, child, layout, limits, skills, diagnostics);
      else if (markdownKind(child.name) === 'markdown') {
        if (layout === 'agent-plugins') {
          const message = `${child.name} is a single-file skill: an Agent Plugins plugin loads only skills/<name>/SKILL.md (legacy plugins and servers before 1.49 load this file).`;
          diagnostics.push(
            diagnostic(PLUGIN_SKILL_IGNORED, { file: child.path, message, hint: `Move it to skills/${stemOf(child.name)}/SKILL.md.` }),
          );
          continue;
        }
        const format = child.name.toLowerCase() === 'skill.md' ? 'agentskills' : 'legacy';
        const options = { format, scope: 'plugin', strict: false, limits, fallbackName: stemOf(child.name) } as const;
        keep(await load(walker, child.path, options, diagnostics), layout, skills, diagnostics);
      }
    }
  }
  if (!rootSkill) return skills;
  if (layout === 'agent-plugins' || hasSkillsDir) {
    const why =
      layout === 'agent-plugins'
        ? 'an Agent Plugins plugin loads only skills/<name>/SKILL.md (servers before 1.49 load a root SKILL.md when there is no skills/ folder)'
        : 'the plugin has a skills/ folder, and the service reads a root SKILL.md only without one';
    const message = `The service does not load this root ${rootSkill.name}: ${why}.`;
    diagnostics.push(diagnostic(PLUGIN_SKILL_IGNORED, { file: rootSkill.path, message }));
    return skills;
  }
  // A single-skill plugin: the plugin folder is the skill folder, and its .mcp.json belongs to the plugin.
  const loaded = await load(walker, rootSkill.path, { format: 'agentskills', scope: 'plugin', strict: false, limits }, diagnostics);
  if (!loaded) return skills;
  const mcpFile = join(directory, '.mcp.json');
  const { mcpServers: _, ...skill } = loaded.skill;
  const problems = loaded.problems.filter((problem) => problem.diagnostic.file !== mcpFile);
  keep({ skill, problems }, layout, skills, diagnostics);
  return skills;
}

async function loadFolderSkill(
  walker: SafeWalker,
  folder: WalkEntry,
  layout: PluginLayout,
  limits: ReadLimits,
  skills: Skill[],
  diagnostics: Diagnostic[],
): Promise<void> {
  const entries = await walker.list(folder.path);
  if (layout === 'legacy') {
    const file = entries.find(isSkillMd);
    if (file) {
      const options = { format: 'agentskills', scope: 'plugin', strict: false, limits } as const;
      keep(await load(walker, file.path, options, diagnostics), layout, skills, diagnostics);
      return;
    }
  } else {
    const exact = entries.find((entry) => entry.name === 'SKILL.md');
    if (exact?.kind === 'file') {
      const options = { format: 'agentskills', scope: 'plugin', strict: true, limits } as const;
      keep(await load(walker, exact.path, options, diagnostics), layout, skills, diagnostics);
      return;
    }
    const variant = exact ?? entries.find(isSkillMd);
    if (variant) {
      const message =
        variant === exact
          ? `SKILL.md is ${variant.kind === 'directory' ? 'a folder' : 'not a regular file'}: the service skips this skill.`
          : `The skill file is named ${variant.name}: an Agent Plugins plugin loads only the exact name SKILL.md and skips this skill (legacy plugins load any case).`;
      diagnostics.push(diagnostic(PLUGIN_SKILL_IGNORED, { file: variant.path, message, hint: 'Name the file SKILL.md.' }));
      return;
    }
  }
  const message = `skills/${folder.name} holds no SKILL.md: the service loads nothing from it (it looks no deeper than skills/<name>/SKILL.md).`;
  diagnostics.push(diagnostic(PLUGIN_SKILL_IGNORED, { file: folder.path, message, severity: 'info' }));
}
