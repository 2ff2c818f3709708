import { describe, expect, it } from 'vitest';
import { formatPluginSource, parsePluginSource, redactSourceCredentials, SOURCE_RULES } from './plugin-source';

const codes = (source: string) => parsePluginSource(source).diagnostics.map((d) => d.code);

describe('parsePluginSource', () => {
  it('expands github:owner/repo', () => {
    const result = parsePluginSource('github:owner/repo');
    expect(result).toEqual({
      ok: true,
      value: {
        kind: 'github',
        source: 'github:owner/repo',
        owner: 'owner',
        repo: 'repo',
        url: 'https://github.com/owner/repo.git',
        display: 'github:owner/repo',
      },
      diagnostics: [],
    });
  });

  it('refuses github: without exactly one slash, at the given position', () => {
    for (const bad of ['github:invalid', 'github:too/many/parts']) {
      expect(parsePluginSource(bad, { file: 'x.json', at: { line: 3, column: 9 } })).toEqual({
        ok: false,
        diagnostics: [
          expect.objectContaining({ code: 'source-github-shorthand-invalid', severity: 'error', file: 'x.json', line: 3, column: 9 }),
        ],
      });
    }
  });

  it('reports an empty owner or repository, which the service accepts and then fails to clone', () => {
    const result = parsePluginSource('github:/repo');
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toMatchObject([{ code: 'source-github-shorthand-invalid', severity: 'error' }]);
  });

  it('classifies git URLs and appends .git to http(s) ones', () => {
    const cases: [string, string, string][] = [
      ['https://github.com/owner/repo', 'https', 'https://github.com/owner/repo.git'],
      ['https://github.com/owner/repo/', 'https', 'https://github.com/owner/repo.git'],
      ['https://gitlab.com/org/repo.git', 'https', 'https://gitlab.com/org/repo.git'],
      ['http://internal-git.local/repo', 'http', 'http://internal-git.local/repo.git'],
      ['git@github.com:owner/repo.git', 'scp', 'git@github.com:owner/repo.git'],
      ['deploy@git.example.com:project/repo.git', 'scp', 'deploy@git.example.com:project/repo.git'],
      ['git://github.com/owner/repo.git', 'git', 'git://github.com/owner/repo.git'],
      ['file:///srv/repo', 'file', 'file:///srv/repo'],
    ];
    for (const [source, form, url] of cases) {
      const result = parsePluginSource(source);
      expect(result.ok && result.value).toMatchObject({ kind: 'git', form, url });
    }
  });

  it('types ssh:// as git, with an error: the service does not recognise it', () => {
    const result = parsePluginSource('ssh://git@github.com/owner/repo.git');
    expect(result.ok && result.value).toMatchObject({ kind: 'git', form: 'ssh', url: 'ssh://git@github.com/owner/repo.git' });
    expect(result.diagnostics).toMatchObject([
      { code: 'source-ssh-url', severity: 'error', hint: expect.stringContaining('git@github.com:owner/repo.git') },
    ]);
  });

  it('reports a .git/ ending the service turns into .git.git', () => {
    const result = parsePluginSource('https://github.com/o/r.git/');
    expect(result.ok && result.value.kind === 'git' && result.value.url).toBe('https://github.com/o/r.git.git');
    expect(codes('https://github.com/o/r.git/')).toEqual(['source-url-git-slash']);
  });

  it('classifies local paths by the service rules', () => {
    const cases: [string, string][] = [
      ['/path/to/plugin', 'absolute'],
      ['~/plugins/x', 'home'],
      ['./plugins/x', 'relative'],
      ['.openhands', 'relative'],
      ['plugins/x', 'relative'],
      ['C:\\plugins\\x', 'windows'],
      ['C:/plugins/x', 'windows'],
      ['plugins\\x', 'windows'],
    ];
    for (const [source, form] of cases) {
      const result = parsePluginSource(source);
      expect(result.ok && result.value).toMatchObject({ kind: 'local', form, path: source });
    }
    expect(codes('./plugins/x')).toEqual(['source-local-path']);
    expect(codes('C:\\plugins\\x')).toEqual(['source-windows-path']);
  });

  it('refuses a bare word, an unknown scheme and an empty source', () => {
    expect(parsePluginSource('invalid-source-format')).toMatchObject({ ok: false, diagnostics: [{ code: 'source-unrecognized' }] });
    expect(parsePluginSource('svn://host/repo')).toMatchObject({ ok: false, diagnostics: [{ code: 'source-unrecognized' }] });
    expect(parsePluginSource('   ')).toMatchObject({ ok: false, diagnostics: [{ code: 'source-empty' }] });
  });

  it('strips whitespace as the service does, and says so', () => {
    const result = parsePluginSource('  github:owner/repo  ');
    expect(result.ok && result.value.kind === 'github' && result.value.url).toBe('https://github.com/owner/repo.git');
    expect(result.diagnostics).toMatchObject([{ code: 'source-whitespace', severity: 'info' }]);
  });

  it('keeps credentials in the value and out of every message and display form', () => {
    const result = parsePluginSource('https://oauth2:SECRET@gitlab.com/org/repo');
    expect(result.ok && result.value).toMatchObject({
      url: 'https://oauth2:SECRET@gitlab.com/org/repo.git',
      display: 'https://****@gitlab.com/org/repo.git',
    });
    expect(result.diagnostics).toMatchObject([{ code: 'source-credentials', severity: 'warning' }]);
    expect(JSON.stringify(result.diagnostics)).not.toContain('SECRET');
    expect(result.ok && formatPluginSource(result.value, { redact: true })).toBe('https://****@gitlab.com/org/repo.git');
    expect(JSON.stringify(parsePluginSource('ssh://git:SECRET@host/x').diagnostics)).not.toContain('SECRET');
  });

  // That this takes linear time is measured by `npm run bench` (Hostile input): 200,000 characters against 20,000.
  it('reads long input to a typed result', () => {
    const long = 'a'.repeat(200_000);
    expect(parsePluginSource(`github:${long}`)).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'source-github-shorthand-invalid', severity: 'error' }],
    });
    expect(redactSourceCredentials(`${long}://`)).toBe(`${long}://`);
    expect(parsePluginSource(`ssh://${long}`)).toMatchObject({ ok: true, value: { kind: 'git', source: `ssh://${long}` } });
  });

  it('never throws on hostile input', () => {
    expect(parsePluginSource(42 as unknown as string)).toMatchObject({ ok: false, diagnostics: [{ code: 'source-empty' }] });
    expect(parsePluginSource(`github:${'a'.repeat(100_000)}`).ok).toBe(false);
  });
});

