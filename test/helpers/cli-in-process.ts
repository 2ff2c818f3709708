/**
 * Runs the `agentwire` command line inside the test process, through the same `runCli` the
 * executable calls, with its output captured: for tests of what a command prints and returns,
 * hundreds of times per file without paying a Node start each time. What only a process shows (exit
 * codes reaching the shell, signals, closed pipes, colour from a terminal, the built `dist/`) is
 * tested through {@link node} in `built.ts`.
 */
import { colorEnabled } from '../../src/cli/color';
import type { CommandIO } from '../../src/cli/io';
import { runCli } from '../../src/cli/run';
import { commandEnv, ROOT } from './built';

/** What a run printed and returned, named as `spawnSync` names them. */
export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `agentwire <args>` in the repository root unless told otherwise, with `input` as standard
 * input, the test process's environment under `options.env`, and colour off unless the environment
 * asks for it (`FORCE_COLOR` without `NO_COLOR`), as {@link node} runs the executable.
 */
export async function runAgentwire(
  args: string[],
  input?: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const env = commandEnv(options.env);
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    readStdin: async () => input ?? '',
    cwd: options.cwd ?? ROOT,
    env,
    colorOutput: colorEnabled(env, false),
  };
  let status: number;
  try {
    status = await runCli(args, io, '0.0.0-test');
  } catch (error) {
    // As the executable does with what a command throws.
    stderr += `agentwire: ${String(error)}\n`;
    status = 70;
  }
  return { status, stdout, stderr };
}
