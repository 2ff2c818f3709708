/**
 * `agentwire events list <conversation>`: reads back what `agentwire serve` stored.
 * @module
 */
import { isEventKind } from '../../events/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { findConversation, openDataFolder } from '../data-folder';
import { eventLine, storedTime } from '../event-line';
import { type CommandIO, UsageError } from '../io';

const USAGE = `Usage: agentwire events list <conversation> [--data .agentwire] [--kind KIND]... [--json]

Prints the events \`agentwire serve\` stored for a conversation, in arrival order. The
conversation is its id (hyphenated or 32 hex digits) or the start of it, as long as only one
stored conversation starts so (agentwire conversations lists them). Files of any size are read
as a stream.

Options:
  --data DIR   the data folder (default .agentwire); it must exist
  --kind KIND  only events of this kind (repeatable)
  --json       one JSON array of the events, each exactly as stored
  -h, --help   show this help

Exit codes: 0 listed (also when the conversation has no events), 2 bad usage, a data folder that
does not exist, or a conversation that no stored id or only several start with.
`;

/** The `events list` command. */
export const eventsList: Command = {
  name: 'events list',
  summary: 'print the events stored for a conversation',
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      argv,
      { data: { type: 'string' }, kind: { type: 'string', multiple: true }, json: { type: 'boolean' } },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(`expected one conversation id\n\n${USAGE}`);
    const unknown = (values.kind ?? []).filter((kind) => !isEventKind(kind));
    if (unknown.length > 0) throw new UsageError(`unknown event kind: ${unknown.join(', ')}`);
    const { dir, store } = await openDataFolder(values.data, io);
    const conversationId = await findConversation(positionals[0] as string, store, dir);
    const kinds = values.kind ? new Set<string>(values.kind) : undefined;
    let count = 0;
    if (values.json) io.out('[');
    for await (const { event, json } of store.entries(conversationId)) {
      if (kinds && !kinds.has(event.kind)) continue;
      // JSON: each line as stored, so integers past 2^53 keep their digits.
      io.out(values.json ? `${count === 0 ? '\n' : ',\n'}${json}` : `${eventLine(event, storedTime(event).padEnd(8))}\n`);
      count++;
    }
    if (values.json) io.out(count === 0 ? ']\n' : '\n]\n');
    if (count === 0) io.err(`no events stored for ${conversationId} in ${dir}\n`);
    return 0;
  },
};
