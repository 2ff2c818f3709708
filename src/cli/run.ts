/**
 * The CLI dispatcher: help, version, command lookup, and the mapping of errors to exit codes.
 * @module
 */
import type { CommandIO } from './io';
import { UsageError } from './io';
import { COMMANDS, findCommand } from './registry';

function help(version: string): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const list = COMMANDS.map((command) => `  agentwire ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
  return `agentwire ${version}: tools for agent conversation services

Usage:
${list}

  agentwire --help | --version
  agentwire <command> --help    help for one command
`;
}

/** Runs the CLI with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CommandIO, version: string): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(help(version));
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    io.out(`${version}\n`);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.err(`agentwire: unknown command "${argv.join(' ')}"\n\n${help(version)}`);
    return 2;
  }
  try {
    return await found.command.run(found.rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`agentwire ${found.command.name}: ${error.message}\n`);
      return error.exitCode;
    }
    io.err(`agentwire ${found.command.name}: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return 70;
  }
}
