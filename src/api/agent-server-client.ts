/**
 * `createAgentServerClient`: what runs inside a sandbox talks to its agent server with the
 * sandbox's `X-Session-API-Key`: LLM profiles and workspace files.
 * @module
 */
import * as v from 'valibot';
import { ConflictError } from './errors';
import { INSPECT } from './redact';
import { decodeResponse } from './response';
import { createTransport, type RequestInfo, type RequestSpec, type ResponseInfo, sharedTransportOptions } from './transport';

/** Options of {@link createAgentServerClient}. */
export interface AgentServerClientOptions {
  /** The agent server's URL (an `exposed_urls` entry of the sandbox). */
  baseUrl: string;
  /** The sandbox's session key, sent as `X-Session-API-Key`. */
  sessionApiKey: string;
  /** The path of the workspace file listing (the service does not publish it). Default `/api/file/list`. */
  filesListPath?: string;
  fetch?: typeof globalThis.fetch;
  timeout?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  onRequest?: (info: RequestInfo) => void;
  onResponse?: (info: ResponseInfo) => void;
}

/** The answer of a profile validation. */
export interface ProfileValidation {
  valid: boolean;
  error: { type: string; message: string } | null;
}

/** A 409 from saving one profile too many (the server keeps at most 50 by default). */
export class ProfileLimitError extends ConflictError {
  override name = 'ProfileLimitError';
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Throws when a profile name breaks the server's rule (checked before any request). */
export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new TypeError(
      `invalid profile name ${JSON.stringify(name)}: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

const ValidationSchema = v.looseObject({
  valid: v.boolean(),
  error: v.optional(v.nullable(v.looseObject({ type: v.string(), message: v.string() })), null),
});

/** Secrets inside an LLM configuration (its keys), so errors can leave them out. */
function secretsOf(llm: Record<string, unknown>): string[] {
  return Object.entries(llm)
    .filter(([key, value]) => /key|token|secret|password/i.test(key) && typeof value === 'string')
    .map(([, value]) => value as string);
}

/** Creates a client of a sandbox's agent server. */
export function createAgentServerClient(options: AgentServerClientOptions) {
  if (!options.sessionApiKey) throw new TypeError('createAgentServerClient: sessionApiKey is required');
  const transport = (extraSecrets: string[] = []) => {
    const send = createTransport({
      baseUrl: options.baseUrl,
      headers: { accept: 'application/json', 'x-session-api-key': options.sessionApiKey },
      secrets: [options.sessionApiKey, ...extraSecrets],
      ...sharedTransportOptions(options),
    });
    return async (spec: RequestSpec): Promise<unknown> => (await send(spec)).body;
  };
  const request = transport();
  const profilePath = (name: string) => {
    checkProfileName(name);
    return `/api/profiles/${encodeURIComponent(name)}`;
  };
  const summary = { baseUrl: options.baseUrl, sessionApiKey: '[redacted]' };
  return {
    profiles: {
      /** Checks an LLM configuration before saving it. Keys in `llm` never appear in a thrown error. */
      async validate(name: string, body: { llm: Record<string, unknown> }): Promise<ProfileValidation> {
        const path = `${profilePath(name)}/validate`;
        const answer = await transport(secretsOf(body.llm))({ method: 'POST', path, body });
        return decodeResponse(ValidationSchema, answer, `POST ${path}`) as ProfileValidation;
      },
      /** The saved profiles. */
      list: async (): Promise<unknown> => request({ method: 'GET', path: '/api/profiles' }),
      /** One profile. */
      get: async (name: string): Promise<unknown> => request({ method: 'GET', path: profilePath(name) }),
      /** Saves a profile; one too many gives {@link ProfileLimitError}. */
      async save(name: string, body: { llm: Record<string, unknown>; [key: string]: unknown }): Promise<unknown> {
        try {
          return await transport(secretsOf(body.llm))({ method: 'PUT', path: profilePath(name), body });
        } catch (error) {
          if (error instanceof ConflictError) {
            throw new ProfileLimitError({ status: 409, headers: error.headers, body: error.body, method: 'PUT', path: profilePath(name) });
          }
          throw error;
        }
      },
      /** Deletes a profile. */
      delete: async (name: string): Promise<void> => {
        await request({ method: 'DELETE', path: profilePath(name) });
      },
    },
    files: {
      /** Creates a directory in the workspace; `path` must be absolute. */
      async createDirectory(path: string): Promise<void> {
        if (!path.startsWith('/')) throw new TypeError(`createDirectory needs an absolute path, not ${JSON.stringify(path)}`);
        await request({ method: 'POST', path: '/api/file/create_directory', query: { path } });
      },
      /** Lists workspace files at `options.filesListPath` (default `/api/file/list`). */
      list: async (path?: string): Promise<unknown> =>
        request({ method: 'GET', path: options.filesListPath ?? '/api/file/list', query: path === undefined ? {} : { path } }),
    },
    toJSON: () => summary,
    [INSPECT]: () => `AgentServerClient ${JSON.stringify(summary)}`,
  };
}
