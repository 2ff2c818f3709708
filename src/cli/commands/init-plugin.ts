/**
 * `agentwire init plugin <name> [dir]`: a new plugin folder that validates clean under every profile.
 * @module
 */
import { resolve } from 'node:path';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { checkScaffoldName, pluginTemplate, writeScaffold } from '../scaffold';

const USAGE = `Usage: agentwire init plugin <name> [dir]

Writes the plugin folder dir/<name> (dir defaults to the current folder): plugin.json (Agent
Plugins, which the service reads from 1.49), .claude-plugin/plugin.json (Claude Code, and servers
before 1.49) and one skill, skills/<name>/SKILL.md. The folder must not exist: nothing is ever
overwritten. The result validates without errors or warnings under every profile.

Options:
  -h, --help   show this help

Exit codes: 0 written, 2 bad usage, a name no profile accepts, or a folder that already exists.
`;

/** The `init plugin` command. */
export const initPlugin: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, {}, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length > 2) throw new UsageError(`expected a name and at most one folder\n\n${USAGE}`);
    const name = checkScaffoldName(positionals[0], 'plugin');
    const root = resolve(io.cwd, positionals[1] ?? '.', name);
    const written = await writeScaffold(root, pluginTemplate(name), io.cwd);
    io.out(
      `wrote ${written.join(', ')}\nnext: fill in the descriptions and the author, keep the two manifests alike, then run agentwire validate\n`,
    );
    return 0;
  },
};
