import { inspect } from 'node:util';
import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  createClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from 'agentwire/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenApiServer } from './openapi-server';

const KEY = 'sk-test-0123456789abcdef';
const sandbox = (id: string, status = 'RUNNING') => ({
  id,
  created_by_user_id: 'u1',
  sandbox_spec_id: 'spec-python',
  status,
  session_api_key: null,
  exposed_urls: [{ name: 'AGENT_SERVER', url: 'http://127.0.0.1:9000', port: 9000 }],
});
const spec = {
  id: 'spec-python',
  command: ['/bin/agent'],
  created_at: '2026-06-16T05:39:18Z',
  initial_env: { LANG: 'C.UTF-8' },
  working_dir: '/workspace',
};

let server: Awaited<ReturnType<typeof startOpenApiServer>>;
beforeAll(async () => {
  server = await startOpenApiServer(
    {
      'GET /api/v1/sandboxes/search': { items: [sandbox('s1'), sandbox('s2', 'PAUSED')], next_page_id: null },
      'POST /api/v1/sandboxes': sandbox('s3', 'STARTING'),
      'POST /api/v1/sandboxes/{sandbox_id}/pause': { success: true },
      'POST /api/v1/sandboxes/{sandbox_id}/resume': { success: true },
      'DELETE /api/v1/sandboxes/{id}': { success: true },
      'GET /api/v1/sandboxes': [sandbox('s1'), null],
      'GET /api/v1/sandbox-specs/search': { items: [spec], next_page_id: null },
      'GET /api/v1/sandbox-specs': [spec],
      'GET /api/billing/credits': { credits: null },
    },
    { header: 'authorization', value: `Bearer ${KEY}` },
  );
});
afterAll(() => server.close());

const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: server.baseUrl, apiKey: KEY, maxRetries: 2, timeout: 30_000, ...extra });
const count = (method: string, path: string) => server.recorded.filter((entry) => entry.method === method && entry.path === path).length;

describe('the V1 client against the reference OpenAPI', () => {
  it('calls every sandbox and template method as the OpenAPI defines it', async () => {
    const api = client();
    const page = await api.sandboxes.search({ limit: 10 });
    expect(page.items.map((item) => item.status)).toEqual(['RUNNING', 'PAUSED']);
    const all: string[] = [];
    for await (const item of page) all.push(item.id);
    expect(all).toEqual(['s1', 's2']);
    expect((await api.sandboxes.start({ sandboxSpecId: 'spec-python' })).status).toBe('STARTING');
    await api.sandboxes.pause('s1');
    await api.sandboxes.resume('s1');
    await api.sandboxes.delete('s1');
    expect((await api.sandboxes.get(['s1', 'missing'])).map((item) => item?.id ?? null)).toEqual(['s1', null]);
    expect((await api.sandboxSpecs.search()).items[0]?.id).toBe('spec-python');
    expect((await api.sandboxSpecs.get(['spec-python']))[0]?.working_dir).toBe('/workspace');
    expect(await api.credits()).toBe(0);
    expect(server.violations).toEqual([]);
    const start = server.recorded.find((entry) => entry.method === 'POST' && entry.path === '/api/v1/sandboxes');
    expect(start?.query.get('sandbox_spec_id')).toBe('spec-python');
    expect(start?.body).toBe('');
    const remove = server.recorded.find((entry) => entry.method === 'DELETE');
    expect(remove?.query.get('sandbox_id')).toBe('s1');
  });

  it('sends batch ids as repeated parameters, 99 per request, keeping the order', async () => {
    const before = count('GET', '/api/v1/sandboxes');
    const ids = Array.from({ length: 150 }, (_, i) => `s${i}`);
    const got = await client().sandboxes.get(ids);
    expect(count('GET', '/api/v1/sandboxes') - before).toBe(2);
    expect(got).toHaveLength(4); // the test server answers two items per request
    const last = server.recorded.filter((entry) => entry.path === '/api/v1/sandboxes' && entry.method === 'GET').at(-1);
    expect(last?.query.getAll('id')).toEqual(ids.slice(99));
  });

  it('checks limits before sending', async () => {
    await expect(client().sandboxes.search({ limit: 0 })).rejects.toThrow(RangeError);
    await expect(client().sandboxes.search({ limit: 101 })).rejects.toThrow(/1 to 100/);
  });
});

