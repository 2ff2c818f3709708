/**
 * Which connections `agentwire serve` keeps when sockets pile up. Every connection is counted
 * against `--max-connections` and against its address's `--max-connections-per-address`, except
 * the viewer's live streams, which have caps of their own (`--max-streams`,
 * `--max-streams-per-address`) and never take a webhook's place. A connection is *waiting* while it
 * has no request in flight: new (nothing or part of its headers arrived) or kept alive between
 * requests. When the address's cap is reached, its own oldest waiting connection is closed to
 * make room; when the global cap is, the oldest waiting connection of the address holding the most
 * (new ones before kept-alive ones). Only when every connection in the way has a request in flight
 * is the newcomer closed. A new connection whose headers have not arrived within the headers
 * timeout is closed (with a 408 when it sent something). So sockets that send nothing, or a byte a
 * second, can hold no place a delivery needs.
 * @module
 */
import type { Socket } from 'node:net';

/** The caps and the timeout the table enforces. */
export interface ConnectionLimits {
  /** Connections open at once, streams apart. */
  maxConnections: number;
  /** Connections open at once from one address (IPv6: one /64). */
  maxConnectionsPerAddress: number;
  /** Viewer streams open at once. */
  maxStreams: number;
  /** Viewer streams open at once from one address. */
  maxStreamsPerAddress: number;
  /** Milliseconds a new connection has to send its request headers. */
  headersMs: number;
}

/** What the table closed or refused, for the summary. */
export interface ConnectionCounts {
  /** New connections closed at once: every connection of their scope had a request in flight. */
  dropped: number;
  /** Waiting connections closed to make room for a new one. */
  evicted: number;
  /** New connections closed because their headers did not arrive within the headers timeout. */
  expired: number;
  /** Streams refused (503) because a stream cap was reached. */
  streamsRefused: number;
}

/** The connections of a receiver. */
export interface ConnectionTable {
  /** Takes a new connection in (making room if it must); false when it was closed instead. */
  accept(socket: Socket): boolean;
  /** A request's headers arrived on the connection. */
  requestStarted(socket: Socket): void;
  /** A request of the connection was answered (or abandoned). */
  requestEnded(socket: Socket): void;
  /** Moves the connection to the streams' caps; false (and nothing changes) when a stream cap is reached. */
  startStream(socket: Socket): boolean;
  readonly counts: Readonly<ConnectionCounts>;
  /**
   * Node's own headers timeout fired on the connection: closes it as the table's timer would
   * (silence gets silence, counted as expired) and returns true when it was still new; false
   * leaves the answer to the caller (a kept-alive connection's slow second request).
   */
  expire(socket: Socket): boolean;
  /** Connections (streams apart) and streams open now. */
  readonly open: { connections: number; streams: number };
  /** Stops the timer. */
  close(): void;
}

type State = 'new' | 'idle' | 'busy' | 'stream';

interface Entry {
  socket: Socket;
  group: Group;
  state: State;
  /** When the connection arrived (new ones) or its last request ended (kept-alive ones). */
  since: number;
  /** Requests in flight (pipelined ones count each). */
  requests: number;
}

/** The connections of one address, and of all of them. */
interface Group {
  key: string;
  connections: number;
  streams: number;
  /** Waiting connections oldest first, new ones apart from kept-alive ones. */
  fresh: Set<Entry>;
  idle: Set<Entry>;
}

const group = (key: string): Group => ({ key, connections: 0, streams: 0, fresh: new Set(), idle: new Set() });

