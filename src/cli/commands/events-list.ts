/**
 * `agentwire events list <conversation_id>`: reads back what `agentwire serve` stored.
 * @module
 */
import { resolve } from 'node:path';
import { type EventKind, isEventKind } from '../../events/index';
import { normalizeConversationId } from '../../webhooks/index';
import { createFileStore } from '../../webhooks/node';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { eventLine } from '../summarize';

const USAGE = `Usage: agentwire events list <conversation_id> [--data .agentwire] [--kind KIND]... [--json]

Prints the events \`agentwire serve\` stored for a conversation, in arrival order.

Options:
  --data DIR   the data folder (default .agentwire)
  --kind KIND  only events of this kind (repeatable)
  --json       one JSON array of the events, exactly as stored
  -h, --help   show this help
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
    const conversationId = normalizeConversationId(positionals[0] as string);
    if (!conversationId) throw new UsageError(`not a conversation id (a UUID): ${positionals[0]}`);
    const unknown = (values.kind ?? []).filter((kind) => !isEventKind(kind));
    if (unknown.length > 0) throw new UsageError(`unknown event kind: ${unknown.join(', ')}`);
    const dir = resolve(io.cwd, values.data ?? '.agentwire');
    const filter = values.kind ? { kind: values.kind as EventKind[] } : undefined;
    const events = await createFileStore({ dir }).list(conversationId, filter);
    if (values.json) io.out(`${JSON.stringify(events, null, 2)}\n`);
    else for (const event of events) io.out(`${eventLine(event, undefined, event.timestamp.slice(11, 19).padEnd(8))}\n`);
    if (events.length === 0) io.err(`no events stored for ${conversationId} in ${dir}\n`);
    return 0;
  },
};
