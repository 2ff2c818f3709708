/**
 * Runs the generated agent-server operation cases (test/api/generated/agent-server-operations.test.ts):
 * each operation's method, called with schema-valid arguments through `createAgentServerClient`,
 * against the loopback server that checks every request against the agent server's own OpenAPI
 * document (spec/agent-server-openapi.json) and answers schema-valid bodies.
 */
import { type AgentServerClient, createAgentServerClient } from 'agentwire/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, startOpenApiServer } from './openapi-server';

/** One operation: how to call it, what the server must receive, what it answers. */
export interface OperationCase {
  /** `METHOD /api/template`, as the document names it. */
  operation: string;
  /** The success status the document declares (200 or 201). */
  status: number;
  /** The call, through the client's typed method. */
  call: (server: AgentServerClient) => PromiseLike<unknown>;
  /**
   * The request the server must receive: path, query pairs (sorted), and the JSON body or the
   * multipart form's fields (files as text), if any.
   */
  sent: { path: string; query: [string, string][]; body?: unknown; form?: Record<string, string> };
  /** The answer the server gives (valid against the operation's response schema). */
  answer: unknown;
}

const KEY = 'session-key-operations-0123456789';

/** What a decoded answer must hold of the answer sent: bytes (alone, or an archive's), or the JSON's fields. */
function expectDecoded(result: unknown, answer: unknown): void {
  const raw = answer as Partial<RawAnswer>;
  if (raw.raw instanceof Uint8Array) {
    // `files.archive` resolves to the bytes together with what the headers say.
    const bytes = result instanceof Uint8Array ? result : (result as { bytes: Uint8Array }).bytes;
    expect(new Uint8Array(bytes)).toEqual(raw.raw);
    return;
  }
  const page = answer as { items?: object[]; next_page_id?: unknown };
  if (page.items !== undefined && 'next_page_id' in page) {
    const items = (result as { items: unknown[] }).items;
    expect(items).toHaveLength(page.items.length);
    expect(items).toMatchObject(page.items);
    return;
  }
  if (answer !== null && typeof answer === 'object') expect(result).toMatchObject(answer);
  else expect(result).toEqual(answer);
}

/** Defines one test per case, all against one server. */
export function testOperations(cases: OperationCase[]): void {
  let server: Awaited<ReturnType<typeof startOpenApiServer>>;
  let client: AgentServerClient;
  beforeAll(async () => {
    server = await startOpenApiServer(
      Object.fromEntries(cases.map((entry) => [entry.operation, entry.answer])),
      { header: 'x-session-api-key', value: KEY },
      { document: 'agent-server' },
    );
    client = createAgentServerClient({ baseUrl: server.baseUrl, sessionApiKey: KEY, maxRetries: 0, timeout: 5_000 });
  });
  afterAll(() => server.close());

  describe("every operation of the agent server's profiles and files, typed and checked on the wire", () => {
    it.each(cases)('$operation', async (entry) => {
      const before = server.recorded.length;
      const violations = server.violations.length;
      // A request the server finds against the document is answered 400: the error names the problem.
      const result = await entry.call(client);
      expect(server.violations.slice(violations)).toEqual([]);
      const requests = server.recorded.slice(before);
      expect(requests).toHaveLength(1);
      const request = requests[0] as (typeof requests)[number];
      expect(`${request.method} ${request.path}`).toBe(`${entry.operation.split(' ')[0]} ${entry.sent.path}`);
      const query = [...request.query].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
      expect(query).toEqual(entry.sent.query);
      if (entry.sent.form) expect(request.form).toEqual(entry.sent.form);
      else if ('body' in entry.sent) expect(JSON.parse(request.body)).toMatchObject(entry.sent.body as object);
      else expect(request.body).toBe('');
      expectDecoded(result, entry.answer);
    });
  });
}
