import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConfigRepositoryProgress, loadConfigRepository } from '../../src/skills/config-repository';
import { ConfigRepositoryError } from '../../src/skills/config-repository-error';
import { loadOwnerSkills } from '../../src/skills/owner-skills';
import { createUpstream, type GitHttpServer, startGitHttpServer, type Upstream } from '../helpers/config-repositories';
import { git, tempTree } from '../helpers/tree';

const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\nBody of ${name}.\n`;
const legacy = (name: string) => `---\nname: ${name}\ntriggers: [${name}]\n---\nLegacy ${name}.\n`;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace(): { root: string; cacheDir: string } {
  const tree = tempTree();
  cleanups.push(tree.cleanup);
  return { root: join(tree.root, 'remotes'), cacheDir: join(tree.root, 'cache') };
}

function upstream(root: string, path: string, files: Parameters<typeof createUpstream>[2]): Upstream {
  const made = createUpstream(root, path, files);
  cleanups.push(made.cleanup);
  return made;
}

const names = (skills: { name: string }[]) => skills.map((entry) => entry.name).sort();

describe('loadOwnerSkills', () => {
  it('merges the legacy and the .agents repository as the service does and reports the overlap', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.openhands.git', {
      'skills/shared/SKILL.md': skill('shared'),
      'skills/legacy-only/SKILL.md': skill('legacy-only'),
    });
    upstream(root, 'acme/.agents.git', {
      'skills/shared/SKILL.md': skill('shared'),
      'skills/agents-only.md': legacy('agents-only'),
    });
    const result = await loadOwnerSkills({
      host: 'github.com',
      owner: 'acme',
      preset: 'openhands',
      baseUrl: pathToFileURL(root).href,
      cacheDir,
    });
    expect(result.repositories.map((entry) => [entry.path.path, entry.status])).toEqual([
      ['acme/.openhands', 'loaded'],
      ['acme/.agents', 'loaded'],
    ]);
    expect(names(result.skills)).toEqual(['agents-only', 'legacy-only', 'shared']);
    const shared = result.skills.find((entry) => entry.name === 'shared');
    const legacyFile = result.repositories[0]?.skills.find((entry) => entry.name === 'shared')?.file ?? '';
    expect(shared?.file).toContain(`${join('acme', '.agents', 'skills', 'shared', 'SKILL.md')}`);
    expect(legacyFile).toContain(`${join('acme', '.openhands', 'skills', 'shared', 'SKILL.md')}`);
    expect(shared?.scope).toBe('organization');
    const duplicates = result.diagnostics.filter((entry) => entry.code === 'duplicate-skill-name');
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]).toMatchObject({ severity: 'error', file: legacyFile, line: 1, column: 1 });
    expect(duplicates[0]?.message).toContain(legacyFile);
    expect(duplicates[0]?.message).toContain(shared?.file);
    expect(duplicates[0]?.message).toContain('keeps the one of acme/.agents');
    expect(duplicates[0]?.related).toEqual([
      { file: shared?.file, line: 1, column: 1, message: 'the skill the service keeps (acme/.agents)' },
    ]);
    expect(result.shadowed).toHaveLength(1);
    expect(result.shadowed[0]).toMatchObject({ repository: 'acme/.openhands', byRepository: 'acme/.agents' });
    expect(result.shadowed[0]?.skill.file).toBe(legacyFile);
    expect(result.shadowed[0]?.by).toBe(shared);
  });

  it('reports a missing repository as information and loads the others', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.agents.git', { 'skills/only/SKILL.md': skill('only') });
    const result = await loadOwnerSkills({
      host: 'github.com',
      owner: 'acme',
      preset: 'openhands',
      baseUrl: pathToFileURL(root).href,
      cacheDir,
    });
    expect(result.repositories.map((entry) => entry.status)).toEqual(['missing', 'loaded']);
    expect(names(result.skills)).toEqual(['only']);
    const missing = result.diagnostics.filter((entry) => entry.code === 'config-repository-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ severity: 'info', file: pathToFileURL(join(root, 'acme', '.openhands.git')).href });
    expect(missing[0]?.message).toContain('acme/.openhands');
  });

  it('loads the one repository of a GitLab group, subgroups included', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'platform/backend/service-config.git', { 'skills/deploy/SKILL.md': skill('deploy') });
    upstream(root, 'platform/backend/.agents.git', { 'skills/ignored/SKILL.md': skill('ignored') });
    const result = await loadOwnerSkills({
      host: 'git.example.com',
      kind: 'gitlab',
      owner: 'platform/backend',
      baseUrl: pathToFileURL(root).href,
      cacheDir,
    });
    expect(result.repositories.map((entry) => [entry.path.path, entry.status])).toEqual([['platform/backend/service-config', 'loaded']]);
    expect(names(result.skills)).toEqual(['deploy']);
    expect(result.repositories[0]?.repository.cacheDirectory).toMatch(/platform\+backend[\\/]service-config$/);
  });

  it('never reads another owner\u2019s cache', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.agents.git', { 'skills/acme-skill/SKILL.md': skill('acme-skill') });
    const baseUrl = pathToFileURL(root).href;
    const acme = await loadOwnerSkills({ host: 'github.com', owner: 'acme', baseUrl, cacheDir });
    expect(names(acme.skills)).toEqual(['acme-skill']);
    const other = await loadOwnerSkills({ host: 'github.com', owner: 'other', baseUrl, cacheDir });
    expect(other.skills).toEqual([]);
    expect(other.repositories[0]?.status).toBe('missing');
    expect(other.repositories[0]?.repository.cacheDirectory).not.toBe(acme.repositories[0]?.repository.cacheDirectory);
    expect(other.repositories[0]?.repository.cacheDirectory.startsWith(cacheDir)).toBe(true);
  });
});

describe('loadConfigRepository', () => {
  it('drops the whole skills/ for one bad file and still loads microagents/', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', {
      'skills/good/SKILL.md': skill('good'),
      'skills/bad/SKILL.md': '---\nname: bad\ndescription: 42\n---\nBody.\n',
      'microagents/old-one.md': legacy('old-one'),
      'microagents/good.md': legacy('good'),
    });
    const result = await loadConfigRepository({ url: origin.url, cacheDir });
    expect(result.status).toBe('loaded');
    // skills/ is lost, so microagents/ fills in every name, `good` included.
    expect(names(result.skills)).toEqual(['good', 'old-one']);
    expect(result.skills.every((entry) => entry.file.includes(`${join('', 'microagents', '')}`))).toBe(true);
    expect(result.skills.every((entry) => entry.scope === 'organization')).toBe(true);
    const checkout = result.repository.cacheDirectory;
    const drop = result.diagnostics.find((entry) => entry.code === 'would-drop-directory');
    expect(drop).toMatchObject({ severity: 'error', file: join(checkout, 'skills', 'bad', 'SKILL.md'), line: 3 });
    expect(drop?.message).toContain('bad, good');
    expect(result.diagnostics.find((entry) => entry.code === 'frontmatter-wrong-type')).toMatchObject({ line: 3, column: 14 });
    expect(result.diagnostics.find((entry) => entry.code === 'config-repository-legacy-folder')).toMatchObject({
      severity: 'info',
      file: join(checkout, 'microagents'),
    });
  });

  it('reads microagents/ only for names skills/ does not have, and keeps a legacy file over a SKILL.md there', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', {
      'skills/deploy/SKILL.md': skill('deploy'),
      'skills/deploy.md': legacy('deploy'),
      'microagents/deploy.md': legacy('deploy'),
      'microagents/review.md': legacy('review'),
      'microagents/review/SKILL.md': skill('review'),
    });
    const result = await loadConfigRepository({ url: origin.url, cacheDir });
    const checkout = result.repository.cacheDirectory;
    expect(result.skills.map((entry) => [entry.name, entry.file])).toEqual([
      ['deploy', join(checkout, 'skills', 'deploy', 'SKILL.md')],
      ['review', join(checkout, 'microagents', 'review.md')],
    ]);
    const shadowed = result.diagnostics.filter((entry) => entry.code === 'shadowed-skill');
    // In skills/ a SKILL.md beats a legacy file; in microagents/ the reverse.
    expect(shadowed.map((entry) => entry.file).sort()).toEqual([
      join(checkout, 'microagents', 'deploy.md'),
      join(checkout, 'microagents', 'review', 'SKILL.md'),
      join(checkout, 'skills', 'deploy.md'),
    ]);
    const about = (...path: string[]) => shadowed.find((entry) => entry.file === join(checkout, ...path))?.message;
    expect(about('microagents', 'deploy.md')).toContain('only for names skills/ does not have');
    expect(about('microagents', 'review', 'SKILL.md')).toContain('in microagents/ the service keeps a legacy file');
    expect(about('skills', 'deploy.md')).toContain('in a configuration repository a SKILL.md beats a legacy file');
  });

  // This test and the next two run git many times each: their timeouts are ten times what they take on an idle machine.
  it('fetches an upstream change into the same cache: new skills appear, deleted ones disappear', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', { 'skills/old/SKILL.md': skill('old'), 'skills/kept/SKILL.md': skill('kept') });
    const phases: string[] = [];
    const onProgress = (event: ConfigRepositoryProgress) => phases.push(event.phase);
    const first = await loadConfigRepository({ url: origin.url, cacheDir, onProgress });
    expect(names(first.skills)).toEqual(['kept', 'old']);
    expect(first.commit).toMatch(/^[0-9a-f]{40}$/);
    const commit = origin.commit({ 'skills/old/SKILL.md': null, 'skills/new/SKILL.md': skill('new') });
    phases.length = 0;
    const second = await loadConfigRepository({ url: origin.url, cacheDir, onProgress });
    expect(names(second.skills)).toEqual(['kept', 'new']);
    expect(second.commit).toBe(commit);
    expect(second.repository.cacheDirectory).toBe(first.repository.cacheDirectory);
    expect([...new Set(phases)]).toEqual(['fetching', 'reading', 'done']);
    expect(existsSync(join(second.repository.cacheDirectory, 'skills', 'old'))).toBe(false);
  }, 60_000);

  it('reports every phase, and transfer progress while cloning and fetching', async () => {
    const { root, cacheDir } = workspace();
    const files: Record<string, string> = {};
    for (let index = 0; index < 40; index++) files[`skills/s${index}/SKILL.md`] = skill(`s${index}`);
    const origin = upstream(root, 'acme/.agents.git', files);
    const events: ConfigRepositoryProgress[] = [];
    await loadConfigRepository({ url: origin.url, cacheDir, onProgress: (event) => events.push(event) });
    expect([...new Set(events.map((event) => event.phase))]).toEqual(['cloning', 'reading', 'done']);
    expect(events.every((event) => event.repository === origin.url)).toBe(true);
    const transfer = events.filter((event) => event.stage !== undefined);
    expect(transfer.length).toBeGreaterThan(0);
    expect(transfer.every((event) => event.phase === 'cloning' && typeof event.percent === 'number')).toBe(true);
    const more: Record<string, string> = {};
    for (let index = 0; index < 40; index++) more[`skills/t${index}/SKILL.md`] = skill(`t${index}`);
    origin.commit(more);
    events.length = 0;
    await loadConfigRepository({ url: origin.url, cacheDir, onProgress: (event) => events.push(event) });
    expect([...new Set(events.map((event) => event.phase))]).toEqual(['fetching', 'reading', 'done']);
    expect(events.some((event) => event.phase === 'fetching' && event.stage !== undefined)).toBe(true);
  }, 120_000);

  it('loads a branch, a tag and a commit, and goes back to the default branch in the same cache', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', { 'README.md': '# config\n' });
    origin.tag('v1');
    origin.commit({ 'skills/feature-skill/SKILL.md': skill('feature-skill') }, { branch: 'feature' });
    const onMain = origin.commit({ 'skills/main-skill/SKILL.md': skill('main-skill') });
    const later = origin.commit({ 'skills/later/SKILL.md': skill('later') });
    const feature = await loadConfigRepository({ url: origin.url, ref: 'feature', cacheDir });
    expect(names(feature.skills)).toEqual(['feature-skill']);
    const main = await loadConfigRepository({ url: origin.url, cacheDir });
    expect(names(main.skills)).toEqual(['later', 'main-skill']);
    expect(main.commit).toBe(later);
    const tag = await loadConfigRepository({ url: origin.url, ref: 'v1', cacheDir });
    expect(tag.skills).toEqual([]);
    const pinned = await loadConfigRepository({ url: origin.url, ref: onMain, cacheDir });
    expect(names(pinned.skills)).toEqual(['main-skill']);
    expect(pinned.commit).toBe(onMain);
  }, 120_000);

  it('clones a commit in full into an empty cache', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', { 'skills/first/SKILL.md': skill('first') });
    const first = git(origin.bare, 'rev-parse', 'HEAD').trim();
    origin.commit({ 'skills/second/SKILL.md': skill('second') });
    const result = await loadConfigRepository({ url: origin.url, ref: first, cacheDir });
    expect(result.commit).toBe(first);
    expect(names(result.skills)).toEqual(['first']);
  });

  it('reports a missing ref as a warning', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', { 'skills/a/SKILL.md': skill('a') });
    for (const ref of ['no-such-branch', 'f'.repeat(40)]) {
      const result = await loadConfigRepository({ url: origin.url, ref, cacheDir });
      expect(result.status).toBe('ref-missing');
      expect(result.skills).toEqual([]);
      expect(result.diagnostics.map((entry) => [entry.code, entry.severity])).toEqual([['config-repository-ref-missing', 'warning']]);
    }
    // With a cache present too.
    await loadConfigRepository({ url: origin.url, cacheDir });
    const again = await loadConfigRepository({ url: origin.url, ref: 'no-such-branch', cacheDir });
    expect(again.status).toBe('ref-missing');
  });

  it('reports a missing repository as information, without throwing', async () => {
    const { root, cacheDir } = workspace();
    const url = pathToFileURL(join(root, 'nobody', '.agents.git')).href;
    const result = await loadConfigRepository({ url, cacheDir });
    expect(result).toMatchObject({ status: 'missing', skills: [] });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'config-repository-missing', severity: 'info', file: url, line: 1, column: 1 });
    expect(existsSync(result.repository.cacheDirectory)).toBe(false);
  });

  it('clones again over a cache folder git cannot use, without touching a repository around the cache', async () => {
    const outer = tempTree({ 'README.md': 'outer\n' });
    cleanups.push(outer.cleanup);
    git(outer.root, 'init', '-q');
    git(outer.root, 'add', '-A');
    git(outer.root, 'commit', '-q', '-m', 'outer');
    const outerHead = git(outer.root, 'rev-parse', 'HEAD').trim();
    const { root } = workspace();
    const cacheDir = join(outer.root, 'cache');
    const origin = upstream(root, 'acme/.agents.git', { 'skills/a/SKILL.md': skill('a') });
    const first = await loadConfigRepository({ url: origin.url, cacheDir });
    writeFileSync(join(first.repository.cacheDirectory, '.git', 'HEAD'), 'garbage\n');
    const second = await loadConfigRepository({ url: origin.url, cacheDir });
    expect(second.status).toBe('loaded');
    expect(names(second.skills)).toEqual(['a']);
    expect(git(outer.root, 'rev-parse', 'HEAD').trim()).toBe(outerHead);
    expect(readFileSync(join(outer.root, 'README.md'), 'utf8')).toBe('outer\n');
  });

  it('serializes concurrent loads of one repository', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', { 'skills/a/SKILL.md': skill('a') });
    const results = await Promise.all([1, 2, 3].map(() => loadConfigRepository({ url: origin.url, cacheDir })));
    expect(results.map((result) => result.status)).toEqual(['loaded', 'loaded', 'loaded']);
    expect(results.map((result) => names(result.skills))).toEqual([['a'], ['a'], ['a']]);
    const ownerFolder = join(results[0]?.repository.cacheDirectory ?? '', '..');
    expect(readdirSync(ownerFolder)).toEqual(['.agents']);
  });
});

describe('without git', () => {
  it('throws a typed error when git cannot be started', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', {});
    const path = process.env.PATH;
    process.env.PATH = join(root, 'no-such-folder');
    try {
      const error = await loadConfigRepository({ url: origin.url, cacheDir }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigRepositoryError);
      expect((error as ConfigRepositoryError).code).toBe('git-unavailable');
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('hostile input', () => {
  const hostile = (marker: string) => [
    `--upload-pack=touch ${marker}`,
    `ext::sh -c touch% ${marker}`,
    `-oProxyCommand=touch ${marker}`,
    `ssh://-oProxyCommand=touch%20${marker}/acme/.agents`,
    `-u touch ${marker}`,
    `git@-oProxyCommand=touch:${marker}`,
    `fd::17`,
    `/tmp/local/path`,
    `git://example.com/acme/.agents`,
    `http://example.com/acme/.agents.git`,
  ];

  it('refuses URLs that could reach git as an option or a command before git runs', async () => {
    const { root, cacheDir } = workspace();
    const marker = join(root, 'pwned');
    for (const url of hostile(marker)) {
      const error = await loadConfigRepository({ url, cacheDir }).catch((caught: unknown) => caught);
      expect(error, url).toBeInstanceOf(ConfigRepositoryError);
      expect((error as ConfigRepositoryError).code, url).toBe('unsafe-url');
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('refuses refs that git would read as options, and credentials in URLs', async () => {
    const { root, cacheDir } = workspace();
    const origin = upstream(root, 'acme/.agents.git', {});
    const marker = join(root, 'pwned');
    for (const ref of [`--upload-pack=touch ${marker}`, '-b', 'main..other', 'HEAD@{1}', 'a b', '.hidden', 'x.lock']) {
      const error = await loadConfigRepository({ url: origin.url, ref, cacheDir }).catch((caught: unknown) => caught);
      expect((error as ConfigRepositoryError).code, ref).toBe('invalid-ref');
    }
    const credentials = await loadConfigRepository({ url: 'https://ghp_secret@github.com/acme/.agents.git', cacheDir }).catch(
      (caught: unknown) => caught,
    );
    expect((credentials as ConfigRepositoryError).code).toBe('credentials-in-url');
    expect((credentials as Error).message).not.toContain('ghp_secret');
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(cacheDir)).toBe(false);
  });
});

