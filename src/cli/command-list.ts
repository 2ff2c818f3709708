/**
 * The command list of `agentwire --help` (and of a group's help), shared with docs/cli.md.
 * @module
 */
import type { CommandEntry } from './command';

/** One line per command, `  agentwire <name>  <summary>`, names padded to one column. */
export function formatCommandList(commands: readonly CommandEntry[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return commands.map((command) => `  agentwire ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
}