describe('failures', () => {
  it('retries 429 honouring Retry-After, and 5xx with backoff', async () => {
    server.fail(
      'GET /api/v1/sandbox-specs/search',
      { status: 429, headers: { 'retry-after': '0' }, body: '{"message":"slow down"}' },
      { status: 502, body: 'Bad gateway' },
    );
    const before = count('GET', '/api/v1/sandbox-specs/search');
    expect((await client().sandboxSpecs.search()).items).toHaveLength(1);
    expect(count('GET', '/api/v1/sandbox-specs/search') - before).toBe(3);
  });

  it('gives up after maxRetries with a typed error carrying the status, body and message', async () => {
    server.fail('GET /api/v1/sandbox-specs/search', ...Array.from({ length: 3 }, () => ({ status: 503, body: 'Service Unavailable' })));
    const error = await client()
      .sandboxSpecs.search()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect((error as InternalServerError).message).toContain('Service Unavailable');
    server.fail('GET /api/v1/sandbox-specs/search', { status: 429, headers: { 'retry-after': '120' }, body: '{"message":"slow"}' });
    const limited = await client({ maxRetries: 0 })
      .sandboxSpecs.search()
      .catch((caught: unknown) => caught);
    expect(limited).toBeInstanceOf(RateLimitError);
    // What the server asked, not capped as the client's own waits are.
    expect((limited as RateLimitError).retryAfter).toBe(120);
  });

  it('maps each error shape of the service', async () => {
    server.fail('GET /api/v1/sandbox-specs', { status: 404, body: '{"detail":"Not found"}' });
    await expect(client().sandboxSpecs.get(['x'])).rejects.toThrow(NotFoundError);
    server.fail('GET /api/v1/sandbox-specs', {
      status: 422,
      body: '{"detail":[{"type":"missing","loc":["query","id"],"msg":"Field required","input":null}]}',
    });
    const invalid = (await client()
      .sandboxSpecs.get(['x'])
      .catch((caught: unknown) => caught)) as UnprocessableEntityError;
    expect(invalid).toBeInstanceOf(UnprocessableEntityError);
    expect(invalid.detail[0]?.loc).toEqual(['query', 'id']);
    expect(invalid.message).toContain('query.id: Field required');
    server.fail('GET /api/v1/sandbox-specs', { status: 401, body: '{"error":"bad key"}' });
    await expect(client().sandboxSpecs.get(['x'])).rejects.toThrow(AuthenticationError);
  });

  it('never repeats a create the server may have acted on, but retries a refused-by-rate-limit one', async () => {
    server.fail('POST /api/v1/sandboxes', { status: 500, body: 'boom' });
    let before = count('POST', '/api/v1/sandboxes');
    await expect(client().sandboxes.start()).rejects.toThrow(InternalServerError);
    expect(count('POST', '/api/v1/sandboxes') - before).toBe(1);
    server.fail('POST /api/v1/sandboxes', { reset: true });
    before = count('POST', '/api/v1/sandboxes');
    await expect(client().sandboxes.start()).rejects.toThrow(APIConnectionError);
    expect(count('POST', '/api/v1/sandboxes') - before).toBe(1);
    server.fail('POST /api/v1/sandboxes', { status: 429, headers: { 'retry-after': '0' } });
    before = count('POST', '/api/v1/sandboxes');
    expect((await client().sandboxes.start()).id).toBe('s3');
    expect(count('POST', '/api/v1/sandboxes') - before).toBe(2);
  });

  it('times out slow answers, retries them, and stops at once on abort', async () => {
    server.fail('GET /api/v1/sandbox-specs/search', { delayMs: 500 }, { delayMs: 500 });
    await expect(client({ timeout: 100, maxRetries: 1 }).sandboxSpecs.search()).rejects.toBeInstanceOf(APITimeoutError);
    server.fail('GET /api/v1/sandbox-specs/search', { delayMs: 500 });
    const controller = new AbortController();
    const pending = client({ signal: controller.signal }).sandboxSpecs.search();
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    await expect(pending).rejects.toThrow('user cancelled');
  });

  it('reports a connection refused as APIConnectionError', async () => {
    await expect(createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, maxRetries: 0 }).credits()).rejects.toBeInstanceOf(
      APIConnectionError,
    );
  });
});

describe('secrets', () => {
  it('never show the key in errors, inspection, JSON or debug hooks', async () => {
    const seen: string[] = [];
    const api = client({ onRequest: (info) => seen.push(JSON.stringify(info)), onResponse: (info) => seen.push(JSON.stringify(info)) });
    server.fail('GET /api/v1/sandbox-specs', { status: 400, body: JSON.stringify({ detail: `bad key ${KEY}` }) });
    const error = await api.sandboxSpecs.get(['x']).catch((caught: unknown) => caught);
    const texts = [
      String(error),
      (error as Error).message,
      inspect(error, { depth: 5 }),
      JSON.stringify(error),
      inspect(api, { depth: 5 }),
      JSON.stringify(api),
      ...seen,
    ];
    const refused = await createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, maxRetries: 0 })
      .credits()
      .catch((caught: unknown) => caught);
    texts.push(inspect(refused), String(refused));
    for (const text of texts) expect(text).not.toContain(KEY);
    expect(seen.some((text) => text.includes('Bearer [redacted]'))).toBe(true);
  });
});
