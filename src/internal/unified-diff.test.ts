import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff';

const labels = { before: 'a/f', after: 'b/f' };

/** Applies `diff` to `before` with `git apply` in a scratch folder, and returns the result. */
function applied(before: string, diff: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-diff-'));
  try {
    writeFileSync(join(dir, 'f'), before);
    writeFileSync(join(dir, 'p.diff'), diff);
    execFileSync('git', ['apply', '--unidiff-zero', 'p.diff'], { cwd: dir, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    return readFileSync(join(dir, 'f'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', labels)).toBe('');
  });

  it('writes one hunk with three lines of context', () => {
    const before = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
    const after = 'one\ntwo\nthree\nFOUR\nfive\nsix\nseven\n';
    expect(unifiedDiff(before, after, labels)).toBe(
      '--- a/f\n+++ b/f\n@@ -1,7 +1,7 @@\n one\n two\n three\n-four\n+FOUR\n five\n six\n seven\n',
    );
  });

  it('splits changes more than six lines apart into hunks, and git applies the result', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const before = `${lines.join('\n')}\n`;
    const changed = [...lines];
    changed[1] = 'second';
    changed.splice(30, 1, 'thirty-one', 'and more');
    changed.pop();
    const after = `${changed.join('\n')}\n`;
    const diff = unifiedDiff(before, after, labels);
    expect(diff.match(/^@@/gm)).toHaveLength(3);
    expect(diff).toContain('@@ -1,5 +1,5 @@\n line 1\n-line 2\n+second\n');
    expect(applied(before, diff)).toBe(after);
  });

  it('marks a missing final line feed and applies', () => {
    const diff = unifiedDiff('a\nb', 'a\nc\n', labels);
    expect(diff).toBe('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n');
    expect(applied('a\nb', diff)).toBe('a\nc\n');
  });

  it('diffs from and to an empty text', () => {
    expect(unifiedDiff('', 'a\n', labels)).toBe('--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+a\n');
    expect(unifiedDiff('a\nb\n', '', labels)).toBe('--- a/f\n+++ b/f\n@@ -1,2 +0,0 @@\n-a\n-b\n');
  });

  it('keeps CRLF line ends and lines added in the middle', () => {
    const before = '---\r\ntrigger: x\r\n---\r\n';
    const after = '---\r\ntriggers:\r\n  - x\r\n---\r\n';
    const diff = unifiedDiff(before, after, labels);
    expect(diff).toBe('--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n ---\r\n-trigger: x\r\n+triggers:\r\n+  - x\r\n ---\r\n');
    expect(applied(before, diff)).toBe(after);
  });
});