/**
 * The key an address is counted under: an IPv4 address (IPv4-mapped IPv6 included) as it is, an
 * IPv6 address by its /64 prefix (one host is usually given a whole /64).
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === '') return '';
  const plain = address.split('%')[0] as string;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1] as string;
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const hextets = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${hextets
    .slice(0, 4)
    .map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const first = <T>(set: Set<T>): T | undefined => set.values().next().value;

/** Creates the table; it checks the headers timeout of new connections on a timer of its own. */
export function createConnectionTable(limits: ConnectionLimits): ConnectionTable {
  const all = group('*');
  const groups = new Map<string, Group>();
  const entries = new WeakMap<Socket, Entry>();
  const counts: ConnectionCounts = { dropped: 0, evicted: 0, expired: 0, streamsRefused: 0 };

  const unwait = (entry: Entry) => {
    for (const scope of [all, entry.group]) {
      scope.fresh.delete(entry);
      scope.idle.delete(entry);
    }
  };
  const wait = (entry: Entry, state: 'new' | 'idle') => {
    unwait(entry);
    entry.state = state;
    entry.since = Date.now();
    for (const scope of [all, entry.group]) (state === 'new' ? scope.fresh : scope.idle).add(entry);
  };
  const forget = (entry: Entry) => {
    if (entries.get(entry.socket) !== entry) return;
    entries.delete(entry.socket);
    unwait(entry);
    const field = entry.state === 'stream' ? 'streams' : 'connections';
    all[field]--;
    entry.group[field]--;
    if (entry.group.connections === 0 && entry.group.streams === 0) groups.delete(entry.group.key);
  };
  /** Closes the oldest waiting connection of a scope; false when none waits. */
  const evict = (scope: Group): boolean => {
    const victim = first(scope.fresh) ?? first(scope.idle);
    if (!victim) return false;
    forget(victim);
    counts.evicted++;
    victim.socket.destroy();
    return true;
  };
  /**
   * The address that holds the most connections and has one waiting: an address with many
   * connections gives one up before an address with a few (a sender's), however the sockets of the
   * many arrive. Addresses are at most as many as connections, so the walk stays short.
   */
  const heaviest = (): Group | undefined => {
    let found: Group | undefined;
    let since = 0;
    for (const candidate of groups.values()) {
      const oldest = first(candidate.fresh) ?? first(candidate.idle);
      if (!oldest) continue;
      // Between addresses holding as many, the one whose waiting connection is oldest.
      if (!found || candidate.connections > found.connections || (candidate.connections === found.connections && oldest.since < since)) {
        found = candidate;
        since = oldest.since;
      }
    }
    return found;
  };
  /** Makes room for one more connection of `own`; false when every connection in the way has a request in flight. */
  const room = (own: Group): boolean => {
    while (own.connections >= limits.maxConnectionsPerAddress) if (!evict(own)) return false;
    while (all.connections >= limits.maxConnections) {
      const victim = heaviest();
      if (!victim || !evict(victim)) return false;
    }
    return true;
  };

  const expireEntry = (entry: Entry) => {
    forget(entry);
    counts.expired++;
    const { socket } = entry;
    // Something arrived: say why it is closed, as Node does for slow headers; silence gets silence.
    if (socket.bytesRead > 0 && socket.writable)
      socket.end('HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    socket.destroy();
  };

  const checkEvery = Math.max(25, Math.min(1000, Math.floor(limits.headersMs / 4)));
  const timer = setInterval(() => {
    const now = Date.now();
    // New connections arrive in order, so the oldest are first: stop at the first still in time.
    for (const entry of all.fresh) {
      if (now - entry.since < limits.headersMs) break;
      expireEntry(entry);
    }
  }, checkEvery);
  timer.unref();

  return {
    counts,
    get open() {
      return { connections: all.connections, streams: all.streams };
    },
    accept(socket) {
      const key = addressKey(socket.remoteAddress);
      const own = groups.get(key) ?? group(key);
      if (!room(own)) {
        counts.dropped++;
        socket.destroy();
        return false;
      }
      groups.set(key, own);
      const entry: Entry = { socket, group: own, state: 'new', since: Date.now(), requests: 0 };
      entries.set(socket, entry);
      all.connections++;
      own.connections++;
      wait(entry, 'new');
      socket.once('close', () => forget(entry));
      return true;
    },
    requestStarted(socket) {
      const entry = entries.get(socket);
      if (!entry) return;
      entry.requests++;
      if (entry.state !== 'stream') {
        unwait(entry);
        entry.state = 'busy';
      }
    },
    requestEnded(socket) {
      const entry = entries.get(socket);
      if (!entry) return;
      entry.requests = Math.max(0, entry.requests - 1);
      if (entry.requests > 0) return;
      if (entry.state === 'stream') {
        // The stream ended but the connection stays: it counts as a connection again.
        all.streams--;
        entry.group.streams--;
        all.connections++;
        entry.group.connections++;
      }
      if (!entry.socket.destroyed) wait(entry, 'idle');
    },
    startStream(socket) {
      const entry = entries.get(socket);
      if (!entry) return false;
      if (entry.state === 'stream') return true;
      if (all.streams >= limits.maxStreams || entry.group.streams >= limits.maxStreamsPerAddress) {
        counts.streamsRefused++;
        return false;
      }
      unwait(entry);
      entry.state = 'stream';
      all.connections--;
      entry.group.connections--;
      all.streams++;
      entry.group.streams++;
      return true;
    },
    expire(socket) {
      const entry = entries.get(socket);
      if (entry?.state !== 'new') return false;
      expireEntry(entry);
      return true;
    },
    close() {
      clearInterval(timer);
    },
  };
}
