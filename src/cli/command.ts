/**
 * The shape of a CLI command. Each command is one file under `commands/` and one entry in the
 * registry (`registry.ts`).
 * @module
 */
import type { CommandIO } from './io';

/** One `agentwire` command. */
export interface Command {
  /** The words that select it, such as `events validate`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full help text. */
  usage: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(argv: string[], io: CommandIO): Promise<number>;
}
