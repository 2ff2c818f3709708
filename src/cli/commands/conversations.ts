/**
 * `agentwire conversations`: what `agentwire serve` stored, one line per conversation.
 * @module
 */

import { escapeControls } from '../../internal/control-characters';
import type { ConversationSummary } from '../../stores/index';
import { iterateConversations } from '../../stores/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import type { CommandIO } from '../io';
import { printable } from '../report-text';
import { openReadStore } from '../store-option';

const USAGE = `Usage: agentwire conversations [--data .agentwire | --store postgres://…] [--json]

Lists the conversations \`agentwire serve\` stored: the whole id (to copy into agentwire events
list), the number of events, the timestamps of the first and last event, and the last event's
kind, most recent first.

Options:
  --data DIR      the data folder (default .agentwire); it must exist
  --store STORE   postgres://… (or postgres for DATABASE_URL): the database agentwire serve
                  --store wrote to
  --store-password-file FILE
                  the database password, read from FILE (or give it in PGPASSWORD)
  --json          one JSON array of { id, events, first, last, lastKind }
  -h, --help      show this help

Exit codes: 0 listed (also when there are none), 2 bad usage, a data folder that does not exist,
or a database that cannot be reached.
`;

/** The `conversations` command. */
export const conversations: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values } = parseCommandArgs(
      argv,
      { data: { type: 'string' }, store: { type: 'string' }, 'store-password-file': { type: 'string' }, json: { type: 'boolean' } },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const { where, store } = await openReadStore(values, io);
    const rows: ConversationSummary[] = [];
    try {
      for await (const summary of iterateConversations(store)) rows.push(summary);
    } finally {
      await store.close();
    }
    rows.sort((a, b) => (b.lastAt ?? '').localeCompare(a.lastAt ?? '') || a.id.localeCompare(b.id));
    if (values.json) {
      const items = rows.map(({ id, events, firstAt, lastAt, lastKind }) => ({ id, events, first: firstAt, last: lastAt, lastKind }));
      io.out(`${escapeControls(JSON.stringify(items, null, 2))}\n`);
    } else if (rows.length > 0) {
      const width = Math.max(6, ...rows.map((row) => String(row.events).length));
      io.out(`${'CONVERSATION'.padEnd(36)}  ${'EVENTS'.padStart(width)}  ${'FIRST'.padEnd(26)}  ${'LAST'.padEnd(26)}  LAST KIND\n`);
      for (const row of rows)
        io.out(
          `${row.id}  ${String(row.events).padStart(width)}  ${printable(row.firstAt ?? '-').padEnd(26)}  ${printable(row.lastAt ?? '-').padEnd(26)}  ${printable(row.lastKind)}\n`,
        );
    }
    if (rows.length === 0) io.err(`no conversations stored in ${where}\n`);
    return 0;
  },
};
