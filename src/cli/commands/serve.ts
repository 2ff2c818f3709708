/**
 * `agentwire serve`: a ready webhook receiver with an embedded, durable store.
 * @module
 */
import { createFileStore, DataFolderLockedError, type FileStoreWarning } from '../../stores/file';
import { createViewer } from '../../viewer/internal';
import { createWebhookHandler } from '../../webhooks/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { dataFolderError } from '../data-folder-error';
import { eventLine } from '../event-line';
import { type CommandIO, UsageError } from '../io';
import { printable } from '../report-text';
import { resolveApiKey } from '../serve/api-key';
import { bannerText, formatOrigin, viewerUrl } from '../serve/banner';
import type { ConnectionCounts } from '../serve/connections';
import { createServeConsole } from '../serve/console';
import { createReceiver, type Receiver } from '../serve/receiver';
import { readSettings } from '../serve/settings';
import { type CliStore, chooseStore, openPostgres } from '../store-option';

const USAGE = `Usage: agentwire serve [--port 3000] [--host 127.0.0.1] [--data .agentwire | --store postgres://…] [--api-key-file FILE] [options]

Receives the service's event webhook and stores every event durably, each event once: by default
one JSON Lines file per conversation under the data folder, each batch written to disk (fsync)
before it is acknowledged; with --store, in a PostgreSQL database that several receivers share.
Prints the URL to configure in the service, one line per event (standard output), one line per
refused request (standard error), and a summary on exit (Ctrl-C or SIGTERM).

The viewer URL it prints shows the stored conversations in a browser, live: open it on this
machine (its one-time token signs the browser in). Tools read the same data from /viewer/api
with the API key in X-Session-API-Key (see docs/viewer.md).

Options:
  --port N                  port to listen on (default 3000; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1: this machine only;
                            0.0.0.0 or :: for every interface)
  --data DIR                where events are stored (default .agentwire; created if missing).
                            One agentwire serve per folder: a second one exits with code 2.
  --store STORE             postgres://user@host/db (or postgres, to read it from
                            DATABASE_URL): store in PostgreSQL instead (pg must be installed).
                            Any number of agentwire serve may share one database; the key must
                            then be given (--api-key-file or AGENTWIRE_API_KEY). A password in
                            the URL is visible in ps: put it in PGPASSWORD or in a file.
  --store-password-file FILE
                            the database password, read from FILE
  --api-key KEY             the key senders put in X-Session-API-Key (visible in ps: prefer
                            one of the next two)
  --api-key-file FILE       read the key from FILE
                            Without either, AGENTWIRE_API_KEY is used, or the key kept in
                            DIR/api-key, or a new random key is generated and kept there (0600).
  --shutdown-timeout T      on SIGTERM or Ctrl-C, how long requests in flight may take (default 10)
  --headers-timeout T       how long a client may take to send its headers, from the moment it
                            connects (default 5)
  --request-timeout T       how long a client may take to send a whole request (default 30)
  --keep-alive-timeout T    how long an idle connection stays open (default 5)
  --max-connections N       connections open at once, viewer streams apart (default 1024); when
                            full, the oldest connection without a request in flight is closed to
                            make room, or the new one when every connection has one
  --max-connections-per-address N
                            the same, for the connections of one address (an IPv6 /64)
                            (default 256)
  --max-streams N           viewer live streams open at once; more get 503 (default 64)
  --max-streams-per-address N
                            the same, for one address (default 16)
  --max-events N            events per request; more get 413 (default 1000; the service sends 5)
  --unknown-fields MODE     keep (default) or reject: a field no model of this version defines
                            (a newer server's) is kept and stored as sent, and named once on
                            standard error; reject answers 422 as the service does, and the
                            sender then stops delivering that conversation
  --quiet                   no line per event
  -h, --help                show this help

Durations are seconds (2.5) or end in s or ms (500ms).
Exit codes: 0 stopped by a signal, 2 bad usage, a data folder in use, a database that cannot be
reached, or a port in use.
`;