describe('tokens', () => {
  const TOKEN = 'ghp_T0kenThatMustNotLeak';
  const encoded = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
  let server: GitHttpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const leaks = (value: unknown) => {
    const text = `${JSON.stringify(value)}\n${inspect(value, { depth: null, showHidden: true })}`;
    return text.includes(TOKEN) || text.includes(encoded);
  };

  it('sends the token as a header git never stores, and shows it nowhere', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.agents.git', { 'skills/private/SKILL.md': skill('private') });
    server = await startGitHttpServer(root);
    server.requiredAuthorization = `Basic ${encoded}`;
    const url = `${server.origin}/acme/.agents.git`;
    const events: ConfigRepositoryProgress[] = [];
    const result = await loadConfigRepository({ url, token: TOKEN, cacheDir, onProgress: (event) => events.push(event) });
    expect(result.status).toBe('loaded');
    expect(names(result.skills)).toEqual(['private']);
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((header) => header === `Basic ${encoded}`)).toBe(true);
    const config = readFileSync(join(result.repository.cacheDirectory, '.git', 'config'), 'utf8');
    expect(config).toContain(`url = ${url}`);
    expect(config).not.toContain(TOKEN);
    expect(config).not.toContain(encoded);
    expect(config.toLowerCase()).not.toContain('extraheader');
    expect(leaks(result)).toBe(false);
    expect(leaks(events)).toBe(false);
    // A fetch with the token, then without it: the server refuses, the cache is not served.
    const again = await loadConfigRepository({ url, token: TOKEN, cacheDir });
    expect(again.status).toBe('loaded');
    const without = await loadConfigRepository({ url, cacheDir });
    expect(without.status).toBe('missing');
    expect(without.skills).toEqual([]);
    expect(server.authorizations.at(-1)).toBeUndefined();
  });

  it('keeps the token out of diagnostics when the server does not know the repository', async () => {
    const { root, cacheDir } = workspace();
    server = await startGitHttpServer(root);
    const url = `${server.origin}/acme/.agents.git`;
    server.mode = 'not-found';
    const events: ConfigRepositoryProgress[] = [];
    const result = await loadConfigRepository({ url, token: TOKEN, cacheDir, onProgress: (event) => events.push(event) });
    expect(result.status).toBe('missing');
    expect(result.diagnostics.map((entry) => [entry.code, entry.severity])).toEqual([['config-repository-missing', 'info']]);
    expect(server.authorizations.at(-1)).toBe(`Basic ${encoded}`);
    expect(leaks(result)).toBe(false);
    expect(leaks(events)).toBe(false);
  });

  it('throws an authentication error, without the token, when the server answers 401 to it (clone and fetch)', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.agents.git', { 'skills/private/SKILL.md': skill('private') });
    server = await startGitHttpServer(root);
    const url = `${server.origin}/acme/.agents.git`;
    server.mode = 'unauthorized';
    const refused = async () => {
      const error = await loadConfigRepository({ url, token: TOKEN, cacheDir }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigRepositoryError);
      expect((error as ConfigRepositoryError).code).toBe('authentication-failed');
      expect((error as Error).message).toContain(`${url} refused the token`);
      expect(server?.authorizations.at(-1)).toBe(`Basic ${encoded}`);
      expect(leaks(error)).toBe(false);
      expect(leaks((error as Error).stack)).toBe(false);
    };
    await refused();
    // Without a token, the same answer keeps a repository out of reach: a note, as for a missing one.
    expect((await loadConfigRepository({ url, cacheDir })).status).toBe('missing');
    // A cached checkout whose fetch the server refuses: the same error, the cache is not read.
    server.mode = 'serve';
    expect((await loadConfigRepository({ url, token: TOKEN, cacheDir })).status).toBe('loaded');
    server.mode = 'unauthorized';
    await refused();
  });

  it('uses the host\u2019s user name and a user:password token as given', async () => {
    const { root, cacheDir } = workspace();
    server = await startGitHttpServer(root);
    server.mode = 'unauthorized';
    const url = `${server.origin}/acme/.agents.git`;
    const refused = { code: 'authentication-failed' };
    await expect(loadConfigRepository({ url, token: 'me:app-password', cacheDir })).rejects.toMatchObject(refused);
    expect(server.authorizations.at(-1)).toBe(`Basic ${Buffer.from('me:app-password').toString('base64')}`);
    await expect(loadConfigRepository({ url, token: 'glpat-x', tokenUser: 'oauth2', cacheDir })).rejects.toMatchObject(refused);
    expect(server.authorizations.at(-1)).toBe(`Basic ${Buffer.from('oauth2:glpat-x').toString('base64')}`);
    const error = await loadConfigRepository({ url, token: 'bad\r\nX-Injected: 1', cacheDir }).catch((caught: unknown) => caught);
    expect((error as ConfigRepositoryError).code).toBe('invalid-token');
    expect((error as Error).message).not.toContain('bad');
  });
});

