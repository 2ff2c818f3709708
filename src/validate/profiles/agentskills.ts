/**
 * The `agentskills` profile: every SKILL.md judged by the Agent Skills specification as its
 * reference validator (`skills-ref validate`) applies it, plus the specification's
 * recommendations (length, tokens, reference depth) as warnings.
 * @module
 */
import { basename, dirname } from 'node:path';
import type { Artifacts, SkillArtifact } from '../artifacts';
import type { Profile, ProfileDiagnostic } from '../types';
import { checkReferenceDepth, checkSkillSize } from './agentskills-body';
import { checkSkillFields } from './agentskills-fields';
import { readSkillFrontmatter } from './agentskills-frontmatter';
import { AGENTSKILLS_FILE_NAME, AGENTSKILLS_UNREADABLE } from './agentskills-rules';
import { createCollector, type Reporter, retag } from './profile-output';
import { type ProfileOptions, type ResolvedOptions, readText, resolveOptions } from './read-text';

/** A SKILL.md to judge: the file and the folder whose name the skill must carry. */
export interface SkillFileToCheck {
  file: string;
  /** The skill folder (the file's folder when omitted). */
  folder?: string;
}

/** Checks the front matter and body of one SKILL.md's text. Pure: reads nothing. */
export function checkSkillText(
  text: string,
  skill: SkillFileToCheck,
  report: Reporter,
  complete = true,
): { bodyOffset: number } | undefined {
  const { file } = skill;
  const folder = skill.folder ?? dirname(file);
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  const frontmatter = readSkillFrontmatter(normalized, file, report);
  if (!frontmatter) return undefined;
  checkSkillFields(frontmatter.entries, file, folder, report);
  checkSkillSize(normalized, frontmatter.bodyOffset, complete, file, report);
  return { bodyOffset: frontmatter.bodyOffset };
}

/** Reads and checks one SKILL.md, reporting under whatever profile `report` stamps. */
export async function checkSkillFile(skill: SkillFileToCheck, options: ResolvedOptions, report: Reporter): Promise<void> {
  const { file } = skill;
  const name = basename(file);
  if (name !== 'SKILL.md') {
    const found = name === 'skill.md';
    report(AGENTSKILLS_FILE_NAME, {
      file,
      severity: found ? 'warning' : 'error',
      message: found
        ? 'The file is named skill.md; the specification names it SKILL.md (skills-ref accepts both).'
        : `The file is named ${name}; skills-ref looks only for SKILL.md or skill.md and reports the skill folder as missing SKILL.md.`,
    });
  }
  const read = await readText(file, options);
  if (!read.ok) {
    if (read.reason !== 'outside')
      report(AGENTSKILLS_UNREADABLE, { file, at: read.at, message: `${read.message} skills-ref cannot read the file.` });
    return;
  }
  const checked = checkSkillText(read.text, skill, report, read.complete);
  if (checked) await checkReferenceDepth(read.text.replace(/\r\n?/g, '\n'), checked.bodyOffset, file, options, report);
}

/** Whether the profile judges this skill file: the `SKILL.md` kind (single-file and instruction files are not Agent Skills). */
function isAgentSkill(skill: SkillArtifact): boolean {
  return skill.format === 'agentskills';
}

/** The diagnostics of the `agentskills` profile for every SKILL.md found. */
export async function checkAgentSkills(artifacts: Artifacts, options: ProfileOptions = {}): Promise<ProfileDiagnostic[]> {
  return checkSkillFiles(
    artifacts.skills
      .filter(isAgentSkill)
      .map((skill) => ({ file: skill.file, ...(skill.folder !== undefined ? { folder: skill.folder } : {}) })),
    'agentskills',
    options,
  );
}

/** Checks SKILL.md files by the Agent Skills rules under `profile`, once each. */
export async function checkSkillFiles(
  skills: readonly SkillFileToCheck[],
  profile: Profile,
  options: ProfileOptions = {},
): Promise<ProfileDiagnostic[]> {
  const resolved = resolveOptions(options);
  const collector = createCollector(profile);
  const seen = new Set<string>();
  for (const skill of skills) {
    if (seen.has(skill.file)) continue;
    seen.add(skill.file);
    await checkSkillFile(skill, resolved, collector.report);
  }
  return [...collector.diagnostics, ...retag(resolved.containment.diagnostics, profile)];
}
