/**
 * The shape of a CLI command. Each command is one file under `commands/`, loaded only when it
 * runs or prints its help, and one entry in the registry (`registry.ts`), which holds its name and
 * summary so that dispatch and `--help` load no command.
 * @module
 */
import type { CommandIO } from './io';

/** One `agentwire` command, as its module under `commands/` exports it. */
export interface Command {
  /** The full help text. */
  usage: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(argv: string[], io: CommandIO): Promise<number>;
}

/** A command in the registry: what dispatch and the command list need, and how to load the rest. */
export interface CommandEntry {
  /** The words that select it, such as `events validate`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Imports the command's module (and what only it uses). */
  load(): Promise<Command>;
}
