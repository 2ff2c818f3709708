/**
 * `createAgentServerClient` against a loopback server that checks every request against the agent
 * server's own OpenAPI document (spec/agent-server-openapi.json): the conveniences and rules on top
 * of the generated operations (test/api/generated/agent-server-operations.test.ts calls each one).
 */
import { inspect } from 'node:util';
import {
  type AgentServerClient,
  BadRequestError,
  createAgentServerClient,
  InternalServerError,
  NotFoundError,
  ProfileLimitError,
} from 'agentwire/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Recorded, rawAnswer, startOpenApiServer } from './openapi-server';

const SESSION = 'session-key-abcdef123456';
const LLM_KEY = 'sk-llm-secret-987654321';
const llm = { model: 'gpt-x', api_key: LLM_KEY };

/** Two pages of subfolders: `page_id` is the lowercase name of the first folder of the next page. */
function subdirs(request: Recorded) {
  if (request.query.get('page_id') === 'src') return { items: [{ name: 'src', path: '/workspace/src' }], next_page_id: null };
  return {
    items: [
      { name: 'docs', path: '/workspace/docs' },
      { name: 'lib', path: '/workspace/lib' },
    ],
    next_page_id: 'src',
  };
}

const ANSWERS: Record<string, unknown> = {
  'GET /api/profiles': { profiles: [{ name: 'fast', model: 'gpt-x', api_key_set: true }], active_profile: 'fast' },
  'POST /api/profiles/{name}/validate': { valid: false, error: { type: 'AuthenticationError', message: 'invalid api key' } },
  'POST /api/profiles/{name}': { name: 'fast', message: "Profile 'fast' saved" },
  'POST /api/profiles/{name}/rename': { name: 'faster', message: "Profile 'fast' renamed to 'faster'" },
  'POST /api/profiles/{name}/activate': { name: 'fast', message: "Profile 'fast' activated", llm_applied: true },
  'POST /api/file/upload': { success: true },
  'GET /api/file/download': rawAnswer(new Uint8Array([0, 1, 2, 255]), 'application/octet-stream', {
    'content-disposition': 'attachment; filename="data.bin"',
  }),
  'POST /api/file/create_directory': { success: true },
  'GET /api/file/home': { home: '/home/agent', favorites: [{ label: 'workspace', path: '/home/agent/workspace' }] },
  'GET /api/file/search_subdirs': subdirs,
  'GET /api/file/archive': rawAnswer('diff --git a/x b/x\n', 'application/octet-stream', {
    'content-disposition': 'attachment; filename="project.patch"',
    'x-archive-repo-remote': 'https://git.example/acme/project.git',
    'x-archive-branch': 'main',
    'x-archive-head-commit': 'c0ffee',
    'x-archive-repo-root': '/workspace/project',
    'x-archive-base-commit': 'decade',
    'x-archive-base-ref': 'auto',
  }),
};

let server: Awaited<ReturnType<typeof startOpenApiServer>>;
let agent: AgentServerClient;
let before: number;

beforeAll(async () => {
  server = await startOpenApiServer(ANSWERS, { header: 'x-session-api-key', value: SESSION }, { document: 'agent-server' });
  agent = createAgentServerClient({ baseUrl: server.baseUrl, sessionApiKey: SESSION, maxRetries: 1, timeout: 5_000 });
});
afterAll(() => server.close());
beforeEach(() => {
  before = server.recorded.length;
});

/** The requests of the current test, after checking none broke the document. */
function sent(): Recorded[] {
  expect(server.violations).toEqual([]);
  return server.recorded.slice(before);
}

