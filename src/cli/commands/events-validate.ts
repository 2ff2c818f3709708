/**
 * `agentwire events validate <file|->`: checks a webhook body or a JSON Lines log against the
 * service's event schemas.
 * @module
 */
import { safeDecodeEvent, type ValidationErrorItem } from '../../events/index';
import { escapeControls } from '../../internal/control-characters';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, readInput, UsageError } from '../io';
import { readEventEntries } from '../read-events';
import { printable } from '../report-text';

/** The verdict on one event, as `--format json` prints it. */
export interface EventVerdict {
  index: number;
  line?: number;
  kind: string | null;
  valid: boolean;
  errors: ValidationErrorItem[];
}

/** The whole report, as `--format json` prints it. */
export interface ValidationReport {
  total: number;
  valid: number;
  invalid: number;
  events: EventVerdict[];
}

/** Validates every entry independently, so one bad event does not hide the others. */
export function validateText(text: string, lenient: boolean): ValidationReport {
  const events = readEventEntries(text).map((entry): EventVerdict => {
    const value = entry.value as { kind?: unknown } | undefined;
    const kind = value && typeof value === 'object' && typeof value.kind === 'string' ? value.kind : null;
    const base = entry.line === undefined ? { index: entry.index } : { index: entry.index, line: entry.line };
    if (entry.parseError) return { ...base, kind: null, valid: false, errors: [entry.parseError] };
    const result = safeDecodeEvent(entry.value, { unknownKinds: lenient ? 'keep' : 'reject' });
    return { ...base, kind, valid: result.success, errors: result.success ? [] : result.detail };
  });
  const valid = events.filter((event) => event.valid).length;
  return { total: events.length, valid, invalid: events.length - valid, events };
}

const where = (loc: (string | number)[]) => (loc.length === 0 ? '(event)' : printable(loc.join('.')));

/** The human-readable report; text from the input (kinds, keys, values in messages) with its control characters as escapes. */
export function formatReport(report: ValidationReport): string {
  const lines: string[] = [];
  for (const event of report.events) {
    if (event.valid) continue;
    const at = event.line === undefined ? '' : `line ${event.line}, `;
    const count = `${event.errors.length} error${event.errors.length === 1 ? '' : 's'}`;
    lines.push(`event ${event.index} (${at}${printable(event.kind ?? 'unknown kind')}): ${count}`);
    for (const error of event.errors) lines.push(`  ${where(error.loc)}: ${printable(error.msg)} [${printable(error.type)}]`);
  }
  const plural = report.total === 1 ? 'event' : 'events';
  lines.push(`${report.total} ${plural}, ${report.valid} valid, ${report.invalid} invalid`);
  return `${lines.join('\n')}\n`;
}

const USAGE = `Usage: agentwire events validate <file|-> [--format text|json] [--lenient]

Checks events against the service's schemas. The input is a JSON array (a webhook body), one
JSON object, or JSON Lines (one event per line); "-" reads standard input.

Options:
  --format text|json  text (default): one block per invalid event and a summary;
                      json: { total, valid, invalid, events: [{ index, line?, kind, valid, errors }] }
  --lenient           accept actions, observations and tool definitions of unknown kinds
                      (client tools), as decodeEvent(x, { unknownKinds: 'keep' }) does
  -h, --help          show this help

Exit codes: 0 every event is valid, 1 some are not, 2 the input cannot be read.
`;

/** The `events validate` command. */
export const eventsValidate: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, { format: { type: 'string' }, lenient: { type: 'boolean' } }, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${format}`);
    if (positionals.length !== 1) throw new UsageError(`expected one file (or - for standard input)\n\n${USAGE}`);
    const text = await readInput(positionals[0] as string, io);
    const report = validateText(text, values.lenient ?? false);
    io.out(format === 'json' ? `${escapeControls(JSON.stringify(report, null, 2))}\n` : formatReport(report));
    return report.invalid === 0 ? 0 : 1;
  },
};
