/**
 * Who may read through the viewer: a request with the receiver's API key in
 * `X-Session-API-Key`, or a browser holding the session cookie that the one-time token of the
 * printed URL was exchanged for. Node only.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from '../../internal/timing-safe-equal';

/** The name of the session cookie. */
export const SESSION_COOKIE = 'agentwire_viewer';

/** Sessions kept at most; the oldest goes first. */
const MAX_SESSIONS = 64;

/** How long a session cookie lasts (seconds). */
const SESSION_SECONDS = 7 * 24 * 3600;

/** The viewer's access check. */
export interface ViewerAuth {
  /** The one-time token to put in the printed URL (`/viewer?token=…`); a new one after each use. */
  readonly token: string;
  /** Whether the request carries the API key or a live session cookie. */
  allows(req: IncomingMessage): boolean;
  /**
   * Spends a one-time token: the `Set-Cookie` value of a new session, or `undefined` when the
   * token is not the current one (unknown, or already used).
   */
  redeem(token: string): string | undefined;
}

const secret = () => randomBytes(32).toString('base64url');

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Creates the check for an API key. */
export function createViewerAuth(apiKey: string): ViewerAuth {
  let token = secret();
  const sessions = new Set<string>();
  const known = (value: string) => {
    let found = false;
    for (const session of sessions) if (timingSafeEqual(session, value)) found = true;
    return found;
  };
  return {
    get token() {
      return token;
    },
    allows(req) {
      const header = req.headers['x-session-api-key'];
      if (typeof header === 'string' && header !== '') return timingSafeEqual(header, apiKey);
      const cookie = cookieValue(req.headers.cookie, SESSION_COOKIE);
      return cookie !== undefined && cookie !== '' && known(cookie);
    },
    redeem(offered) {
      if (offered === '' || !timingSafeEqual(offered, token)) return undefined;
      token = secret();
      const session = secret();
      sessions.add(session);
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value as string);
      return `${SESSION_COOKIE}=${session}; Path=/viewer; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}`;
    },
  };
}
