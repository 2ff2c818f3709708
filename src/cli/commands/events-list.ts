/**
 * `agentwire events list <conversation>`: reads back what `agentwire serve` stored.
 * @module
 */
import { escapeControls } from '../../internal/control-characters';
import { InvalidCursorError } from '../../stores/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { eventLine, storedTime } from '../event-line';
import { type CommandIO, UsageError } from '../io';
import { findConversation, openReadStore, parseKindOption, READ_OPTIONS } from '../store-option';

const USAGE = `Usage: agentwire events list <conversation> [--data .agentwire | --store postgres://…] [--kind KIND]... [--json]

Prints the events \`agentwire serve\` stored for a conversation, in arrival order. The
conversation is its id (hyphenated or 32 hex digits) or the start of it, as long as only one
stored conversation starts so (agentwire conversations lists them). Events are read a page at a
time: a conversation of any size.

Options:
  --data DIR       the data folder (default .agentwire); it must exist
  --store STORE    postgres://… (or postgres for DATABASE_URL): the database agentwire serve
                   --store wrote to
  --store-password-file FILE
                   the database password, read from FILE (or give it in PGPASSWORD)
  --kind KIND      only events of this kind (repeatable)
  --after CURSOR   only events stored after this cursor (as --json --cursors prints it)
  --json           one JSON array of the events, each exactly as stored
  --cursors        with --json, each item is { "cursor": …, "event": … }
  -h, --help       show this help

Exit codes: 0 listed (also when the conversation has no events), 2 bad usage, a data folder that
does not exist, a database that cannot be reached, or a conversation that no stored id or only
several start with.
`;

/** The `events list` command. */
export const eventsList: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, { ...READ_OPTIONS, cursors: { type: 'boolean' } }, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(`expected one conversation id\n\n${USAGE}`);
    const kinds = parseKindOption(values.kind);
    if (values.cursors && !values.json) throw new UsageError('--cursors goes with --json');
    const { where, store } = await openReadStore(values, io);
    try {
      const conversationId = await findConversation(positionals[0] as string, store, where);
      const entries = store.entries(conversationId, {
        ...(kinds ? { kind: kinds } : {}),
        ...(values.after === undefined ? {} : { after: values.after }),
      });
      let count = 0;
      if (values.json) io.out('[');
      try {
        for await (const { event, json, cursor } of entries) {
          // The reader has gone (`| head`): stop reading the store.
          if (io.outputClosed?.aborted) break;
          // JSON: each event as stored, so integers past 2^53 keep their digits (control characters as \u escapes: the same value).
          const item = values.cursors ? `{"cursor":${JSON.stringify(cursor)},"event":${json}}` : json;
          io.out(
            values.json ? `${count === 0 ? '\n' : ',\n'}${escapeControls(item)}` : `${eventLine(event, storedTime(event).padEnd(8))}\n`,
          );
          count++;
        }
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new UsageError(error.message);
        throw error;
      }
      if (values.json) io.out(count === 0 ? ']\n' : '\n]\n');
      if (count === 0) io.err(`no events stored for ${conversationId} in ${where}\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
