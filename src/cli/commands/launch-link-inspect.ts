/**
 * `agentwire launch-link inspect URL`: what a launch link carries (plugins, parameters, message,
 * the block the server appends to the first message) or exactly why it does not open, read as
 * today's app reads it and with the tolerant repairs, and where the two differ.
 * @module
 */
import type { LaunchLinkMode } from '../../plugins/index';
import { redactSourceCredentials } from '../../plugins/index';
import { parseCommandArgs } from '../args';
import { createStyles, type Styles } from '../color';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { type InspectedPlugin, inspectLaunchLink, type ModeReport, modeDifferences } from '../launch-link-report';
import { diagnosticLines, plural, printable, readFormat } from '../report-text';

const USAGE = `Usage: agentwire launch-link inspect <URL|-> [--mode service|tolerant] [--format text|json]

Prints what a launch link carries: each plugin (source, ref, repository path, parameters), the
message, and the block the server appends to the first message; or exactly why the link does not
open (the app's error code, the problem and where it is in the link). The URL may be a full link,
a path and query (/launch?plugins=…) or a bare query; "-" reads it from standard input (for links
longer than a command line takes).

Options:
  --mode service    only today's app: its exact decoder, fields passed on unchecked
  --mode tolerant   only the tolerant reading: also repairs a raw "+", base64url, wrong padding and
                    Latin-1 payloads, and checks the field types the server checks
                    (default: both modes, and where they differ)
  --format text|json
                    text (default), or json: { opens, length, service?, tolerant?, differences? }
  -h, --help        show this help

Sources that hold credentials are masked in the text output.

Exit codes: 0 the link opens in the app, 1 it does not, 2 bad usage.
`;

const MAX_PLUGINS_SHOWN = 100;

/** A field value: text as it is, `(none)` for null, anything else as JSON with its type. */
function value(field: unknown): string {
  if (field === null || field === undefined) return '(none)';
  if (typeof field === 'string') return printable(field);
  const type = Array.isArray(field) ? 'a list' : typeof field === 'object' ? 'an object' : `a ${typeof field}`;
  return `${printable(JSON.stringify(field))} (${type}, not text)`;
}

function parameterLines(parameters: unknown): string[] {
  if (parameters === null || parameters === undefined) return ['(none)'];
  if (typeof parameters !== 'object' || Array.isArray(parameters)) return [value(parameters).replace('not text', 'not an object')];
  const entries = Object.entries(parameters);
  if (entries.length === 0) return ['(none: an empty object)'];
  return entries.map(([key, item]) => `${printable(key, 200)}: ${printable(JSON.stringify(item))}`);
}

function pluginLines(plugin: InspectedPlugin, index: number, styles: Styles): string[] {
  const number = `${index + 1}.`.padEnd(3);
  const [first, ...more] = parameterLines(plugin.parameters);
  const lines = [
    `  ${number}source      ${styles.bold(printable(redactSourceCredentials(plugin.source)))}`,
    `     ref         ${value(plugin.ref)}`,
    `     repo path   ${value(plugin.repo_path)}`,
    `     parameters  ${first}`,
    ...more.map((line) => `                 ${line}`),
  ];
  for (const check of plugin.checks) lines.push(...diagnosticLines(check, styles, '     '));
  return lines;
}

function blockLines(report: ModeReport): string[] {
  if (report.block === null) return ['  parameters block: none: the server refuses the plugins above (creation-failed)'];
  if (report.block === '') return ['  parameters block: none (no plugin has parameters)'];
  const heading =
    report.message === null ? 'sent as the first message (the link has none):' : 'appended to the first message (after a blank line):';
  const text = report.message === null ? report.block.trim() : report.block.replace(/^\n\n/, '');
  return [`  ${heading}`, ...text.split('\n').map((line) => `    | ${printable(line)}`)];
}

const TITLES: Record<LaunchLinkMode, string> = { service: 'service mode (today\u2019s app)', tolerant: 'tolerant mode (with repairs)' };

