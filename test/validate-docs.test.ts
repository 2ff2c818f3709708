import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleCatalog } from 'agentwire/validate';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fillGeneratedBlocks, generatedBlocks, headingSlug, markdownInline } from '../src/cli/validate-output/rule-docs';
import { ROOT } from './helpers/built';

const docs = () => readFileSync(join(ROOT, 'docs/validate.md'), 'utf8');

describe('docs/validate.md', () => {
  it('is what the rule catalog and the formatters generate (run `npm run docs:rules` after changing a rule)', () => {
    const current = docs();
    expect(fillGeneratedBlocks(current)).toBe(current);
  });

  it('documents every rule code once, with its severity, profiles, fix and example', () => {
    const text = docs();
    for (const rule of ruleCatalog()) {
      const heading = `#### \`${rule.code}\``;
      expect(
        text.split('\n').filter((line) => line === heading),
        rule.code,
      ).toHaveLength(1);
      const entry = text.slice(text.indexOf(heading), text.indexOf('\n#### ', text.indexOf(heading) + 1));
      expect(entry).toContain(`Severity: ${rule.severity}. Raised by: ${rule.profiles.map((profile) => `\`${profile}\``).join(', ')}.`);
      expect(entry).toContain(`How to fix it: ${markdownInline(rule.hint)}`);
      if (rule.example !== undefined) expect(entry).toContain(rule.example);
      expect(text).toContain(`[\`${rule.code}\`](#${headingSlug(rule.code)})`);
    }
  });

  it('the check can fail: a stale rule or sample block is found', () => {
    const current = docs();
    expect(fillGeneratedBlocks(current.replace('#### `skill-name-invalid`', '#### `skill-name-wrong`'))).not.toBe(
      current.replace('#### `skill-name-invalid`', '#### `skill-name-wrong`'),
    );
    expect(() => fillGeneratedBlocks(current.replace('<!-- generated:sample-json -->', ''))).toThrow(
      /lacks the generated blocks sample-json/,
    );
    expect(() => fillGeneratedBlocks(`${current}\n<!-- generated:nope -->\n<!-- /generated:nope -->\n`)).toThrow(
      /unknown generated block "nope"/,
    );
    expect(Object.keys(generatedBlocks())).toEqual(['sample-text', 'sample-json', 'sample-github', 'sample-sarif', 'rules']);
  });

  it('scripts/generate-rule-docs.mjs --check agrees', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-rule-docs.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('docs/validate.md is up to date.\ndocs/cli.md is up to date.\n');
    expect(run.status).toBe(0);
  });
});

describe('markdownInline', () => {
  it('escapes markup outside code spans and keeps code spans as they are', () => {
    expect(markdownInline('Add "name": "<plugin-name>" and `<x>`.')).toBe('Add "name": "&lt;plugin-name&gt;" and `<x>`.');
    expect(markdownInline('browser_* and "*", file_editor, _x_, [a](b), ~~s~~, \\!`cmd`')).toBe(
      'browser\\_\\* and "\\*", file_editor, \\_x\\_, \\[a\\](b), \\~\\~s\\~\\~, \\\\!`cmd`',
    );
    expect(markdownInline('Edit|Write `a|b`', true)).toBe('Edit\\|Write `a\\|b`');
    expect(markdownInline('Edit|Write')).toBe('Edit|Write');
  });
});

describe('headingSlug', () => {
  it('gives the anchors GitHub gives headings', () => {
    expect(headingSlug('`skill-name-invalid`')).toBe('skill-name-invalid');
    expect(headingSlug('`manifest-root-ignored-before-1.49`')).toBe('manifest-root-ignored-before-149');
    expect(headingSlug('Plugin references and specifiers')).toBe('plugin-references-and-specifiers');
  });
});

describe('examples/github-actions/validate-skills.yml', () => {
  const workflow = parse(readFileSync(join(ROOT, 'examples/github-actions/validate-skills.yml'), 'utf8')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { 'runs-on': string; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
  };

  it('runs on pushes and pull requests, with read-only access', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('checks out and runs the agentwire Action at a pinned commit, never a package fetched by name', () => {
    const steps = Object.values(workflow.jobs)[0]?.steps ?? [];
    expect(steps.map((step) => step.uses ?? step.run)).toEqual(['actions/checkout@v4', 'OWNER/agentwire@COMMIT']);
    expect(steps[1]?.with).toEqual({ profiles: 'openhands' });
    expect(readFileSync(join(ROOT, 'examples/github-actions/validate-skills.yml'), 'utf8')).not.toMatch(/\bnpx\b/);
  });
});
