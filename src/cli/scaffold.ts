/**
 * What `agentwire init skill` and `agentwire init plugin` write: a skill folder and a plugin
 * folder that validate without errors or warnings under every profile, written only where
 * nothing exists yet.
 * @module
 */
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { UsageError } from './io';

/** Lowercase letters and digits in hyphen-joined words, at most 64 characters: a name every profile accepts. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Checks a skill or plugin name; a usage error says what a name may hold. */
export function checkScaffoldName(name: string | undefined, what: 'skill' | 'plugin'): string {
  if (name === undefined) throw new UsageError(`expected the ${what}'s name, such as pdf-tools`);
  if (!NAME.test(name) || name.length > 64)
    throw new UsageError(
      `${JSON.stringify(name)} cannot name a ${what}: use lowercase letters and digits in words joined by single hyphens, at most 64 characters (pdf-tools)`,
    );
  return name;
}

/** The text of a SKILL.md named `name`. */
export function skillTemplate(name: string): string {
  return `---
name: ${name}
description: Say what ${name} does and when to use it, in one or two sentences a task can be matched against.
---

# ${name}

Write the instructions the agent follows when this skill is used: the steps, the commands, the
files it touches, and what to check before the work is done.
`;
}

/** The files of a plugin named `name`: the Agent Plugins manifest, Claude Code's, and one skill. */
export function pluginTemplate(name: string): Record<string, string> {
  const manifest = {
    name,
    version: '0.1.0',
    description: `Say what the ${name} plugin adds.`,
    author: { name: 'Your name' },
  };
  return {
    'plugin.json': `${JSON.stringify({ $schema: 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json', ...manifest }, null, 2)}\n`,
    '.claude-plugin/plugin.json': `${JSON.stringify(manifest, null, 2)}\n`,
    [`skills/${name}/SKILL.md`]: skillTemplate(name),
  };
}

/**
 * Writes `files` under `root` (a folder that must not exist yet, so nothing is ever overwritten)
 * and returns the paths written, relative to `cwd`.
 */
export async function writeScaffold(root: string, files: Record<string, string>, cwd: string): Promise<string[]> {
  const shown = relative(cwd, root) || '.';
  const existing = await lstat(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new UsageError(`cannot write ${shown}: ${error.code ?? error.message}`);
  });
  if (existing) throw new UsageError(`${shown} already exists: agentwire init writes only new folders`);
  const written: string[] = [];
  try {
    for (const [path, text] of Object.entries(files)) {
      const file = join(root, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text, { flag: 'wx' });
      written.push(relative(cwd, file));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot write ${shown}: ${code === 'EACCES' || code === 'EROFS' ? 'the folder is not writable' : (code ?? String(error))}`,
    );
  }
  return written;
}
