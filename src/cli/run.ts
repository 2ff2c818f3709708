/**
 * The CLI dispatcher: help, version, command lookup, and the mapping of errors to exit codes.
 * @module
 */
import { editDistance, suggest } from '../internal/did-you-mean';
import { formatCommandList } from './command-list';
import type { CommandIO } from './io';
import { UsageError } from './io';
import { COMMANDS, findCommand } from './registry';

/** The general help; docs/cli.md shows it without the version line. */
export function help(version: string): string {
  return `agentwire ${version}: tools for agent conversation services

Usage:
${formatCommandList(COMMANDS)}

  agentwire --help | --version
  agentwire <command> --help    help for one command
`;
}

/** ` (did you mean "events validate"?)` for a mistyped command, or the commands of a group given alone; empty when nothing is close. */
function didYouMean(argv: readonly string[]): string {
  const first = argv[0] ?? '';
  const quote = (names: string[]) => names.map((name) => `"${name}"`).join(' or ');
  if (first.startsWith('-')) {
    const close = suggest(first, ['--help', '--version']);
    return close === undefined ? '' : ` (did you mean ${quote([close])}?)`;
  }
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { name } of COMMANDS) {
    const typed = argv.slice(0, name.split(' ').length).join(' ');
    if (suggest(typed, [name]) === undefined) continue;
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  if (best !== undefined) return ` (did you mean ${quote([best])}?)`;
  const group = COMMANDS.filter(({ name }) => name.includes(' ') && name.split(' ')[0] === first).map(({ name }) => name);
  return group.length === 0 ? '' : ` (did you mean ${quote(group)}?)`;
}

const isHelp = (word: string | undefined) => word === '--help' || word === '-h';

/** The commands of a group (`events` → `events list`, `events validate`), with their summaries. */
function groupHelp(group: string): string | undefined {
  const members = COMMANDS.filter(({ name }) => name.split(' ')[0] === group && name.includes(' '));
  if (members.length === 0) return undefined;
  return `Usage:\n${formatCommandList(members)}\n\n  agentwire ${group} <command> --help    help for one command\n`;
}

/** Runs the CLI with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CommandIO, version: string): Promise<number> {
  if (argv.length === 0) {
    // No command is a usage error: the help goes to standard error.
    io.err(help(version));
    return 2;
  }
  if (isHelp(argv[0])) {
    io.out(help(version));
    return 0;
  }
  if (argv[0] === 'help') {
    if (argv.length === 1) {
      io.out(help(version));
      return 0;
    }
    const target = argv.slice(1);
    const groupOf = groupHelp(target[0] as string);
    const command = findCommand(target);
    if (command) io.out((await command.command.load()).usage);
    else if (groupOf && target.length === 1) io.out(groupOf);
    else {
      io.err(`agentwire: unknown command "${target.join(' ')}"${didYouMean(target)}\n\n${help(version)}`);
      return 2;
    }
    return 0;
  }
  const group = groupHelp(argv[0] as string);
  if (group && (argv.length === 1 || isHelp(argv[1]))) {
    if (argv.length === 1) {
      io.err(`agentwire ${argv[0]}: which command?\n\n${group}`);
      return 2;
    }
    io.out(group);
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    io.out(`${version}\n`);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.err(`agentwire: unknown command "${argv.join(' ')}"${didYouMean(argv)}\n\n${help(version)}`);
    return 2;
  }
  try {
    // Only the command that runs is loaded (with what it uses).
    const command = await found.command.load();
    return await command.run(found.rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`agentwire ${found.command.name}: ${error.message}\n`);
      return error.exitCode;
    }
    io.err(`agentwire ${found.command.name}: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return 70;
  }
}
