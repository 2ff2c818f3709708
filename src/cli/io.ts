/**
 * The process surface a command uses, so commands run the same in a terminal and in tests.
 * @module
 */

import { readFile } from 'node:fs/promises';
import { AgentwireError } from '../internal/agentwire-error';
import { colorEnabled } from './color';

/** Where a command reads and writes. */
export interface CommandIO {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** Reads all of standard input as UTF-8. */
  readStdin(): Promise<string>;
  /** The working directory relative paths resolve against. */
  cwd: string;
  /** Environment variables. */
  env: Record<string, string | undefined>;
  /** Whether standard output may be coloured (a terminal, without `NO_COLOR`); no colour when absent. */
  colorOutput?: boolean;
  /**
   * Shows a progress line that the next one replaces (an empty line clears it); present only when
   * standard error is a terminal, so logs and pipes never receive progress.
   */
  progress?: (line: string) => void;
  /**
   * Aborted when the reader of standard output has gone (`agentwire events list … | head`): later
   * writes are dropped, and commands that stream stop early, quietly, with their own exit code.
   */
  outputClosed?: AbortSignal;
}

/** A progress line on a terminal stream: written over itself with a carriage return. */
export function terminalProgress(stream: { write(text: string): unknown; columns?: number }): (line: string) => void {
  let shown = 0;
  return (line) => {
    const width = Math.max(10, (stream.columns ?? 80) - 1);
    const text = line.length > width ? `${line.slice(0, width - 1)}\u2026` : line;
    stream.write(`\r${text}${' '.repeat(Math.max(0, shown - text.length))}${line === '' ? '\r' : ''}`);
    shown = text.length;
  };
}

/**
 * A write function for a stream whose reader may go away: a closed pipe (`EPIPE`) calls `onClosed`
 * once and turns later writes into nothing, instead of an unhandled `'error'` event; any other
 * write error is reported once on standard error.
 */
export function closablePipe(stream: NodeJS.WritableStream, onClosed: () => void): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (closed) return;
    closed = true;
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') onClosed();
    else if (stream !== process.stderr) process.stderr.write(`agentwire: cannot write the output: ${error.message}\n`);
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

/** The real process. */
export function processIO(): CommandIO {
  const outputClosed = new AbortController();
  return {
    out: closablePipe(process.stdout, () => outputClosed.abort()),
    err: closablePipe(process.stderr, () => undefined),
    outputClosed: outputClosed.signal,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    env: process.env,
    colorOutput: colorEnabled(process.env, process.stdout.isTTY === true),
    ...(process.stderr.isTTY ? { progress: terminalProgress(process.stderr) } : {}),
  };
}

/** A user error: printed as one line, without a stack trace, with its exit code. */
export class UsageError extends AgentwireError {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The exit code: 2 for bad usage or unreadable input. */
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Reads a file (or standard input for `-`) as UTF-8, turning file errors into {@link UsageError}s. */
export async function readInput(path: string, io: CommandIO): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    const { resolve } = await import('node:path');
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`cannot read ${path}: no such file`);
    if (code === 'EISDIR') throw new UsageError(`cannot read ${path}: it is a directory`);
    if (code === 'EACCES') throw new UsageError(`cannot read ${path}: permission denied`);
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}