describe('formatPluginSource', () => {
  it('gives the canonical form, and parsing it again gives the same value', () => {
    for (const source of ['github:o/r', 'https://gitlab.com/o/r', 'git@host:o/r.git', '/srv/plugin', './x']) {
      const first = parsePluginSource(source);
      if (!first.ok) throw new Error(source);
      const again = parsePluginSource(formatPluginSource(first.value));
      expect(again.ok && again.value.kind).toBe(first.value.kind);
      expect(again.ok && formatPluginSource(again.value)).toBe(formatPluginSource(first.value));
    }
    const https = parsePluginSource('https://gitlab.com/o/r');
    expect(https.ok && formatPluginSource(https.value)).toBe('https://gitlab.com/o/r.git');
  });
});

describe('redactSourceCredentials', () => {
  it('masks tokens and passwords, keeps ssh user names and placeholders', () => {
    expect(redactSourceCredentials('https://TOKEN@github.com/o/r')).toBe('https://****@github.com/o/r');
    expect(redactSourceCredentials('fatal: https://user:pw@h/x and http://t@h/y')).toBe('fatal: https://****@h/x and http://****@h/y');
    expect(redactSourceCredentials('ssh://git@github.com/o/r')).toBe('ssh://git@github.com/o/r');
    expect(redactSourceCredentials('ssh://git:pw@github.com/o/r')).toBe('ssh://****@github.com/o/r');
    expect(redactSourceCredentials('git@github.com:o/r.git')).toBe('git@github.com:o/r.git');
    const placeholder = `https://x-token-auth:${'$'}{TOKEN}@host/r.git`;
    expect(redactSourceCredentials(placeholder)).toBe(placeholder);
  });
});

describe('SOURCE_RULES', () => {
  it('has unique, prefixed codes', () => {
    const all = SOURCE_RULES.map((r) => r.code);
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^source-[a-z0-9-]+$/);
  });
});
