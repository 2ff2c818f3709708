/**
 * `agentwire init skill <name> [dir]`: a new skill folder that validates clean under every profile.
 * @module
 */
import { resolve } from 'node:path';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { checkScaffoldName, skillTemplate, writeScaffold } from '../scaffold';

const USAGE = `Usage: agentwire init skill <name> [dir]

Writes dir/<name>/SKILL.md (dir defaults to .agents/skills, where the service reads a project's
skills), with the name and a description to fill in. The folder must not exist: nothing is ever
overwritten. The result validates without errors or warnings under every profile.

Options:
  -h, --help   show this help

Exit codes: 0 written, 2 bad usage, a name no profile accepts, or a folder that already exists.
`;

/** The `init skill` command. */
export const initSkill: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, {}, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length > 2) throw new UsageError(`expected a name and at most one folder\n\n${USAGE}`);
    const name = checkScaffoldName(positionals[0], 'skill');
    const root = resolve(io.cwd, positionals[1] ?? '.agents/skills', name);
    const written = await writeScaffold(root, { 'SKILL.md': skillTemplate(name) }, io.cwd);
    io.out(`wrote ${written.join(', ')}\nnext: fill in the description and the instructions, then run agentwire validate\n`);
    return 0;
  },
};
