/**
 * `agentwire conversations`: what `agentwire serve` stored, one line per conversation.
 * @module
 */
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { openDataFolder } from '../data-folder';
import type { CommandIO } from '../io';

const USAGE = `Usage: agentwire conversations [--data .agentwire] [--json]

Lists the conversations \`agentwire serve\` stored: the whole id (to copy into agentwire events
list), the number of events, and the timestamps of the first and last event, most recent first.

Options:
  --data DIR   the data folder (default .agentwire); it must exist
  --json       one JSON array of { id, events, first, last }
  -h, --help   show this help

Exit codes: 0 listed (also when there are none), 2 bad usage or a data folder that does not exist.
`;

/** The `conversations` command. */
export const conversations: Command = {
  name: 'conversations',
  summary: 'list the conversations agentwire serve stored',
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values } = parseCommandArgs(argv, { data: { type: 'string' }, json: { type: 'boolean' } }, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const { dir, store } = await openDataFolder(values.data, io);
    const rows = [];
    for await (const summary of store.summaries()) rows.push(summary);
    rows.sort((a, b) => (b.last ?? '').localeCompare(a.last ?? '') || a.id.localeCompare(b.id));
    if (values.json) {
      io.out(
        `${JSON.stringify(
          rows.map(({ id, events, first, last }) => ({ id, events, first: first ?? null, last: last ?? null })),
          null,
          2,
        )}\n`,
      );
    } else if (rows.length > 0) {
      const width = Math.max(6, ...rows.map((row) => String(row.events).length));
      io.out(`${'CONVERSATION'.padEnd(36)}  ${'EVENTS'.padStart(width)}  ${'FIRST'.padEnd(26)}  LAST\n`);
      for (const row of rows)
        io.out(`${row.id}  ${String(row.events).padStart(width)}  ${(row.first ?? '-').padEnd(26)}  ${row.last ?? '-'}\n`);
    }
    if (rows.length === 0) io.err(`no conversations stored in ${dir}\n`);
    return 0;
  },
};
