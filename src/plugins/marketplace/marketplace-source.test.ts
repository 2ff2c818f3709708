import { describe, expect, it } from 'vitest';
import { parseMarketplace } from './marketplace';
import { resolveMarketplaceSkillSource, resolveMarketplaceSource } from './marketplace-source';
import type { MarketplaceSource } from './marketplace-types';

const root = '/cache/plugins/team-1a2b';
const resolve = (source: MarketplaceSource, marketplace?: { source: string; ref?: string; repo_path?: string }) =>
  resolveMarketplaceSource(source, { marketplaceRoot: root, ...(marketplace ? { marketplace } : {}) });
const path = (text: string): MarketplaceSource => ({ kind: 'path', path: text });

describe('resolveMarketplaceSource: relative paths', () => {
  it('agrees with the service on plain relative paths', () => {
    for (const text of ['./plugins/x', 'plugins/x', 'plugins//x/', './plugins/./x']) {
      expect(resolve(path(text))).toEqual({
        service: { ok: true, source: `${root}/plugins/x`, ref: null, repo_path: null, opens: `${root}/plugins/x` },
        correct: { ok: true, reference: { source: `${root}/plugins/x` }, folder: `${root}/plugins/x` },
        differs: false,
      });
    }
  });

  it('shows the lstrip bug: ./.claude/x becomes claude/x', () => {
    const result = resolve(path('./.claude/x'));
    expect(result.service).toMatchObject({ ok: true, source: `${root}/claude/x` });
    expect(result.correct).toMatchObject({ ok: true, folder: `${root}/.claude/x` });
    expect(result.differs).toBe(true);
  });

  it('never resolves outside the root: ../x is an error, the service opens <root>/x', () => {
    const result = resolve(path('../x'));
    expect(result.service).toMatchObject({ ok: true, source: `${root}/x`, opens: `${root}/x` });
    expect(result.correct).toEqual({ ok: false, message: '"../x" leaves the marketplace root.' });
    expect(result.differs).toBe(true);
    const inner = resolve(path('plugins/../../../etc'));
    expect(inner.service).toMatchObject({ ok: true, source: `${root}/plugins/../../../etc`, opens: '/cache/etc' });
    expect(inner.correct.ok).toBe(false);
  });

  it('reads a github: text as a folder, as the service does', () => {
    expect(resolve(path('github:o/r')).service).toMatchObject({ ok: true, source: `${root}/github:o/r` });
  });

  it('passes absolute paths, ~ and URLs through as the service does; only URLs are correct', () => {
    expect(resolve(path('/opt/x'))).toMatchObject({ service: { ok: true, source: '/opt/x' }, correct: { ok: false }, differs: true });
    expect(resolve(path('~/x'))).toMatchObject({ service: { ok: true, source: '~/x' }, correct: { ok: false } });
    expect(resolve(path('https://github.com/o/r.git'))).toEqual({
      service: { ok: true, source: 'https://github.com/o/r.git', ref: null, repo_path: null },
      correct: { ok: true, reference: { source: 'https://github.com/o/r.git' } },
      differs: false,
    });
  });

  it('resolves into the marketplace repository when told where the marketplace came from', () => {
    const result = resolve(path('./plugins/x'), { source: 'github:acme/market', ref: 'v2', repo_path: 'catalog' });
    expect(result.correct).toEqual({
      ok: true,
      reference: { source: 'github:acme/market', ref: 'v2', repo_path: 'catalog/plugins/x' },
      folder: `${root}/plugins/x`,
    });
    expect(result.differs).toBe(false);
  });
});

