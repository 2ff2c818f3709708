/**
 * Skills of an Agent Plugins plugin: discovered only as `skills/<child>/SKILL.md`, kept inside
 * the plugin root, and each judged by the Agent Skills specification (a skill that breaks it is
 * skipped by a conforming client).
 * @module
 */
import { join } from 'node:path';
import type { Finding } from '../../internal/diagnostic';
import type { Rule } from '../../internal/rule';
import { AGENT_PLUGINS_COMPONENT_KIND, AGENT_PLUGINS_OUTSIDE_ROOT, AGENT_PLUGINS_SKILL_NOT_DISCOVERED } from './agent-plugins-rules';
import { checkSkillFile } from './agentskills';
import { escapesRoot, listFolder, pathKind } from './paths';
import type { Reporter } from './profile-output';
import type { ResolvedOptions } from './read-text';

const SKIPPED = ' Under Agent Plugins a conforming client skips this skill.';

/** A reporter that adds what a conforming client does to every error about a skill. */
function skillReporter(report: Reporter): Reporter {
  return (rule: Rule, finding: Finding) => {
    const severity = finding.severity ?? rule.severity;
    report(rule, severity === 'error' ? { ...finding, message: `${finding.message}${SKIPPED}` } : finding);
  };
}

/** Discovers and checks the skills of the plugin at `dir`. */
export async function checkPluginSkills(dir: string, options: ResolvedOptions, report: Reporter): Promise<void> {
  const rootSkill = join(dir, 'SKILL.md');
  if ((await pathKind(rootSkill, options)) === 'file') {
    report(AGENT_PLUGINS_SKILL_NOT_DISCOVERED, {
      file: rootSkill,
      message:
        'A SKILL.md at the plugin root is not discovered: Agent Plugins reads skills only from skills/<name>/SKILL.md (the service loads it as a single-skill plugin).',
      hint: 'Move it to skills/<name>/SKILL.md.',
    });
  }
  const skills = join(dir, 'skills');
  const kind = await pathKind(skills, options);
  if (kind === undefined) return;
  if (kind !== 'directory') {
    report(AGENT_PLUGINS_COMPONENT_KIND, {
      file: skills,
      message: 'skills is not a folder: a conforming client treats the skills of this plugin as invalid.',
    });
    return;
  }
  const outside = await escapesRoot(dir, skills, options);
  if (outside) {
    report(AGENT_PLUGINS_OUTSIDE_ROOT, {
      file: skills,
      message: `skills/ resolves outside the plugin (to ${outside}): a conforming client treats the skills of this plugin as invalid.`,
    });
    return;
  }
  const skillReport = skillReporter(report);
  for (const entry of await listFolder(skills, options)) {
    const path = join(skills, entry.name);
    if (entry.kind === 'file') {
      if (/\.md$/i.test(entry.name) && entry.name.toLowerCase() !== 'readme.md') {
        report(AGENT_PLUGINS_SKILL_NOT_DISCOVERED, {
          file: path,
          message: `skills/${entry.name} is a file, not a skill folder: a conforming client ignores it (the service loads it as a skill).`,
          hint: `Move it to skills/${entry.name.replace(/\.md$/i, '')}/SKILL.md.`,
        });
      }
    } else if (entry.kind === 'directory') {
      await checkSkillFolder(dir, path, entry.name, options, report, skillReport);
    }
  }
}

async function checkSkillFolder(
  dir: string,
  folder: string,
  name: string,
  options: ResolvedOptions,
  report: Reporter,
  skillReport: Reporter,
): Promise<void> {
  const entries = await listFolder(folder, options);
  const exact = entries.find((entry) => entry.name === 'SKILL.md' && entry.kind === 'file');
  if (exact) {
    const file = join(folder, 'SKILL.md');
    const outside = await escapesRoot(dir, file, options);
    if (outside) {
      report(AGENT_PLUGINS_OUTSIDE_ROOT, {
        file,
        message: `SKILL.md resolves outside the plugin (to ${outside}): a conforming client skips this skill.`,
      });
      return;
    }
    await checkSkillFile({ file, folder }, options, skillReport);
    return;
  }
  const other = entries.find((entry) => entry.name.toLowerCase() === 'skill.md' && entry.kind === 'file');
  if (other) {
    report(AGENT_PLUGINS_SKILL_NOT_DISCOVERED, {
      file: join(folder, other.name),
      message: `The skill file is named ${other.name}: a conforming client looks for exactly SKILL.md and does not discover this skill (the service matches the name in any case).`,
      hint: 'Rename the file to SKILL.md.',
    });
    return;
  }
  for (const entry of entries) {
    const nested = join(folder, entry.name, 'SKILL.md');
    if (entry.kind === 'directory' && (await pathKind(nested, options)) === 'file') {
      report(AGENT_PLUGINS_SKILL_NOT_DISCOVERED, {
        file: nested,
        message: `skills/${name}/${entry.name}/SKILL.md is nested too deep: a conforming client looks only one level below skills/.`,
        hint: `Move the folder to skills/${entry.name}/.`,
      });
    }
  }
}
