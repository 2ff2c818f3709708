import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TreeEntry, tempRepository } from '../../../test/helpers/tree';
import type { Profile } from '../types';
import { validate } from '../validate';
import { fixRepository } from './fix-repository';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repository(files: Record<string, TreeEntry>): string {
  const repo = tempRepository(files);
  cleanups.push(repo.cleanup);
  return repo.root;
}

const skill = (name: string, frontmatter: string) => ({
  [`.agents/skills/${name}/SKILL.md`]: `---\nname: ${name}\n${frontmatter}---\nBody\n`,
});
const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const codes = async (root: string, profiles: Profile[] = ['openhands']) =>
  (await validate(['.'], { cwd: root, profiles })).diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`);

describe('fixRepository', () => {
  it.each([
    ['a number', 'description: 42\n', "description: '42'\n"],
    ['a float the service would print differently', 'description: 1.10\n', "description: '1.10'\n"],
    ['a boolean', 'description: yes\n', "description: 'yes'\n"],
    ['a date', 'license: 2024-01-02\n', "license: '2024-01-02'\n"],
    ['null', 'description: Deploys.\ncompatibility: ~\n', 'description: Deploys.\ncompatibility: ~\n'],
  ])('quotes %s read where text belongs, and the skill validates clean', async (_, written, fixed) => {
    const root = repository(
      skill('deploy', `description: Deploys.\n${written}`.replace('description: Deploys.\ndescription', 'description')),
    );
    const result = await fixRepository(['.'], { cwd: root });
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toContain(fixed);
    expect(await codes(root)).toEqual([]);
    expect(result.report.summary).toEqual({ errors: 0, warnings: 0, infos: 0 });
  });

  it('quotes a text with a single quote by doubling it, and reads back the text written', async () => {
    const root = repository(skill('deploy', 'description: Deploys.\nlicense: 2024-01-02\ntriggers:\n  - deploy\n  - on\n'));
    await fixRepository(['.'], { cwd: root });
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toBe(
      "---\nname: deploy\ndescription: Deploys.\nlicense: '2024-01-02'\ntriggers:\n  - deploy\n  - 'on'\n---\nBody\n",
    );
    expect(await codes(root)).toEqual([]);
  });

  it('renames trigger: to triggers:, a single keyword becoming a list', async () => {
    const root = repository({
      ...skill('deploy', 'description: Deploys.\ntrigger: deploy\n'),
      ...skill('release', 'description: Releases.\ntrigger:\n  - release\n  - ship it\n'),
    });
    const result = await fixRepository(['.'], { cwd: root });
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toBe(
      '---\nname: deploy\ndescription: Deploys.\ntriggers:\n  - deploy\n---\nBody\n',
    );
    expect(read(root, '.agents/skills/release/SKILL.md')).toBe(
      '---\nname: release\ndescription: Releases.\ntriggers:\n  - release\n  - ship it\n---\nBody\n',
    );
    expect(result.fixed).toBe(2);
    expect(await codes(root)).toEqual([]);
  });

  it('keeps CRLF line ends when it rewrites a line', async () => {
    const root = repository({
      '.agents/skills/deploy/SKILL.md': '---\r\nname: deploy\r\ndescription: 42\r\ntrigger: deploy\r\n---\r\nBody\r\n',
    });
    await fixRepository(['.'], { cwd: root });
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toBe(
      "---\r\nname: deploy\r\ndescription: '42'\r\ntriggers:\r\n  - deploy\r\n---\r\nBody\r\n",
    );
    expect(await codes(root)).toEqual([]);
  });

  it('removes a byte-order mark before the front matter', async () => {
    const root = repository(skill('deploy', 'description: Deploys.\n'));
    const path = join(root, '.agents/skills/deploy/SKILL.md');
    const original = readFileSync(path, 'utf8');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, `\ufeff${original}`);
    expect(await codes(root)).toContain('bom-before-frontmatter .agents/skills/deploy/SKILL.md:1');
    const result = await fixRepository(['.'], { cwd: root });
    expect(result.files.map((file) => file.file)).toEqual(['.agents/skills/deploy/SKILL.md']);
    expect(readFileSync(path, 'utf8')).toBe(original);
    expect(await codes(root)).toEqual([]);
  });

  it('writes ./ before a marketplace source Claude Code reads only with it', async () => {
    const marketplace = `${JSON.stringify({ name: 'tools', owner: { name: 'Ops' }, plugins: [{ name: 'lint', source: 'plugins/lint' }] }, null, 2)}\n`;
    const root = repository({
      '.claude-plugin/marketplace.json': marketplace,
      'plugins/lint/.claude-plugin/plugin.json': JSON.stringify({
        name: 'lint',
        version: '1.0.0',
        description: 'Lints.',
        author: { name: 'Ops' },
      }),
      'plugins/lint/commands/lint.md': '---\ndescription: Lint.\n---\nLint the code.\n',
    });
    const profiles: Profile[] = ['openhands', 'claude-code'];
    expect(await codes(root, profiles)).toContain('claude-code-source-invalid .claude-plugin/marketplace.json:9');
    const result = await fixRepository(['.'], { cwd: root, profiles });
    expect(read(root, '.claude-plugin/marketplace.json')).toBe(marketplace.replace('"plugins/lint"', '"./plugins/lint"'));
    expect(result.fixed).toBe(1);
    expect(await codes(root, profiles)).toEqual([]);
  });

  it.each([
    ['a value on the next line', 'description:\n  42\n', 'the value does not start on the line of its key'],
    ['a comment after the value', 'description: 42 # the answer\n', 'a comment or more text follows the value on its line'],
    ['a key written twice', 'description: 42\ndescription: 43\n', 'the key `description` is written more than once'],
    ['an anchor', 'description: &d 42\n', 'the front matter uses anchors'],
    ['a tag', 'description: !!int 42\n', 'the front matter uses tags'],
  ])('leaves the file untouched for %s, and says why', async (_, written, reason) => {
    const root = repository(skill('deploy', written));
    const path = join(root, '.agents/skills/deploy/SKILL.md');
    const before = readFileSync(path);
    const result = await fixRepository(['.'], { cwd: root });
    expect(readFileSync(path)).toEqual(before);
    expect(result.files).toEqual([]);
    expect(result.unfixed.map((finding) => finding.reason)).toContain(reason);
    expect(result.report.summary.errors).toBeGreaterThan(0);
  });

  it.each([
    [
      'a trigger beside triggers',
      'description: Deploys.\ntrigger: ship\ntriggers:\n  - deploy\n',
      'the front matter already has `triggers`',
    ],
    [
      'a trigger text with a comma',
      'description: Deploys.\ntrigger: deploy, ship\n',
      'the text holds a comma: it may mean several keywords',
    ],
    ['a multi-line trigger text', 'description: Deploys.\ntrigger: deploy\n  the service\n', 'the value spans several lines'],
  ])('leaves %s alone', async (_, written, reason) => {
    const root = repository(skill('deploy', written));
    const path = join(root, '.agents/skills/deploy/SKILL.md');
    const before = readFileSync(path);
    const result = await fixRepository(['.'], { cwd: root });
    expect(readFileSync(path)).toEqual(before);
    expect(result.unfixed.map((finding) => finding.reason)).toEqual([reason]);
  });

  it('keeps a file untouched when validating the fix finds a new problem in it', async () => {
    // Without the byte-order mark the front matter becomes visible, and its name differs from the folder.
    const root = repository({ '.agents/skills/deploy/SKILL.md': '\ufeff---\nname: deploy-service\ndescription: Deploys.\n---\nBody\n' });
    const path = join(root, '.agents/skills/deploy/SKILL.md');
    const before = readFileSync(path);
    const result = await fixRepository(['.'], { cwd: root });
    expect(readFileSync(path)).toEqual(before);
    expect(result.files).toEqual([]);
    expect(result.unfixed).toHaveLength(1);
    expect(result.unfixed[0]?.reason).toMatch(/^the fix would add skill-name-mismatch at line 2/);
  });

  it('fixes one file of a folder while another keeps the folder dropped (the finding moves, it is not new)', async () => {
    const root = repository({ ...skill('deploy', 'description: yes\n'), ...skill('pdf', 'description: 42 # the answer\n') });
    const result = await fixRepository(['.'], { cwd: root });
    expect(result.files.map((file) => file.file)).toEqual(['.agents/skills/deploy/SKILL.md']);
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toContain("description: 'yes'");
    expect(read(root, '.agents/skills/pdf/SKILL.md')).toContain('description: 42 # the answer');
    expect(await codes(root)).toEqual([
      'frontmatter-wrong-type .agents/skills/pdf/SKILL.md:3',
      'would-drop-directory .agents/skills/pdf/SKILL.md:3',
    ]);
  });

  it('fixes what an earlier fix reveals: a trigger: behind a byte-order mark', async () => {
    const root = repository({
      '.agents/skills/deploy/SKILL.md': '\ufeff---\nname: deploy\ndescription: Deploys.\ntrigger: deploy\n---\nBody\n',
    });
    const result = await fixRepository(['.'], { cwd: root });
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toBe(
      '---\nname: deploy\ndescription: Deploys.\ntriggers:\n  - deploy\n---\nBody\n',
    );
    expect(result.files[0]?.fixes.map((fix) => fix.diagnostic.code)).toEqual(['bom-before-frontmatter', 'frontmatter-ignored-key']);
    expect(result.unfixed).toEqual([]);
    expect(await codes(root)).toEqual([]);
  });

  it('writes nothing in a dry run, and reports what would remain', async () => {
    const root = repository({ ...skill('deploy', 'description: 42\n'), ...skill('release', 'description: Releases.\ntrigger: ship\n') });
    const before = [read(root, '.agents/skills/deploy/SKILL.md'), read(root, '.agents/skills/release/SKILL.md')];
    const result = await fixRepository(['.'], { cwd: root, dryRun: true });
    expect([read(root, '.agents/skills/deploy/SKILL.md'), read(root, '.agents/skills/release/SKILL.md')]).toEqual(before);
    expect(result.written).toBe(false);
    expect(result.fixed).toBe(2);
    expect(result.files.map((file) => file.after)).toEqual([
      "---\nname: deploy\ndescription: '42'\n---\nBody\n",
      '---\nname: release\ndescription: Releases.\ntriggers:\n  - ship\n---\nBody\n',
    ]);
    expect(result.report.diagnostics).toEqual([]);
  });

  it('keeps the mode of a file it replaces', async () => {
    const root = repository(skill('deploy', 'description: 42\n'));
    const path = join(root, '.agents/skills/deploy/SKILL.md');
    const { chmodSync } = await import('node:fs');
    chmodSync(path, 0o640);
    await fixRepository(['.'], { cwd: root });
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(read(root, '.agents/skills/deploy/SKILL.md')).toContain("description: '42'");
  });
});