describe('resolveMarketplaceSource: source objects', () => {
  it('github and url: the service ignores sha, the correct resolution pins it', () => {
    const github = resolve({ kind: 'github', source: 'github', repo: 'o/r', ref: 'main', path: 'plugins/x', sha: 'abc', extra: {} });
    expect(github.service).toEqual({ ok: true, source: 'github:o/r', ref: 'main', repo_path: 'plugins/x' });
    expect(github.correct).toEqual({ ok: true, reference: { source: 'github:o/r', ref: 'abc', repo_path: 'plugins/x' } });
    expect(github.differs).toBe(true);
    const url = resolve({ kind: 'url', source: 'url', url: 'https://gitlab.com/o/r.git', extra: {} });
    expect(url).toEqual({
      service: { ok: true, source: 'https://gitlab.com/o/r.git', ref: null, repo_path: null },
      correct: { ok: true, reference: { source: 'https://gitlab.com/o/r.git' } },
      differs: false,
    });
  });

  it('git-subdir: the service fails, the correct resolution is url + path', () => {
    const text = JSON.stringify({
      name: 'm',
      owner: { name: 'o' },
      plugins: [
        {
          name: 'semgrep',
          source: { source: 'git-subdir', url: 'https://github.com/semgrep/mcp-marketplace.git', path: 'plugin', sha: '4264' },
        },
      ],
    });
    const parsed = parseMarketplace(text, { file: 'm.json' });
    if (!parsed.ok || !parsed.value.plugins[0]) throw new Error('expected a plugin');
    expect(resolveMarketplaceSource(parsed.value.plugins[0], { marketplaceRoot: root })).toEqual({
      service: { ok: false, message: "Invalid plugin source for 'semgrep': source type 'git-subdir' is missing required field" },
      correct: { ok: true, reference: { source: 'https://github.com/semgrep/mcp-marketplace.git', ref: '4264', repo_path: 'plugin' } },
      differs: true,
    });
    const shorthand = resolve({ kind: 'git-subdir', source: 'git-subdir', url: 'o/r', path: 'p', extra: {} });
    expect(shorthand.correct).toEqual({ ok: true, reference: { source: 'github:o/r', repo_path: 'p' } });
  });

  it('local resolves like a relative path; npm, pip and unknown kinds have no correct resolution', () => {
    expect(resolve({ kind: 'local', source: 'local', path: './plugins/a', extra: {} })).toMatchObject({
      service: { ok: false },
      correct: { ok: true, folder: `${root}/plugins/a` },
      differs: true,
    });
    expect(resolve({ kind: 'npm', source: 'npm', package: '@a/b', extra: {} }).correct.ok).toBe(false);
    expect(resolve({ kind: 'other', source: 'hg', extra: {} })).toMatchObject({
      service: { ok: false },
      correct: { ok: false },
      differs: false,
    });
  });

  it('refuses a path leaving the repository and a repo that cannot be cloned', () => {
    expect(resolve({ kind: 'url', source: 'url', url: 'https://h/o/r.git', path: '../x', extra: {} }).correct.ok).toBe(false);
    expect(resolve({ kind: 'github', source: 'github', repo: 'o/r/x', extra: {} }).correct.ok).toBe(false);
  });

  it('needs the marketplace root', () => {
    expect(() => resolveMarketplaceSource(path('x'), undefined as never)).toThrow(TypeError);
  });
});

describe('resolveMarketplaceSkillSource', () => {
  it('resolves relative paths properly (no lstrip), and refuses leaving the root', () => {
    expect(resolveMarketplaceSkillSource('./.agents/skills/x', { marketplaceRoot: root })).toEqual({
      service: { kind: 'local', path: `${root}/.agents/skills/x` },
      correct: { ok: true, location: { kind: 'local', path: `${root}/.agents/skills/x` } },
    });
    expect(resolveMarketplaceSkillSource('../x', { marketplaceRoot: root })).toEqual({
      service: { kind: 'local', path: '/cache/plugins/x' },
      correct: { ok: false, message: '"../x" leaves the marketplace root.' },
    });
  });

  it('reads GitHub blob/tree URLs and file:// URLs', () => {
    const github = resolveMarketplaceSkillSource('https://github.com/Acme/Skills/tree/main/skills/review', { marketplaceRoot: root });
    expect(github.service).toEqual({
      kind: 'github',
      owner: 'Acme',
      repo: 'Skills',
      branch: 'main',
      path: 'skills/review',
      cloneUrl: 'https://github.com/Acme/Skills.git',
    });
    expect(resolveMarketplaceSkillSource('file:///srv//skills/x', { marketplaceRoot: root })).toEqual({
      service: { kind: 'local', path: '/srv/skills/x' },
      correct: { ok: false, message: '"file:///srv//skills/x" is not inside the marketplace.' },
    });
  });

  it('reads any other URL as a folder, as the service does, and refuses it', () => {
    const result = resolveMarketplaceSkillSource('https://gitlab.com/o/r', { marketplaceRoot: root });
    expect(result.service).toEqual({ kind: 'local', path: `${root}/https:/gitlab.com/o/r` });
    expect(result.correct.ok).toBe(false);
  });
});
