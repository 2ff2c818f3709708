/**
 * `loadSkillContent`: a skill's body, read when the skill is used (loading reads front matter
 * only). The text is what the service puts in the conversation, before it runs the body's inline
 * !`command` blocks; agentwire never runs them, and warns about each.
 * @module
 */
import { AgentwireError } from '../internal/agentwire-error';
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { splitFrontmatter } from '../internal/frontmatter';
import { nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';
import { isPythonSpace } from '../internal/python/text';
import { decodeUtf8 } from '../internal/utf8';
import { FILE_TOO_LARGE, INLINE_COMMAND, INVALID_UTF8 } from './rules';
import type { Skill, SkillCommandSource } from './types';

/** Options of {@link loadSkillContent}. */
export interface LoadSkillContentOptions {
  /** Refuse files larger than this (default 5 MiB). */
  maxFileSize?: number;
  fs?: SkillFileSystem;
}

/** A skill's body and what was found in it. */
export interface SkillContent {
  /** The text the service gives the agent (for a task skill, with its request for missing inputs). */
  content: string;
  diagnostics: Diagnostic[];
}

/** The body of a skill cannot be read: too large, not UTF-8, or gone. */
export class SkillContentError extends AgentwireError {
  override readonly name = 'SkillContentError';
  constructor(
    message: string,
    /** `file-too-large`, `invalid-utf8` or `unreadable`. */
    readonly code: 'file-too-large' | 'invalid-utf8' | 'unreadable',
    readonly file: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// The service's scan: fenced blocks (an unclosed one runs to the end), escaped \!`…`, inline code, then !`command`.
const SEGMENTS = /(?<fenced>```[\s\S]*?(?:```|$))|(?<escaped>\\!`[^`]+`)|(?<inline>(?<!!)`[^`]+`)|!`(?<command>[^`]+)`/g;

const TASK_PROMPT =
  "\n\nIf the user didn't provide any of these variables, ask the user to provide them first before the agent can proceed with the task.";

/** The inline commands the service would run from a body, with their offsets. */
export function findInlineCommands(body: string): { command: string; offset: number }[] {
  const found: { command: string; offset: number }[] = [];
  for (const match of body.matchAll(SEGMENTS)) {
    const command = match.groups?.command;
    if (command !== undefined) found.push({ command, offset: match.index ?? 0 });
  }
  return found;
}

function positionIn(text: string, offset: number, firstLine: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const newline = before.lastIndexOf('\n');
  return { line: firstLine + (before.match(/\n/g)?.length ?? 0), column: offset - newline };
}

/** An `inline-command` warning for each command the service would run from `body` (which starts on line `firstLine`). */
export function inlineCommandDiagnostics(body: string, firstLine: number, file: string): Diagnostic[] {
  return findInlineCommands(body).map(({ command, offset }) => {
    const message = `The service runs \`${command}\` in the sandbox each time this skill is used and puts its output in the prompt.`;
    return diagnostic(INLINE_COMMAND, { file, at: positionIn(body, offset, firstLine), message });
  });
}

/** Python's `str.strip()`. */
function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start])) start++;
  while (end > start && isPythonSpace(text[end - 1])) end--;
  return text.slice(start, end);
}

/**
 * A command skill's text as `CommandDefinition.to_skill` builds it: `## <name>` and the
 * description (when there is one), the arguments hint (when there is one), then the body.
 */
export function commandText(command: SkillCommandSource, body: string): string {
  const parts: string[] = [];
  if (command.description) parts.push(`## ${command.name}\n\n${command.description}\n`);
  if (command.argumentHint) parts.push(`**Arguments**: \`$ARGUMENTS\` - ${command.argumentHint}\n`);
  if (body) parts.push(`\n${body}`);
  return pythonStrip(parts.join('\n'));
}

/** Reads a skill's body. Throws {@link SkillContentError} when it cannot be read. */
export async function loadSkillContent(skill: Skill, options: LoadSkillContentOptions = {}): Promise<SkillContent> {
  const fs = options.fs ?? nodeFileSystem;
  const limit = options.maxFileSize ?? 5 * 1024 * 1024;
  let bytes: Uint8Array;
  try {
    bytes = await fs.read(skill.file, 0, limit + 1);
  } catch (error) {
    throw new SkillContentError(`Cannot read ${skill.file}: ${(error as Error).message}`, 'unreadable', skill.file, { cause: error });
  }
  if (bytes.length > limit) {
    throw new SkillContentError(`${skill.file} is larger than ${limit} bytes (${FILE_TOO_LARGE.code}).`, 'file-too-large', skill.file);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const where = `line ${decoded.at.line}, column ${decoded.at.column}`;
    throw new SkillContentError(`${skill.file} is not valid UTF-8 at ${where} (${INVALID_UTF8.code}).`, 'invalid-utf8', skill.file);
  }
  const split = splitFrontmatter(decoded.text);
  if (skill.command)
    return {
      content: commandText(skill.command, split.body),
      diagnostics: inlineCommandDiagnostics(split.body, split.bodyLine, skill.file),
    };
  let content = skill.format === 'instructions' ? split.text : split.body;
  const diagnostics = skill.format === 'instructions' ? [] : inlineCommandDiagnostics(content, split.bodyLine, skill.file);
  const asksForInputs = skill.inputs.length > 0 || /\$\{[a-zA-Z_][a-zA-Z0-9_]*\}/.test(content);
  if (skill.trigger?.type === 'task' && asksForInputs && content !== '' && !content.includes(TASK_PROMPT)) content += TASK_PROMPT;
  return { content, diagnostics };
}
