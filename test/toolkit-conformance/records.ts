/**
 * agentwire's results in the shape of the reference's records: skills (with the body its content
 * loader gives), commands, agents and a plugin's manifest fields, paths relative to the root.
 */
import { relative, sep } from 'node:path';
import type { PluginAgent, PluginCommand, PluginDirectory } from 'agentwire/plugins/node';
import { loadSkillContent, type Skill } from 'agentwire/skills';

/** A path agentwire reports, relative to the tree's root in POSIX form (`.` for the root itself). */
export function relativeToRoot(root: string, file: string): string {
  const rel = relative(root, file);
  return rel === '' ? '.' : rel.split(sep).join('/');
}

/** A skill as the reference records it, or `contentError` when the content loader throws. */
export interface OurSkill {
  record: Record<string, unknown> & { name: string; file: string };
  contentError?: string;
}

/** One skill in the reference's shape, its body read with `loadSkillContent`. */
export async function skillRecord(root: string, skill: Skill): Promise<OurSkill> {
  let content: string | undefined;
  let contentError: string | undefined;
  try {
    content = (await loadSkillContent(skill)).content;
  } catch (error) {
    contentError = `${(error as Error).name}: ${(error as Error).message}`;
  }
  const record = {
    name: skill.name,
    file: relativeToRoot(root, skill.file),
    agentskills: skill.format === 'agentskills',
    role: skill.role,
    trigger: skill.trigger,
    description: skill.description,
    license: skill.license,
    compatibility: skill.compatibility,
    metadata: skill.metadata,
    allowedTools: skill.allowedTools,
    disableModelInvocation: skill.disableModelInvocation,
    inputs: skill.inputs,
    resources: skill.resources,
    mcp: skill.mcpServers,
    content,
  };
  return contentError === undefined ? { record } : { record, contentError };
}

/** Every skill of a list in the reference's shape. */
export function skillRecords(root: string, skills: readonly Skill[]): Promise<OurSkill[]> {
  return Promise.all(skills.map((skill) => skillRecord(root, skill)));
}

/** A command in the reference's shape. */
export function commandRecord(root: string, command: PluginCommand): Record<string, unknown> & { file: string } {
  return {
    name: command.name,
    file: relativeToRoot(root, command.file),
    description: command.description,
    argumentHint: command.argumentHint,
    allowedTools: command.allowedTools,
  };
}

/** An agent in the reference's shape (`mcp` is its tool servers). */
export function agentRecord(root: string, agent: PluginAgent): Record<string, unknown> & { file: string } {
  return {
    name: agent.name,
    file: relativeToRoot(root, agent.file),
    description: agent.description,
    model: agent.model,
    color: agent.color,
    tools: agent.tools,
    skills: agent.skills,
    permissionMode: agent.permissionMode,
    maxIterationPerRun: agent.maxIterationPerRun,
    maxBudgetPerRun: agent.maxBudgetPerRun,
    profileStoreDir: agent.profileStoreDir,
    condenser: agent.condenser,
    whenToUseExamples: agent.whenToUseExamples,
    mcp: agent.mcpServers,
    hooks: agent.hooks,
  };
}

/** The manifest fields the reference records for a loaded plugin. */
export function manifestRecord(plugin: PluginDirectory & { ok: true }): Record<string, unknown> {
  const manifest = plugin.manifest as unknown as Record<string, unknown>;
  return {
    name: plugin.name,
    version: manifest.version,
    description: manifest.description,
    author: manifest.author ?? null,
    entryCommand: plugin.entryCommand,
    launchMessage: plugin.launchMessage,
  };
}
