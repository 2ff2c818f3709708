/**
 * The slash commands of a plugin (`commands/*.md`, or `dev.openhands/commands/*.md` in an Agent
 * Plugins plugin), read as the service reads them, and the keyword skills it makes of them:
 * `<plugin>:<command>`, fired by `/<plugin>:<command>`.
 * @module
 */
import { basename } from 'node:path';
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import { setOwn } from '../../internal/json-checks';
import { type ReadLimits, readSkillFile, type SkillFileRead } from '../../internal/node/read-skill-file';
import type { SafeWalker } from '../../internal/node/walk';
import { firstFailure, problemDiagnostics } from '../../internal/problem';
import { describePythonType, pythonTruthy } from '../../internal/python/types';
import type { Skill } from '../../skills/index';
import { clipDescription, descriptionTooLong } from '../../skills/internal';
import { listMarkdownFiles, stemOf } from './markdown-files';
import { unreadableFile } from './plugin-file';
import { PLUGIN_COMMAND_FIELD } from './rules';
import type { PluginCommand } from './types';

const KNOWN_KEYS = /* @__PURE__ */ new Set(['description', 'argument-hint', 'argumentHint', 'allowed-tools', 'allowedTools']);

/** The commands of `folder` and the skills the service makes of them, for the plugin `pluginName`. */
export async function loadPluginCommands(
  walker: SafeWalker,
  folder: string,
  pluginName: string,
  limits: ReadLimits,
  diagnostics: Diagnostic[],
): Promise<{ commands: PluginCommand[]; skills: Skill[] }> {
  const commands: PluginCommand[] = [];
  const skills: Skill[] = [];
  for (const file of await listMarkdownFiles(walker, folder, 'command', diagnostics)) {
    const read = await readSkillFile(walker.fs, file, limits).catch((error: unknown) => {
      diagnostics.push(unreadableFile(file, error, 'skips this command'));
      return undefined;
    });
    if (!read) continue;
    diagnostics.push(...problemDiagnostics(read.problems, undefined, 'this command'));
    if (firstFailure(read.problems)) continue;
    const command = readCommand(read, stemOf(basename(file)), pluginName, diagnostics);
    if (clipDescription(command.description, file) !== command.description)
      diagnostics.push(descriptionTooLong(command.description, file, read.yaml?.locate(['description'])));
    commands.push(command);
    skills.push(commandSkill(command, pluginName));
  }
  return { commands, skills };
}

/**
 * The skill the service makes of a command (`CommandDefinition.to_skill`): its `Skill` model cuts
 * a description past 1,024 characters; the text (`loadSkillContent`) keeps it whole.
 */
export function commandSkill(command: PluginCommand, pluginName: string): Skill {
  const skill: Skill = {
    name: `${pluginName}:${command.name}`,
    format: 'legacy',
    role: 'skill',
    trigger: { type: 'keyword', keywords: [command.trigger] },
    file: command.file,
    scope: 'plugin',
    description: clipDescription(command.description || `Command ${command.name} from ${pluginName}`, command.file),
    disableModelInvocation: false,
    inputs: [],
    command: { name: command.name, description: command.description, argumentHint: command.argumentHint },
  };
  if (command.allowedTools.length > 0) skill.allowedTools = [...command.allowedTools];
  return skill;
}

function readCommand(read: SkillFileRead, name: string, pluginName: string, diagnostics: Diagnostic[]): PluginCommand {
  const { data, yaml, file } = read;
  const at = (key: string): Position | undefined => yaml?.locate([key]);
  const str = (path: (string | number)[]): string => yaml?.pythonStr(path) ?? '';
  const warn = (key: string, message: string, severity?: 'info') =>
    diagnostics.push(diagnostic(PLUGIN_COMMAND_FIELD, { file, at: at(key), message, ...(severity ? { severity } : {}) }));

  let description = '';
  if (Object.hasOwn(data, 'description')) {
    description = str(['description']);
    const value = data.description;
    if (value === null) warn('description', '`description` is empty: the service turns it into the text "None".');
    else if (typeof value !== 'string')
      warn(
        'description',
        `\`description\` is ${describePythonType(value, description)}: the service keeps its Python text, "${description}".`,
      );
  }

  const hintKey = pythonTruthy(data['argument-hint']) ? 'argument-hint' : 'argumentHint';
  const hint = Object.hasOwn(data, hintKey) ? data[hintKey] : undefined;
  let argumentHint: string | null = null;
  if (Array.isArray(hint)) argumentHint = hint.map((_, index) => str([hintKey, index])).join(' ');
  else if (hint !== undefined && hint !== null) {
    argumentHint = str([hintKey]);
    if (typeof hint === 'object' || typeof hint === 'boolean')
      warn(hintKey, `\`${hintKey}\` is ${describePythonType(hint, argumentHint)}: the service shows its Python text, "${argumentHint}".`);
  }

  const toolsKey = pythonTruthy(data['allowed-tools']) ? 'allowed-tools' : 'allowedTools';
  const tools = pythonTruthy(data[toolsKey]) ? data[toolsKey] : undefined;
  let allowedTools: string[] = [];
  if (typeof tools === 'string') {
    allowedTools = [tools];
    if (/[\s,]/.test(tools.trim()))
      warn(toolsKey, `\`${toolsKey}\` is text, which the service keeps as one entry ("${tools}"), not split into tools.`, 'info');
  } else if (Array.isArray(tools)) allowedTools = tools.map((_, index) => str([toolsKey, index]));
  else if (tools !== undefined)
    warn(
      toolsKey,
      `\`${toolsKey}\` is ${describePythonType(tools, str([toolsKey]))}: the service ignores it (the command allows every tool).`,
    );

  const metadata: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!KNOWN_KEYS.has(key)) setOwn(metadata, key, data[key]);
  return { name, file, description, argumentHint, allowedTools, metadata, trigger: `/${pluginName}:${name}` };
}