/** The `serve` command. */
export const serve: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values } = parseCommandArgs(
      argv,
      {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        store: { type: 'string' },
        'store-password-file': { type: 'string' },
        'api-key': { type: 'string' },
        'api-key-file': { type: 'string' },
        'shutdown-timeout': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'keep-alive-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        'max-connections-per-address': { type: 'string' },
        'max-streams': { type: 'string' },
        'max-streams-per-address': { type: 'string' },
        'max-events': { type: 'string' },
        'unknown-fields': { type: 'string' },
        quiet: { type: 'boolean' },
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const settings = readSettings(values);
    if (values['api-key'] !== undefined && values['api-key-file'] !== undefined)
      throw new UsageError('give --api-key or --api-key-file, not both');
    const choice = chooseStore(values, io);
    const dir = choice.kind === 'file' ? choice.dir : undefined;
    const where = choice.kind === 'file' ? choice.dir : choice.shown;
    // AGENTWIRE_GROUP_COMMIT=off writes and syncs each batch on its own (to measure what group commit gains).
    const groupCommit = io.env.AGENTWIRE_GROUP_COMMIT !== 'off';
    const store = choice.kind === 'file' ? await lockFolder(choice.dir, groupCommit, io) : await openPostgres(choice);
    const screen = createServeConsole(io, { stdout: process.stdout, stderr: process.stderr });
    const signals = listenForSignals();
    /** When the shutdown must be over (set on the signal). */
    let deadline = Number.POSITIVE_INFINITY;
    try {
      return await receive();
    } finally {
      signals.dispose();
      // Appends in flight finish (if their request was cut, they were not acknowledged); a disk
      // that hangs does not hold the exit past the deadline (the lock is then taken over next time).
      const left = Math.max(100, Math.min(settings.shutdownMs, deadline - Date.now()));
      await Promise.race([store.close(), new Promise((done) => setTimeout(done, left).unref())]);
    }

    async function receive(): Promise<number> {
      const key = await resolveApiKey({
        argument: values['api-key'],
        file: values['api-key-file'],
        env: io.env.AGENTWIRE_API_KEY,
        dir,
        cwd: io.cwd,
      });
      if (key.warning) screen.err(`agentwire serve: warning: ${key.warning}\n`);
      // The store decides what was delivered before, so replicas on one database agree.
      const handler = createWebhookHandler({
        apiKey: key.key,
        maxEvents: settings.maxEvents,
        unknownFields: settings.unknownFields,
        store,
        logger: { warn: (message) => screen.err(`${message}\n`) },
      });
      handler.onAny((event, { conversationId }) => {
        screen.countEvent(conversationId);
        if (!settings.quiet) screen.out(`${eventLine(event, clock(), conversationId, true)}\n`);
      });
      handler.onError((error) =>
        screen.err(`${clock()}  a batch for ${error.conversationId} was not stored: ${String(error.errors[0])}\n`),
      );
      handler.onUnknownField((field) =>
        screen.err(
          `${clock()}  kept a field this version does not know, stored as sent: ${printable(`${field.model}.${field.key}`)}` +
            ` (first in ${printable(String(field.eventKind))} ${printable(String(field.eventId))} of ${field.conversationId})\n`,
        ),
      );
      handler.onReject((rejection) => {
        screen.countRejection(rejection.status);
        screen.err(
          `${clock()}  refused ${rejection.status} ${rejection.method} ${printable(rejection.path)}: ${printable(rejection.reason)}\n`,
        );
      });
      let origin = '';
      // The viewer asks the receiver (made next, with the viewer's routes) before a stream starts.
      let receiver: Receiver | undefined;
      const viewer = createViewer({
        source: store,
        apiKey: key.key,
        onRedeem: (token) =>
          screen.err(`${clock()}  a browser signed in to the viewer; next one-time viewer URL: ${viewerUrl(origin, token)}\n`),
        admitStream: (req) => receiver?.startStream(req) ?? false,
      });
      receiver = createReceiver(
        handler,
        settings,
        (status, why) => {
          screen.countRejection(status);
          screen.err(`${clock()}  refused ${status}: ${why}\n`);
        },
        viewer.handle,
      );
      let port: number;
      try {
        port = await receiver.listen(settings.port, settings.host);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new UsageError(
          code === 'EADDRINUSE' ? `port ${settings.port} on ${settings.host} is in use` : `cannot listen: ${(error as Error).message}`,
        );
      }
      origin = formatOrigin(settings.host, port);
      screen.out(
        bannerText({ host: settings.host, port, key, viewerToken: viewer.token, ...(dir === undefined ? { store: where } : { dir }) }),
      );
      const signal = await signals.first(() => receiver.shutdown(0));
      viewer.close();
      deadline = Date.now() + settings.shutdownMs;
      screen.err(`agentwire serve: ${signal}, stopping (requests in flight have ${settings.shutdownMs / 1000} s)\n`);
      const { cut } = await receiver.shutdown(settings.shutdownMs);
      const dropped = closedText(receiver.counts);
      const cutText = cut > 0 ? `; cut ${cut} requests still open at the deadline (not acknowledged: senders retry them)` : '';
      screen.out(`\nagentwire serve: ${signal}, stopped. ${screen.summary()}${dropped}${cutText}; stored in ${where}\n`);
      return 0;
    }
  },
};

/** The file store of the folder, with its writer lock taken: the folder is ours before anything is read from it or written to it. */
async function lockFolder(dir: string, groupCommit: boolean, io: CommandIO): Promise<CliStore> {
  const onWarning = (warning: FileStoreWarning) => io.err(`agentwire serve: warning: ${warning.message}\n`);
  const store = createFileStore({ dir, groupCommit, onWarning });
  try {
    await store.lock();
  } catch (error) {
    if (error instanceof DataFolderLockedError) throw new UsageError(error.message);
    throw dataFolderError(dir, error);
  }
  return store;
}

/** What the connection caps closed or refused, for the summary ('' when nothing). */
function closedText(counts: ConnectionCounts): string {
  const parts = [
    counts.dropped > 0 ? `closed ${counts.dropped} connections past --max-connections` : '',
    counts.evicted > 0 ? `closed ${counts.evicted} waiting connections to make room` : '',
    counts.expired > 0 ? `closed ${counts.expired} connections that sent no headers in time` : '',
    counts.streamsRefused > 0 ? `refused ${counts.streamsRefused} viewer streams past --max-streams` : '',
  ].filter((part) => part !== '');
  return parts.map((part) => `; ${part}`).join('');
}

/** The local time, `HH:MM:SS`. */
const clock = () => new Date().toTimeString().slice(0, 8);

/** SIGINT and SIGTERM: `first` resolves with the first one; a second one calls `again` (cut everything now). */
function listenForSignals() {
  let seen: string | undefined;
  let onFirst: ((signal: string) => void) | undefined;
  let onAgain: (() => void) | undefined;
  const on = (signal: string) => () => {
    if (seen) onAgain?.();
    else {
      seen = signal;
      onFirst?.(signal);
    }
  };
  const onInt = on('SIGINT');
  const onTerm = on('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    first: (again: () => void) =>
      new Promise<string>((done) => {
        onAgain = again;
        if (seen) done(seen);
        else onFirst = done;
      }),
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}
