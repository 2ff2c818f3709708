/**
 * The generated parts of docs/cli.md: the command list and each command's complete `--help`
 * text, taken from the same registry and usage texts the command line prints, so the reference
 * cannot drift from `agentwire <command> --help`. The prose between them stays hand-written.
 * @module
 */
import { fenced, fillBlocks } from './doc-blocks';
import { COMMANDS } from './registry';
import { help } from './run';

/** The block name of a command's help: `help-events-list` for `events list`. */
export const helpBlockName = (command: string) => `help-${command.replaceAll(' ', '-')}`;

/** The generated blocks of docs/cli.md, by name: `commands`, then `help-<command>` for every command. */
export async function cliDocBlocks(): Promise<Record<string, string>> {
  // The general help without its first line, which names the version.
  const general = help('').split('\n').slice(1).join('\n').replace(/^\n/, '');
  const blocks: Record<string, string> = { commands: fenced(`$ agentwire --help\n${general}`, 'text') };
  for (const command of COMMANDS) {
    const { usage } = await command.load();
    blocks[helpBlockName(command.name)] = fenced(`$ agentwire ${command.name} --help\n${usage}`, 'text');
  }
  return blocks;
}

/** docs/cli.md with its generated blocks filled (throws on an unknown or a missing block). */
export async function fillGeneratedBlocks(markdown: string, blocks?: Record<string, string>): Promise<string> {
  return fillBlocks(markdown, blocks ?? (await cliDocBlocks()), 'docs/cli.md');
}
