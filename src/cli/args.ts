/**
 * Flag parsing shared by the commands: `node:util` `parseArgs`, strict, with `-h/--help`, and
 * errors as {@link UsageError}s that carry the command's usage.
 * @module
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** Parses `argv` against `options` (plus `--help`); a bad flag becomes a {@link UsageError}. */
export function parseCommandArgs<const O extends Options>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, options: { ...options, ...HELP }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}