describe('unreachable remotes', () => {
  let server: GitHttpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('warns on a server error and a timeout, and reads the cached checkout only when asked', async () => {
    const { root, cacheDir } = workspace();
    upstream(root, 'acme/.agents.git', { 'skills/cached/SKILL.md': skill('cached') });
    server = await startGitHttpServer(root);
    const url = `${server.origin}/acme/.agents.git`;
    expect((await loadConfigRepository({ url, cacheDir })).status).toBe('loaded');
    server.mode = 'error';
    const failed = await loadConfigRepository({ url, cacheDir });
    expect(failed).toMatchObject({ status: 'unreachable', skills: [] });
    expect(failed.diagnostics.map((entry) => [entry.code, entry.severity])).toEqual([['config-repository-unreachable', 'warning']]);
    const stale = await loadConfigRepository({ url, cacheDir, staleOnError: true });
    expect(stale.status).toBe('stale');
    expect(names(stale.skills)).toEqual(['cached']);
    expect(stale.diagnostics.map((entry) => entry.code)).toContain('config-repository-unreachable');
    // The server never answers now: only the timeout ends the load (how soon after it is measured by `npm run bench`).
    server.mode = 'hang';
    const timedOut = await loadConfigRepository({ url, cacheDir, timeoutMs: 1000 });
    expect(timedOut.status).toBe('unreachable');
    expect(timedOut.diagnostics[0]?.message).toContain('longer than 1 s');
  });
});