describe('createAgentServerClient: profiles', () => {
  it('validates a profile with the session key, and checks the name before sending anything', async () => {
    const check = await agent.profiles.validate('fast', { llm });
    expect(check).toEqual({ valid: false, error: { type: 'AuthenticationError', message: 'invalid api key' } });
    expect(sent()).toMatchObject([{ method: 'POST', path: '/api/profiles/fast/validate', headers: { 'x-session-api-key': SESSION } }]);
    await expect(agent.profiles.validate('-bad name', { llm })).rejects.toThrow(/invalid profile name/);
    await expect(agent.profiles.get('x'.repeat(65))).rejects.toThrow(TypeError);
    expect(sent()).toHaveLength(1);
  });

  it('saves with POST /api/profiles/{name} (201), and retries it like a GET: it overwrites', async () => {
    server.fail('POST /api/profiles/{name}', { status: 503 });
    expect(await agent.profiles.save('fast', { llm, include_secrets: false })).toEqual({ name: 'fast', message: "Profile 'fast' saved" });
    const requests = sent();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/profiles/fast', 'POST /api/profiles/fast']);
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual({ llm, include_secrets: false });
  });

  it('turns the 409 past the profile limit into ProfileLimitError, a ConflictError', async () => {
    server.fail('POST /api/profiles/{name}', {
      status: 409,
      headers: { 'content-type': 'application/json' },
      body: '{"detail":"Profile limit reached (50). Delete a profile before saving a new one."}',
    });
    const error = await agent.profiles.save('one-more', { llm }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProfileLimitError);
    expect((error as ProfileLimitError).status).toBe(409);
    expect(String(error)).toContain('Profile limit reached (50)');
    expect(sent()).toHaveLength(1);
  });

  it('never shows the LLM key or the session key in a thrown error, even when the server echoes them', async () => {
    server.fail('POST /api/profiles/{name}/validate', {
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ detail: `rejected ${LLM_KEY} for ${SESSION}` }),
    });
    const error = await agent.profiles.validate('echo', { llm }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    for (const text of [String(error), inspect(error, { depth: 5 }), JSON.stringify((error as BadRequestError).body), inspect(agent)]) {
      expect(text).not.toContain(LLM_KEY);
      expect(text).not.toContain(SESSION);
    }
    expect(JSON.stringify(agent)).toBe(JSON.stringify({ baseUrl: server.baseUrl, sessionApiKey: '[redacted]' }));
  });

  it('lists, renames (checking the new name first) and activates profiles', async () => {
    expect(await agent.profiles.list()).toMatchObject({ profiles: [{ name: 'fast', api_key_set: true }], active_profile: 'fast' });
    expect(await agent.profiles.rename('fast', { new_name: 'faster' })).toMatchObject({ name: 'faster' });
    await expect(agent.profiles.rename('fast', { new_name: 'no spaces' })).rejects.toThrow(/profiles\.rename: invalid profile name/);
    expect((await agent.profiles.activate('fast')).llm_applied).toBe(true);
    expect(sent().map((request) => `${request.method} ${request.path} ${request.body}`)).toEqual([
      'GET /api/profiles ',
      'POST /api/profiles/fast/rename {"new_name":"faster"}',
      'POST /api/profiles/fast/activate ',
    ]);
  });
});

