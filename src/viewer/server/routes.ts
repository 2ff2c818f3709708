/**
 * The viewer's routes on the receiver: the page and its assets under `/viewer`, and the read
 * endpoints under `/viewer/api` (pages of conversations and their live stream, a conversation's
 * events with a cursor, its live stream, a JSON Lines download). Every route but the stylesheet
 * needs the API key or a session; a browser without either gets the signed-out page. Node only.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeConversationId } from '../../internal/conversation-id';
import { InvalidCursorError } from '../../stores/index';
import { loadAssets, type ViewerAssets } from './assets';
import { createViewerAuth } from './auth';
import { createEntryCache, LIST_PAGE } from './entries';
import { streamList } from './list-stream';
import { SIGNED_OUT_POLICY, type SignedOutReason, signedOutPage } from './signed-out';
import { SOURCE_PAGE, type ViewerSource } from './source';
import type { StreamTimings } from './sse';
import { streamConversation } from './stream';

/** Options of {@link createViewer}. */
export interface ViewerOptions {
  /** Where the events are read. */
  source: ViewerSource;
  /** The receiver's API key. */
  apiKey: string;
  /** The built page (default: read from the package's `dist/viewer`). */
  assets?: ViewerAssets;
  /** Stream timings (tests). */
  timings?: StreamTimings;
  /** Hears each time a one-time token was spent, with the next one. */
  onRedeem?: (nextToken: string) => void;
  /**
   * Whether a live stream may start for this request (the receiver's stream caps); a stream it
   * refuses is answered 503 with `Retry-After`. Without it every stream starts.
   */
  admitStream?: (req: IncomingMessage) => boolean;
}

