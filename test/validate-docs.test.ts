import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { PROFILES, ruleCatalog } from 'agentwire/validate';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createStyles } from '../src/cli/color';
import { formatRulePage } from '../src/cli/rule-page';
import { headingSlug, RULE_PAGES, ruleDocPath } from '../src/cli/validate-output/rule-doc-path';
import {
  fillGeneratedBlocks,
  generatedBlocks,
  markdownInline,
  profilePage,
  renderProfileRules,
  renderRulePages,
  validateDocuments,
} from '../src/cli/validate-output/rule-docs';
import { ROOT } from './helpers/built';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const docs = () => read('docs/validate.md');
/** The file part of a path with an anchor. */
const fileOf = (path: string) => path.split('#')[0] as string;

describe('docs/validate.md and docs/validate/', () => {
  it('are what the rule catalog and the formatters generate (run `npm run docs:rules` after changing a rule)', () => {
    const { documents, generatedFolder } = validateDocuments(read);
    for (const [path, text] of Object.entries(documents)) expect(read(path), path).toBe(text);
    expect(readdirSync(join(ROOT, generatedFolder)).sort()).toEqual(
      Object.keys(documents)
        .filter((path) => dirname(path) === generatedFolder)
        .map((path) => path.slice(generatedFolder.length + 1))
        .sort(),
    );
  });

  it('documents every rule code once, on its area page, with its severity, profiles, fix and example', () => {
    const pages = renderRulePages();
    const index = pages['README.md'] as string;
    for (const rule of ruleCatalog()) {
      const path = ruleDocPath(rule);
      const page = read(fileOf(path));
      const heading = `## ${rule.code}`;
      const everywhere = Object.values(pages).flatMap((text) => text.split('\n').filter((line) => line === heading));
      expect(everywhere, rule.code).toHaveLength(1);
      expect(page.split('\n'), rule.code).toContain(heading);
      expect(headingSlug(rule.code)).toBe(path.split('#')[1]);
      const at = page.indexOf(`${heading}\n`);
      const next = page.indexOf('\n## ', at + 1);
      const entry = page.slice(at, next === -1 ? undefined : next);
      expect(entry).toContain(`Severity: ${rule.severity}. Raised by: ${rule.profiles.map((profile) => `\`${profile}\``).join(', ')}.`);
      expect(entry).toContain(`How to fix it: ${markdownInline(rule.hint)}`);
      if (rule.example !== undefined) expect(entry).toContain(rule.example);
      expect(page).toContain(`[\`${rule.code}\`](#${headingSlug(rule.code)})`);
      expect(index).toContain(`[\`${rule.code}\`](${path.slice(RULE_PAGES.length + 1)})`);
    }
    expect(index).toContain(`${ruleCatalog().length} in all`);
  });

  it('lists on each profile page every rule the profile raises, and no other', () => {
    for (const profile of PROFILES) {
      const page = read(profilePage(profile));
      const listed = [...renderProfileRules(profile).matchAll(/^\| \[`([^`]+)`\]/gm)].map((match) => match[1]);
      expect(listed.sort(), profile).toEqual(
        ruleCatalog()
          .filter((rule) => rule.profiles.includes(profile))
          .map((rule) => rule.code)
          .sort(),
      );
      expect(page).toContain(renderProfileRules(profile));
    }
  });

  it('agentwire rules <code> names the page and anchor that document the rule', () => {
    for (const rule of ruleCatalog()) {
      const printed = formatRulePage(rule, createStyles(false)).trimEnd().split('\n').at(-1) as string;
      expect(printed).toBe(ruleDocPath(rule));
      expect(read(fileOf(printed)).split('\n')).toContain(`## ${rule.code}`);
    }
  });

  it('the check can fail: a stale rule or sample block is found', () => {
    const current = docs();
    const sample = '<!-- generated:sample-text -->\n';
    expect(fillGeneratedBlocks(current.replace(sample, `${sample}stale\n`))).toBe(current);
    expect(() => fillGeneratedBlocks(current.replace('<!-- generated:sample-json -->', ''))).toThrow(
      /lacks the generated blocks sample-json/,
    );
    expect(() => fillGeneratedBlocks(`${current}\n<!-- generated:nope -->\n<!-- /generated:nope -->\n`)).toThrow(
      /unknown generated block "nope"/,
    );
    expect(Object.keys(generatedBlocks())).toEqual(['sample-text', 'sample-json', 'sample-github', 'sample-sarif']);
    const profile = read(profilePage('agentskills'));
    expect(() =>
      validateDocuments((path) => (path === profilePage('agentskills') ? profile.replace('generated:profile-rules', 'x') : read(path))),
    ).toThrow(/agentskills.md lacks the generated blocks profile-rules/);
  });

  it('scripts/generate-rule-docs.mjs --check agrees', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-rule-docs.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `docs/validate.md and docs/validate/ (${Object.keys(renderRulePages()).length + PROFILES.length} pages) are up to date.\ndocs/cli.md is up to date.\n`,
    );
    expect(run.status).toBe(0);
  });
});

/** The relative links of a Markdown text, outside fenced code blocks. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string).filter((target) => !/^[a-z][a-z0-9+.-]*:/.test(target));
}

/** The anchors of a Markdown file's headings, as GitHub makes them. */
const anchorsOf = (markdown: string) =>
  new Set(
    markdown
      .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => headingSlug(line.replace(/^#+ /, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'))),
  );

describe('the links of the validate documentation', () => {
  const pages = [
    'README.md',
    'docs/README.md',
    'docs/cli.md',
    'docs/validate.md',
    ...PROFILES.map(profilePage),
    ...Object.keys(renderRulePages()).map((name) => `${RULE_PAGES}/${name}`),
  ];

  it('lead to files that exist, and to headings that exist there', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const link of relativeLinks(read(page))) {
        const [file, anchor] = link.split('#') as [string, string | undefined];
        const target = file === '' ? page : normalize(join(dirname(page), file));
        if (!existsSync(join(ROOT, target))) broken.push(`${page}: ${link} (no ${target})`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(read(target)).has(anchor))
          broken.push(`${page}: ${link} (no heading #${anchor} in ${target})`);
      }
    }
    expect(broken).toEqual([]);
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
