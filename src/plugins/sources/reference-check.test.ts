import { describe, expect, it } from 'vitest';
import { checkPluginReference, REFERENCE_RULES, repoPathProblems } from './reference-check';

const lines = { source: { line: 2, column: 13 }, ref: { line: 3, column: 10 }, repo_path: { line: 4, column: 16 } };
const check = (reference: Parameters<typeof checkPluginReference>[0]) =>
  checkPluginReference(reference, { file: 'link.json', locate: (field) => lines[field] });

describe('checkPluginReference', () => {
  it('accepts a git reference with a folder and a ref', () => {
    const result = check({ source: 'github:OpenHands/extensions', ref: 'main', repo_path: 'plugins/pr-review' });
    expect(result.ok && result.value.source).toMatchObject({ kind: 'github', url: 'https://github.com/OpenHands/extensions.git' });
    expect(result.diagnostics).toEqual([]);
  });

  it('refuses an absolute repo_path at its position', () => {
    expect(check({ source: 'github:o/r', repo_path: '/plugins/x' })).toEqual({
      ok: false,
      diagnostics: [
        expect.objectContaining({ code: 'reference-repo-path-absolute', severity: 'error', file: 'link.json', line: 4, column: 16 }),
      ],
    });
    expect(check({ source: 'github:o/r', repo_path: 'C:/plugins/x' }).diagnostics).toMatchObject([
      { code: 'reference-repo-path-absolute' },
    ]);
  });

  it('refuses a .. part, but not a name containing dots', () => {
    expect(check({ source: 'github:o/r', repo_path: 'plugins/../../x' }).diagnostics).toMatchObject([
      { code: 'reference-repo-path-parent', line: 4 },
    ]);
    expect(check({ source: 'github:o/r', repo_path: 'plugins/..x/y' }).ok).toBe(true);
  });

  it('refuses backslashes', () => {
    expect(check({ source: 'github:o/r', repo_path: 'plugins\\x' }).diagnostics).toMatchObject([
      { code: 'reference-repo-path-backslash', severity: 'error' },
    ]);
  });

  it('notes an empty repo_path or ref', () => {
    const result = check({ source: 'github:o/r', ref: '', repo_path: '' });
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['reference-ref-empty', 'info', 3],
      ['reference-repo-path-empty', 'info', 4],
    ]);
  });

  it('refuses repo_path on a local source and warns about ref there', () => {
    const result = check({ source: '/srv/plugins', ref: 'v1', repo_path: 'x' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['source-local-path', 'reference-ref-local', 'reference-repo-path-local']);
  });

  it('refuses wrong types without throwing', () => {
    expect(check({ source: 'github:o/r', ref: 2 as unknown as string }).diagnostics).toMatchObject([
      { code: 'reference-wrong-type', line: 3 },
    ]);
    expect(check({ source: null as unknown as string })).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'reference-wrong-type', line: 2 }],
    });
    expect(checkPluginReference(null as unknown as { source: string }).ok).toBe(false);
  });

  it('passes on the source diagnostics at the source position', () => {
    expect(check({ source: 'github:o/r/x' }).diagnostics).toMatchObject([{ code: 'source-github-shorthand-invalid', line: 2, column: 13 }]);
    expect(check({ source: 'ssh://git@host/o/r' }).ok).toBe(false);
  });
});

describe('repoPathProblems', () => {
  it('finds every problem of the registration rules', () => {
    expect(repoPathProblems('')).toEqual(['empty']);
    expect(repoPathProblems('a\\..\\b')).toEqual(['backslash']);
    expect(repoPathProblems('/x/../y')).toEqual(['absolute', 'parent']);
    expect(repoPathProblems('C:x')).toEqual(['windows-drive']);
    expect(repoPathProblems('plugins/x')).toEqual([]);
  });
});

describe('REFERENCE_RULES', () => {
  it('has unique, prefixed codes', () => {
    const all = REFERENCE_RULES.map((r) => r.code);
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^reference-[a-z0-9-]+$/);
  });
});
