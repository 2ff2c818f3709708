import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionTable } from '../../src/cli/serve/connections';

const limits = { maxConnections: 10, maxConnectionsPerAddress: 10, maxStreams: 2, maxStreamsPerAddress: 2, headersMs: 60_000 };

/** A loopback server whose accepted sockets the test holds, and a client socket collecting what it hears. */
async function pair(server: Server): Promise<{ served: Socket; client: Socket; heard: () => string; closed: Promise<void> }> {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  const accepted = once(server, 'connection');
  const client = connect(address.port, '127.0.0.1');
  let text = '';
  client.on('data', (chunk) => (text += chunk.toString()));
  const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
  const [served] = (await accepted) as [Socket];
  return { served, client, heard: () => text, closed };
}

describe('the connection table when Node reports a headers timeout', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('closes a new connection that sent nothing without a word, and counts it as expired', async () => {
    server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const table = createConnectionTable(limits);
    const { served, heard, closed } = await pair(server);
    table.accept(served);
    expect(table.expire(served)).toBe(true);
    await closed;
    expect(heard()).toBe('');
    expect(table.counts.expired).toBe(1);
    expect(table.open.connections).toBe(0);
    table.close();
  });

  it('answers 408 to a new connection that sent part of its headers', async () => {
    server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const table = createConnectionTable(limits);
    const { served, client, heard, closed } = await pair(server);
    table.accept(served);
    client.write('POST /api/v1/webhooks/events/x HTTP/1.1\r\n');
    await once(served, 'data');
    expect(table.expire(served)).toBe(true);
    await closed;
    expect(heard()).toMatch(/^HTTP\/1\.1 408 /);
    table.close();
  });

  it('leaves a connection with a request in flight, or kept alive, to the caller', async () => {
    server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const table = createConnectionTable(limits);
    const { served, client } = await pair(server);
    table.accept(served);
    table.requestStarted(served);
    expect(table.expire(served)).toBe(false);
    table.requestEnded(served);
    expect(table.expire(served)).toBe(false);
    expect(table.counts.expired).toBe(0);
    expect(served.destroyed).toBe(false);
    client.destroy();
    table.close();
  });
});
