/**
 * `agentwire events tail [conversation]`: prints events as they are stored, until stopped.
 * @module
 */
import { escapeControls } from '../../internal/control-characters';
import { createKindFilter, InvalidCursorError, stringifyEvent } from '../../stores/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { eventLine, storedTime } from '../event-line';
import { type CommandIO, UsageError } from '../io';
import { findConversation, openReadStore, parseKindOption, READ_OPTIONS } from '../store-option';

const USAGE = `Usage: agentwire events tail [conversation] [--data .agentwire | --store postgres://…] [--kind KIND]... [--json]

Prints each event as \`agentwire serve\` stores it, of one conversation (its id or the start of
it) or of all, until Ctrl-C or SIGTERM. Starts with what is stored from now on; with --after, a
conversation's events after that cursor come first.

Options:
  --data DIR       the data folder (default .agentwire); it must exist
  --store STORE    postgres://… (or postgres for DATABASE_URL)
  --store-password-file FILE
                   the database password, read from FILE (or give it in PGPASSWORD)
  --kind KIND      only events of this kind (repeatable)
  --after CURSOR   start after this cursor (with a conversation: a cursor of it; with the
                   PostgreSQL store also without one)
  --json           one JSON object per line: { "conversation_id", "cursor", "event" }
  -h, --help       show this help

Exit codes: 0 stopped by a signal or a closed pipe, 2 bad usage, a data folder that does not exist, or a database
that cannot be reached.
`;

/** The `events tail` command. */
export const eventsTail: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, READ_OPTIONS, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`expected at most one conversation id\n\n${USAGE}`);
    const matches = createKindFilter(parseKindOption(values.kind));
    const { where, store } = await openReadStore(values, io);
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // A closed pipe (`| head`) stops the watch like a signal does.
    io.outputClosed?.addEventListener('abort', onSignal);
    try {
      const conversationId = positionals[0] === undefined ? undefined : await findConversation(positionals[0], store, where);
      try {
        // The watch starts now; the line says so once it has.
        const watch = store.watch(conversationId, { signal: stop.signal, ...(values.after === undefined ? {} : { after: values.after }) });
        io.err(`agentwire events tail: watching ${conversationId ?? 'every conversation'} in ${where} (Ctrl-C stops)\n`);
        for await (const { conversationId: id, event, cursor } of watch) {
          if (matches && !matches(event)) continue;
          io.out(
            values.json
              ? `{"conversation_id":${JSON.stringify(id)},"cursor":${JSON.stringify(cursor)},"event":${escapeControls(stringifyEvent(event))}}\n`
              : `${eventLine(event, storedTime(event), id)}\n`,
          );
        }
      } catch (error) {
        // A cursor this store cannot resume from is the user's to fix.
        if (error instanceof TypeError || error instanceof InvalidCursorError) throw new UsageError(error.message);
        throw error;
      }
      return 0;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      io.outputClosed?.removeEventListener('abort', onSignal);
      await store.close();
    }
  },
};
