import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { BadRequestError, createAgentServerClient, ProfileLimitError } from 'agentwire/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SESSION = 'session-key-abcdef123456';
const LLM_KEY = 'sk-llm-secret-987654321';
const seen: { method: string; url: string; body: string; key: string | undefined }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, key: req.headers['x-session-api-key'] as string | undefined });
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/profiles/good/validate') return res.end('{"valid":true,"error":null}');
      if (url.pathname === '/api/profiles/bad/validate')
        return res.end('{"valid":false,"error":{"type":"AuthenticationError","message":"invalid api key"}}');
      if (url.pathname === '/api/profiles/echo/validate') {
        res.statusCode = 400;
        return res.end(JSON.stringify({ detail: `rejected ${JSON.parse(body).llm.api_key}` }));
      }
      if (url.pathname === '/api/profiles/full' && req.method === 'PUT') {
        res.statusCode = 409;
        return res.end('{"detail":"Maximum number of profiles (50) reached"}');
      }
      if (url.pathname === '/api/file/create_directory') return res.end('{"success":true}');
      if (url.pathname === '/custom/list') return res.end('["a.txt","b.txt"]');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const client = () => createAgentServerClient({ baseUrl, sessionApiKey: SESSION, filesListPath: '/custom/list', maxRetries: 0 });
const llm = { model: 'gpt-x', api_key: LLM_KEY };

describe('createAgentServerClient', () => {
  it('validates profiles with the session key, checking the name first', async () => {
    expect(await client().profiles.validate('good', { llm })).toEqual({ valid: true, error: null });
    expect((await client().profiles.validate('bad', { llm })).error?.type).toBe('AuthenticationError');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/profiles/bad/validate', key: SESSION });
    const before = seen.length;
    await expect(client().profiles.validate('-bad name', { llm })).rejects.toThrow(/invalid profile name/);
    await expect(client().profiles.validate('x'.repeat(65), { llm })).rejects.toThrow(TypeError);
    expect(seen.length).toBe(before);
  });

  it('never shows the LLM key or the session key in a thrown error', async () => {
    const error = await client()
      .profiles.validate('echo', { llm })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    for (const text of [String(error), inspect(error, { depth: 5 }), JSON.stringify(error), inspect(client())]) {
      expect(text).not.toContain(LLM_KEY);
      expect(text).not.toContain(SESSION);
    }
  });

  it('turns the 409 past the profile limit into ProfileLimitError', async () => {
    await expect(client().profiles.save('full', { llm })).rejects.toBeInstanceOf(ProfileLimitError);
  });

  it('creates directories by absolute path and lists files at the configured path', async () => {
    await client().files.createDirectory('/workspace/new dir');
    expect(seen.at(-1)?.url).toBe('/api/file/create_directory?path=%2Fworkspace%2Fnew+dir');
    await expect(client().files.createDirectory('relative/dir')).rejects.toThrow(/absolute path/);
    expect(await client().files.list('/workspace')).toEqual(['a.txt', 'b.txt']);
    expect(seen.at(-1)?.url).toBe('/custom/list?path=%2Fworkspace');
  });
});