/** The viewer on a receiver. */
export interface Viewer {
  /** The current one-time token for the viewer URL. */
  readonly token: string;
  /**
   * Answers a request under `/viewer`, and `GET /favicon.ico` (204, no icon); returns false for
   * any other request.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Ends every open stream (on shutdown). */
  close(): void;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** The page's policy: its own script and styles only, images from http(s) and data URLs, no frames. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function answer(res: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, ...headers });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) => answer(res, status, 'application/json', JSON.stringify(body));

/** Seconds a stream refused for want of room is told to wait. */
const STREAM_RETRY_SECONDS = 5;

/** The page's stylesheet, the one path under `/viewer` served without a session. */
const STYLESHEET = '/viewer/assets/app.css';

function signedOut(res: ServerResponse, reason: SignedOutReason): void {
  answer(res, 401, 'text/html; charset=utf-8', signedOutPage(reason), { 'content-security-policy': SIGNED_OUT_POLICY });
}

/** Creates the viewer. */
export function createViewer(options: ViewerOptions): Viewer {
  const { source } = options;
  const auth = createViewerAuth(options.apiKey);
  const entries = createEntryCache(source);
  const streams = new Set<AbortController>();
  let assets: ViewerAssets | undefined | null = options.assets;

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { detail: 'Method Not Allowed' });
    const offered = url.searchParams.get('token');
    if ((path === '/viewer' || path === '/viewer/') && offered !== null) {
      const cookie = auth.redeem(offered);
      if (cookie === undefined) return signedOut(res, 'spent-token');
      options.onRedeem?.(auth.token);
      return answer(res, 303, 'text/plain', 'See /viewer/', { location: '/viewer/', 'set-cookie': cookie });
    }
    // The stylesheet holds no data: the signed-out page wears it too.
    if (path !== STYLESHEET && !auth.allows(req)) {
      if (path.startsWith('/viewer/api/')) return json(res, 401, { detail: 'X-Session-API-Key header or viewer session required' });
      return signedOut(res, 'no-session');
    }
    if (path === '/viewer' || path === '/viewer/' || path.startsWith('/viewer/assets/')) {
      assets ??= (await loadAssets()) ?? null;
      if (!assets) return answer(res, 503, 'text/plain', 'The viewer page is not built (npm run build).');
      if (path === '/viewer' || path === '/viewer/')
        return answer(res, 200, 'text/html; charset=utf-8', assets.html, { 'content-security-policy': PAGE_POLICY });
      if (path === '/viewer/assets/app.js') return answer(res, 200, 'text/javascript; charset=utf-8', assets.script);
      if (path === STYLESHEET) return answer(res, 200, 'text/css; charset=utf-8', assets.style);
      return json(res, 404, { detail: 'Not Found' });
    }
    if (path === '/viewer/api/conversations' || path === '/viewer/api/conversations/stream') {
      const limit = Number(url.searchParams.get('limit') ?? LIST_PAGE);
      if (!Number.isInteger(limit) || limit < 1 || limit > SOURCE_PAGE)
        return json(res, 422, { detail: `limit must be a whole number from 1 to ${SOURCE_PAGE}` });
      if (path === '/viewer/api/conversations') {
        const after = url.searchParams.get('after') ?? undefined;
        return json(res, 200, await entries.page({ after, limit }));
      }
      return follow(req, res, (signal) => streamList(res, source, entries, limit, signal, options.timings));
    }
    const match = /^\/viewer\/api\/conversations\/([^/]+)\/(events|stream|events\.jsonl)$/.exec(path);
    const id = match?.[1] === undefined ? undefined : pathConversationId(match[1]);
    if (!match || id === undefined) return json(res, 404, { detail: 'Not Found' });
    const after = url.searchParams.get('after') ?? undefined;
    if (match[2] === 'events') {
      const limit = Number(url.searchParams.get('limit') ?? SOURCE_PAGE);
      if (!Number.isInteger(limit) || limit < 1 || limit > SOURCE_PAGE)
        return json(res, 422, { detail: `limit must be a whole number from 1 to ${SOURCE_PAGE}` });
      const page = await source.list(id, { limit, ...(after === undefined ? {} : { after }) });
      return json(res, 200, { events: page.events, cursor: page.cursor ?? null });
    }
    if (match[2] === 'events.jsonl') return download(res, id);
    const resume = req.headers['last-event-id'];
    const from = typeof resume === 'string' && resume !== '' ? resume : after;
    // A cursor the store refuses is answered 422 before the stream starts (a browser then stops retrying).
    if (from !== undefined) await source.list(id, { after: from, limit: 1 });
    return follow(req, res, (signal) => streamConversation(res, source, id, from, signal, options.timings));
  }

  /** Runs a stream (when the receiver admits one more) until the client leaves or the viewer closes. */
  async function follow(req: IncomingMessage, res: ServerResponse, stream: (signal: AbortSignal) => Promise<void>): Promise<void> {
    if (options.admitStream && !options.admitStream(req))
      return answer(res, 503, 'application/json', JSON.stringify({ detail: 'Too many live streams are open; try again later' }), {
        'retry-after': String(STREAM_RETRY_SECONDS),
      });
    const controller = new AbortController();
    streams.add(controller);
    res.on('close', () => controller.abort());
    try {
      await stream(controller.signal);
    } finally {
      streams.delete(controller);
    }
  }

  async function download(res: ServerResponse, id: string): Promise<void> {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'application/x-ndjson',
      'content-disposition': `attachment; filename="${id}.jsonl"`,
    });
    let cursor: string | undefined;
    for (;;) {
      const page = await source.list(id, { limit: SOURCE_PAGE, ...(cursor === undefined ? {} : { after: cursor }) });
      if (page.events.length > 0 && !res.write(page.events.map((event) => `${JSON.stringify(event)}\n`).join('')))
        await new Promise((done) => res.once('drain', done));
      cursor = page.cursor ?? cursor;
      if (page.events.length < SOURCE_PAGE || res.destroyed) break;
    }
    res.end();
  }

  return {
    get token() {
      return auth.token;
    },
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://viewer.invalid');
      // Browsers ask for an icon at the root of every origin they open: no icon, and no refusal.
      if (url.pathname === '/favicon.ico' && (req.method === 'GET' || req.method === 'HEAD')) {
        answer(res, 204, 'image/x-icon', '', { 'cache-control': 'max-age=86400' });
        return true;
      }
      if (url.pathname !== '/viewer' && !url.pathname.startsWith('/viewer/')) return false;
      route(req, res, url).catch((error: Error) => {
        // A cursor the store did not hand out is the client's mistake; anything else is the store's.
        if (!res.headersSent && error instanceof InvalidCursorError) json(res, 422, { detail: error.message });
        else if (!res.headersSent) json(res, 500, { detail: 'The store could not be read' });
        else res.destroy();
      });
      return true;
    },
    close() {
      for (const controller of streams) controller.abort();
    },
  };
}

/** The conversation id of a path segment; undefined when it is not one (a malformed `%` escape included). */
function pathConversationId(segment: string): string | undefined {
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return undefined; // `%zz` or a cut `%e2%82`: no conversation has such an id, so Not Found, never a 500
  }
  return normalizeConversationId(text);
}