describe('createAgentServerClient: files', () => {
  it('uploads bytes or a Blob as the multipart field `file`, to an absolute path only', async () => {
    expect(await agent.files.upload('/workspace/a.txt', { file: new TextEncoder().encode('hello') })).toEqual({ success: true });
    await agent.files.upload('/workspace/b.txt', { file: new File(['from a file'], 'b.txt', { type: 'text/plain' }) });
    await expect(agent.files.upload('relative.txt', { file: new Uint8Array([1]) })).rejects.toThrow(
      /files\.upload: path must be an absolute path/,
    );
    const requests = sent();
    expect(requests.map((request) => [request.query.get('path'), request.form])).toEqual([
      ['/workspace/a.txt', { file: 'hello' }],
      ['/workspace/b.txt', { file: 'from a file' }],
    ]);
    expect(requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('downloads a file as bytes; withResponse() has its name', async () => {
    const { data, response } = await agent.files.download('/workspace/data.bin').withResponse();
    expect(data).toEqual(new Uint8Array([0, 1, 2, 255]));
    expect(response.headers.get('content-disposition')).toContain('data.bin');
    server.fail('GET /api/file/download', {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"detail":"File not found"}',
    });
    await expect(agent.files.download('/workspace/missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates directories by absolute path (POSIX or Windows), and retries it: it is idempotent', async () => {
    server.fail('POST /api/file/create_directory', { status: 500, body: 'boom' });
    expect(await agent.files.createDirectory('/workspace/new dir')).toEqual({ success: true });
    await agent.files.createDirectory('C:\\Users\\agent\\work');
    await expect(agent.files.createDirectory('relative/dir')).rejects.toThrow(/absolute path/);
    expect(sent().map((request) => request.query.get('path'))).toEqual([
      '/workspace/new dir',
      '/workspace/new dir',
      'C:\\Users\\agent\\work',
    ]);
  });

  it('walks every subfolder, page after page, with for await', async () => {
    const names: string[] = [];
    for await (const folder of agent.files.searchSubdirs('/workspace', { limit: 2, include_hidden: true })) names.push(folder.name);
    expect(names).toEqual(['docs', 'lib', 'src']);
    const first = await agent.files.searchSubdirs('/workspace', { limit: 2 });
    expect(first.nextPageId).toBe('src');
    expect(sent().map((request) => request.query.toString())).toEqual([
      'path=%2Fworkspace&limit=2&include_hidden=true',
      'path=%2Fworkspace&limit=2&include_hidden=true&page_id=src',
      'path=%2Fworkspace&limit=2',
    ]);
    await expect(agent.files.searchSubdirs('/workspace', { limit: 101 })).rejects.toBeInstanceOf(RangeError);
    expect(sent()).toHaveLength(3);
  });

  it('archives a folder: the bytes and what the X-Archive-* headers say', async () => {
    const archive = await agent.files.archive('/workspace/project', { format: 'git-delta', exclude: ['*.bin', 'dist/'] });
    expect(new TextDecoder().decode(archive.bytes)).toBe('diff --git a/x b/x\n');
    expect(archive).toMatchObject({
      filename: 'project.patch',
      repoRemote: 'https://git.example/acme/project.git',
      branch: 'main',
      headCommit: 'c0ffee',
      repoRoot: '/workspace/project',
      baseCommit: 'decade',
      baseRef: 'auto',
    });
    expect(sent()[0]?.query.getAll('exclude')).toEqual(['*.bin', 'dist/']);
    const { response } = await agent.files.archive('/workspace/project').withResponse();
    expect(response.status).toBe(200);
  });

  it('reads the home folder and its favorites', async () => {
    expect(await agent.files.home({ include_hidden: true })).toEqual({
      home: '/home/agent',
      favorites: [{ label: 'workspace', path: '/home/agent/workspace' }],
      locations: [],
    });
    expect(sent()[0]?.query.toString()).toBe('include_hidden=true');
  });
});

describe('createAgentServerClient: the rest', () => {
  it('sends any other request with the session key through request()', async () => {
    const profiles = await agent.request<{ active_profile: string }>('GET', '/api/profiles');
    expect(profiles.active_profile).toBe('fast');
    expect(sent()[0]?.headers['x-session-api-key']).toBe(SESSION);
  });

  it('does not retry a server error of a POST the server may have acted on', async () => {
    server.fail('POST /api/profiles/{name}/rename', { status: 500, body: 'boom' });
    await expect(agent.profiles.rename('fast', { new_name: 'faster' })).rejects.toBeInstanceOf(InternalServerError);
    expect(sent()).toHaveLength(1);
  });

  it('needs a base URL and a session key', () => {
    expect(() => createAgentServerClient({ baseUrl: server.baseUrl, sessionApiKey: '' })).toThrow(/sessionApiKey is required/);
    expect(() => createAgentServerClient({ baseUrl: '', sessionApiKey: SESSION })).toThrow(/baseUrl is required/);
  });
});
