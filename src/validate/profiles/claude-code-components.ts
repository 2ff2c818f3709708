/**
 * The Markdown components of a plugin judged by Claude Code: the front matter of skills, agents
 * and commands (parsed, YAML errors and field types reported), and the skill files Claude Code
 * does not load.
 * @module
 */
import { basename, join } from 'node:path';
import type { Finding } from '../../internal/diagnostic';
import { splitFrontmatter } from '../../internal/frontmatter';
import { parseYamlSource, type YamlSource } from '../../internal/yaml-source';
import type { DeclaredComponents } from './claude-code-manifest';
import {
  CLAUDE_CODE_FRONTMATTER_INVALID,
  CLAUDE_CODE_FRONTMATTER_INVALID_YAML,
  CLAUDE_CODE_SKILL_NOT_LOADED,
  CLAUDE_CODE_UNREADABLE,
} from './claude-code-rules';
import { listFolder, pathKind } from './paths';
import type { Reporter } from './profile-output';
import { type ResolvedOptions, readText } from './read-text';

/** What a Markdown component is. */
export type ComponentKind = 'skill' | 'agent' | 'command';

/** The Markdown components of a plugin folder: default locations plus what the manifest declares. */
export async function findClaudeComponents(
  dir: string,
  declared: DeclaredComponents,
  options: ResolvedOptions,
  report: Reporter,
): Promise<{ file: string; kind: ComponentKind }[]> {
  const found: { file: string; kind: ComponentKind }[] = [];
  for (const entry of await listFolder(join(dir, 'skills'), options)) {
    if (entry.kind === 'file' && /\.md$/i.test(entry.name) && entry.name.toLowerCase() !== 'readme.md') {
      report(CLAUDE_CODE_SKILL_NOT_LOADED, {
        file: join(dir, 'skills', entry.name),
        message: `Claude Code does not load skills/${entry.name}: it reads skills only from skills/<name>/SKILL.md (the service loads this file as a skill).`,
        hint: `Move it to skills/${entry.name.replace(/\.md$/i, '')}/SKILL.md.`,
      });
    }
  }
  for (const folder of [join(dir, 'skills'), ...declared.skills]) {
    if ((await pathKind(join(folder, 'SKILL.md'), options)) === 'file') {
      found.push({ file: join(folder, 'SKILL.md'), kind: 'skill' });
      continue;
    }
    for (const entry of await listFolder(folder, options)) {
      const file = join(folder, entry.name, 'SKILL.md');
      if (entry.kind === 'directory' && (await pathKind(file, options)) === 'file') found.push({ file, kind: 'skill' });
    }
  }
  for (const [kind, defaults, paths] of [
    ['command', 'commands', declared.commands],
    ['agent', 'agents', declared.agents],
  ] as const) {
    for (const path of [join(dir, defaults), ...paths]) {
      if ((await pathKind(path, options)) === 'file') found.push({ file: path, kind });
      else for (const file of await markdownFiles(path, options, 2)) found.push({ file, kind });
    }
  }
  return found;
}

async function markdownFiles(dir: string, options: ResolvedOptions, depth: number): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await listFolder(dir, options)) {
    const path = join(dir, entry.name);
    if (entry.kind === 'file' && /\.md$/i.test(entry.name) && entry.name.toLowerCase() !== 'readme.md') files.push(path);
    else if (entry.kind === 'directory' && depth > 0) files.push(...(await markdownFiles(path, options, depth - 1)));
  }
  return files;
}

/**
 * The front matter with loose top-level values quoted: `description: Use it: always` and
 * `argument-hint: [file] [mode]` are not YAML, but Claude Code reads such lines as text (as the
 * Agent Skills client guide recommends), so the check retries with every single-line top-level
 * value that is not YAML on its own quoted, before reporting.
 */
export function quoteLooseValues(yaml: string): string {
  return yaml
    .split('\n')
    .map((line) => {
      const match = /^([A-Za-z0-9_][\w.-]*):[ \t]+(\S.*?)[ \t]*$/.exec(line);
      if (!match || parseYamlSource(line).ok) return line;
      return `${match[1]}: '${(match[2] as string).replaceAll("'", "''")}'`;
    })
    .join('\n');
}

const TEXT_FIELDS = ['name', 'description', 'model', 'color', 'when_to_use', 'version'];
const TOOL_FIELDS = ['tools', 'allowed-tools', 'disallowedTools'];
const BOOLEAN_FIELDS = ['disable-model-invocation', 'user-invocable'];

/** Checks the front matter of one skill, agent or command file. */
export async function checkClaudeFrontmatter(file: string, kind: ComponentKind, options: ResolvedOptions, report: Reporter): Promise<void> {
  const read = await readText(file, options);
  if (!read.ok) {
    if (read.reason !== 'outside')
      report(CLAUDE_CODE_UNREADABLE, { file, at: read.at, message: `${read.message} Claude Code cannot read it.` });
    return;
  }
  const split = splitFrontmatter(read.text);
  const fail = (finding: Omit<Finding, 'file'>) => report(CLAUDE_CODE_FRONTMATTER_INVALID, { file, ...finding });
  if (split.yaml === undefined) {
    if (kind === 'agent') fail({ message: 'The agent has no front matter; Claude Code requires "name" and "description".' });
    return;
  }
  let parsed = parseYamlSource(split.yaml, split.yamlLine);
  if (!parsed.ok) {
    const retried = parseYamlSource(quoteLooseValues(split.yaml), split.yamlLine);
    if (retried.ok) parsed = retried;
  }
  if (!parsed.ok) {
    report(CLAUDE_CODE_FRONTMATTER_INVALID_YAML, {
      file,
      at: parsed.error.at,
      message: `Invalid YAML in the ${kind}'s front matter: ${parsed.error.message}.`,
    });
    return;
  }
  const data = parsed.source.value;
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data) || data instanceof Date) {
    fail({
      at: { line: split.yamlLine + 1, column: 1 },
      message: `The ${kind}'s front matter is not a mapping of fields; Claude Code cannot read it.`,
    });
    return;
  }
  checkFields(parsed.source, data as Record<string, unknown>, file, kind, fail);
}

function checkFields(
  source: YamlSource,
  data: Record<string, unknown>,
  file: string,
  kind: ComponentKind,
  fail: (finding: Omit<Finding, 'file'>) => void,
): void {
  const name = basename(file);
  if (kind === 'agent') {
    for (const key of ['name', 'description']) {
      if (!Object.hasOwn(data, key) || data[key] === null)
        fail({ at: source.locate([]), message: `The agent ${name} has no "${key}"; Claude Code requires it.` });
    }
  }
  for (const key of Object.keys(data)) {
    const value = data[key];
    if (value === null || value === undefined) continue;
    const at = source.locate([key], 'value');
    const isText = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
    if (TEXT_FIELDS.includes(key) && !isText) {
      fail({ at, message: `"${key}" is ${Array.isArray(value) ? 'a list' : 'a mapping'}; Claude Code expects text.` });
    } else if (TOOL_FIELDS.includes(key) && !(isText || (Array.isArray(value) && value.every((item) => typeof item === 'string')))) {
      fail({ at, message: `"${key}" must be text or a list of text for Claude Code.` });
    } else if (BOOLEAN_FIELDS.includes(key) && typeof value !== 'boolean') {
      fail({ at, message: `"${key}" is ${JSON.stringify(source.pythonStr([key]))}; Claude Code expects true or false.` });
    }
  }
}
