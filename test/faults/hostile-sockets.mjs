/**
 * Hostile sockets against a receiver, run as a child process (so their work does not slow the
 * test's sender): sockets that never send a byte, sockets that send their headers a byte a
 * second, and viewer streams; each is opened again as soon as it closes. Opened in batches from
 * several loopback addresses (127.0.0.2 and up). Answers `report` with its counts and `stop` by
 * closing everything and exiting.
 *
 * Usage (fork): hostile-sockets.mjs '{"port":3000,"sockets":5000,"addresses":50,"key":"…","conversation":"…"}'
 */
import { connect } from 'node:net';

const config = JSON.parse(process.argv[2] ?? '{}');
const { port, sockets, addresses, key, conversation } = config;
const BATCH = 250;
const SLOW_HEADERS = 'POST /api/v1/webhooks/events/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: x\r\n';
const STREAM = `GET /viewer/api/conversations/${conversation}/stream HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${key}\r\n\r\n`;

const counts = { opened: 0, open: 0, peakOpen: 0, closed: 0, errors: 0, streams200: 0, streams503: 0, retryAfter: 0, slow408: 0 };
const live = new Set();
let stopping = false;

/** The kind of socket number `i`: 6 in 10 silent, 3 in 10 slow headers, 1 in 10 a viewer stream. */
const kindOf = (i) => (i % 10 < 6 ? 'silent' : i % 10 < 9 ? 'slow' : 'stream');

function open(i) {
  if (stopping) return;
  const kind = kindOf(i);
  const socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % addresses)}` });
  live.add(socket);
  let drip;
  let head = '';
  socket.on('connect', () => {
    counts.opened++;
    counts.open++;
    counts.peakOpen = Math.max(counts.peakOpen, counts.open);
    socket.connected = true;
    if (kind === 'stream') socket.write(STREAM);
    if (kind === 'slow') {
      let at = 0;
      drip = setInterval(() => {
        if (at < SLOW_HEADERS.length && socket.writable) socket.write(SLOW_HEADERS[at++]);
      }, 1000);
    }
  });
  socket.on('data', (chunk) => {
    if (head.length > 200) return;
    head += chunk.toString('latin1');
    if (head.length < 12) return;
    const status = head.slice(9, 12);
    if (kind === 'stream' && status === '200' && !socket.counted) counts.streams200++;
    if (kind === 'stream' && status === '503' && !socket.counted) {
      counts.streams503++;
      if (/\r\nretry-after: \d+\r\n/i.test(head)) counts.retryAfter++;
    }
    if (kind === 'slow' && status === '408' && !socket.counted) counts.slow408++;
    socket.counted = true;
  });
  socket.on('error', () => {
    counts.errors++;
  });
  socket.on('close', () => {
    clearInterval(drip);
    live.delete(socket);
    if (socket.connected) {
      counts.open--;
      counts.closed++;
    }
    // Again, at once (a short pause keeps a refused socket from spinning).
    if (!stopping) setTimeout(() => open(i), 20 + Math.random() * 30);
  });
}

let next = 0;
const launch = setInterval(() => {
  for (const end = Math.min(sockets, next + BATCH); next < end; next++) open(next);
  if (next >= sockets) clearInterval(launch);
}, 20);

process.on('message', (message) => {
  if (message === 'report') process.send?.({ ...counts, launched: next });
  if (message === 'stop') {
    stopping = true;
    clearInterval(launch);
    for (const socket of live) socket.destroy();
    process.send?.({ ...counts, launched: next }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
