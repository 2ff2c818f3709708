/**
 * Flag parsing shared by the commands: `node:util` `parseArgs`, strict, with `-h/--help`, and
 * errors as {@link UsageError}s that carry the command's usage.
 * @module
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { suggest } from '../internal/did-you-mean';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** The option `parseArgs` refused as unknown, such as `--formt` (from its error), when that is the error. */
function unknownOption(error: unknown): string | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return undefined;
  return /^Unknown option '([^']*)'/.exec((error as Error).message)?.[1];
}

/** An option given without its value, or a value given to an option that takes none, in our words. */
function badValue(error: unknown): string | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return undefined;
  const message = (error as Error).message;
  const missing = /^Option '(?:-\w, )?(--[\w-]+)(?: <value>)?' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  const extra = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(message);
  if (extra) return `${extra[1]} takes no value`;
  return undefined;
}

/** `unknown option --formt (did you mean --format?)`, `--port needs a value`, and the like. */
function describe(error: unknown, options: Options): string {
  const value = badValue(error);
  if (value !== undefined) return value;
  const option = unknownOption(error);
  if (option === undefined) return (error as Error).message.replace(/\. To specify .*$/s, '');
  const names = Object.entries(options).flatMap(([name, config]) => [`--${name}`, ...(config.short ? [`-${config.short}`] : [])]);
  const close = suggest(option, names);
  return close === undefined ? `unknown option ${option}` : `unknown option ${option} (did you mean ${close}?)`;
}

/** Parses `argv` against `options` (plus `--help`); a bad flag becomes a {@link UsageError}. */
export function parseCommandArgs<const O extends Options>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, options: { ...options, ...HELP }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${describe(error, { ...options, ...HELP })}\n\n${usage}`);
  }
}