function modeLines(report: ModeReport, styles: Styles, sameAs?: ModeReport): string[] {
  const title = styles.bold(TITLES[report.mode]);
  if (!report.ok) {
    const lines = [`${title}: ${styles.red(`does not open: ${report.error?.code}`)}`];
    if (sameAs) return [...lines, '  for the same reasons as the service mode'];
    return [...lines, ...report.diagnostics.flatMap((found) => diagnosticLines(found, styles, '  ', `col ${found.column}`))];
  }
  const lines = [`${title}: opens with ${plural(report.plugins.length, 'plugin')}`];
  if (sameAs) lines.push('  the same plugins, message and parameters block as the service mode');
  else {
    lines.push(...report.plugins.slice(0, MAX_PLUGINS_SHOWN).flatMap((plugin, index) => pluginLines(plugin, index, styles)));
    if (report.plugins.length > MAX_PLUGINS_SHOWN)
      lines.push(`  … and ${report.plugins.length - MAX_PLUGINS_SHOWN} more (see --format json)`);
    lines.push(`  message: ${report.message === null ? '(none)' : printable(JSON.stringify(report.message))}`);
    lines.push(...blockLines(report));
  }
  if (report.diagnostics.length === 0) return lines;
  return [...lines, '  notes:', ...report.diagnostics.flatMap((found) => diagnosticLines(found, styles, '    ', `col ${found.column}`))];
}

/** A mode's report for the JSON output, where the key names the mode. */
function withoutMode(report: ModeReport): Omit<ModeReport, 'mode'> {
  const { mode: _, ...rest } = report;
  return rest;
}

/** Reads the link argument: the text itself, or standard input for `-` (surrounding white space dropped). */
async function readLink(argument: string, io: CommandIO): Promise<string> {
  const text = argument === '-' ? (await io.readStdin()).trim() : argument;
  if (text === '') throw new UsageError('the link is empty');
  return text;
}

/** The `launch-link inspect` command. */
export const launchLinkInspect: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, { mode: { type: 'string' }, format: { type: 'string' } }, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = readFormat(values.format);
    const mode = values.mode;
    if (mode !== undefined && mode !== 'service' && mode !== 'tolerant')
      throw new UsageError(`--mode must be service or tolerant, not ${printable(mode, 80)}`);
    if (positionals.length !== 1) throw new UsageError(`expected one link (or - for standard input)\n\n${USAGE}`);
    const link = await readLink(positionals[0] as string, io);
    const service = inspectLaunchLink(link, 'service');
    const tolerant = mode === 'service' ? undefined : inspectLaunchLink(link, 'tolerant');
    const differences = mode === undefined && tolerant ? modeDifferences(service, tolerant) : undefined;
    if (format === 'json') {
      const document = {
        opens: service.ok,
        length: link.length,
        ...(mode !== 'tolerant' && { service: withoutMode(service) }),
        ...(tolerant && { tolerant: withoutMode(tolerant) }),
        ...(differences && { differences }),
      };
      io.out(`${JSON.stringify(document, null, 2)}\n`);
      return service.ok ? 0 : 1;
    }
    const styles = createStyles(io.colorOutput === true);
    const blocks: string[][] = [];
    if (mode !== 'tolerant') blocks.push(modeLines(service, styles));
    if (tolerant) {
      const same =
        differences?.length === 0 && (tolerant.ok || JSON.stringify(tolerant.diagnostics) === JSON.stringify(service.diagnostics));
      blocks.push(modeLines(tolerant, styles, same ? service : undefined));
    }
    if (mode === 'tolerant') blocks.push([`The app: ${service.ok ? 'opens the link' : `does not open it (${service.error?.code})`}.`]);
    if (differences) {
      blocks.push(
        differences.length === 0
          ? ['The two modes read the same.']
          : ['Where the modes differ:', ...differences.map((line) => `  - ${printable(line)}`)],
      );
    }
    io.out(`${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`);
    return service.ok ? 0 : 1;
  },
};
