/**
 * `agentwire serve`: a ready webhook receiver with an embedded, durable store.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createWebhookHandler, storeListener } from '../../webhooks/index';
import { createFileStore, toNodeHandler } from '../../webhooks/node';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { eventLine } from '../summarize';

const USAGE = `Usage: agentwire serve [--port 3000] [--host 127.0.0.1] [--data .agentwire] [--api-key KEY] [--quiet]

Receives the service's event webhook and stores every event durably: one JSON Lines file per
conversation under the data folder, each batch written to disk (fsync) before it is acknowledged.
Prints the URL to configure in the service, one line per event, and a summary on exit
(Ctrl-C or SIGTERM).

Options:
  --port N       port to listen on (default 3000; 0 picks a free one)
  --host H       address to listen on (default 127.0.0.1)
  --data DIR     where events are stored (default .agentwire)
  --api-key KEY  the key senders must put in X-Session-API-Key. Without it, AGENTWIRE_API_KEY is
                 used, or a random key is generated and printed.
  --quiet        no line per event
  -h, --help     show this help
`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The `serve` command. */
export const serve: Command = {
  name: 'serve',
  summary: 'receive the event webhook and store every event durably',
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values } = parseCommandArgs(
      argv,
      {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'api-key': { type: 'string' },
        quiet: { type: 'boolean' },
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const port = Number(values.port ?? 3000);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, not ${values.port}`);
    const host = values.host ?? '127.0.0.1';
    const dir = resolve(io.cwd, values.data ?? '.agentwire');
    const given = values['api-key'] ?? io.env.AGENTWIRE_API_KEY;
    if (given === '') throw new UsageError('the API key must not be empty');
    const apiKey = given ?? randomBytes(24).toString('base64url');

    const store = createFileStore({ dir });
    const counts = { events: 0, conversations: new Set<string>() };
    const handler = createWebhookHandler({ apiKey, logger: { warn: (message) => io.err(`${message}\n`) } });
    handler.onEvents(storeListener(store));
    handler.onAny((event, { conversationId }) => {
      counts.events++;
      counts.conversations.add(conversationId);
      if (!values.quiet) io.out(`${eventLine(event, conversationId)}\n`);
    });
    handler.onError((error) => io.err(`a batch for ${error.conversationId} was not stored: ${String(error.errors[0])}\n`));

    const server = createServer(toNodeHandler(handler));
    await new Promise<void>((done, fail) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        fail(new UsageError(error.code === 'EADDRINUSE' ? `port ${port} on ${host} is in use` : `cannot listen: ${error.message}`)),
      );
      server.listen(port, host, done);
    });
    const address = server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    const base = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/api/v1/webhooks`;
    io.out(
      `agentwire serve: listening on http://${host}:${bound}\n` +
        `  webhook URL  ${base}   (events go to ${base}/events/{conversation_id})\n` +
        `  API key      ${given ? '(as given)' : `${apiKey}   (generated; senders put it in X-Session-API-Key)`}\n` +
        `  data         ${dir}\n`,
    );

    return new Promise<number>((done) => {
      const stop = (signal: string) => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        // Stop taking requests; answers in flight are written only after their batch is on disk.
        server.close(() => {
          io.out(
            `\nagentwire serve: ${signal}, stopped. Received ${plural(counts.events, 'event')} in ${plural(counts.conversations.size, 'conversation')}; stored in ${dir}\n`,
          );
          done(0);
        });
        server.closeIdleConnections();
      };
      const onInt = () => stop('SIGINT');
      const onTerm = () => stop('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
    });
  },
};
