/**
 * loadRepository on real git repositories written by the tests: every diagnostic code at its
 * exact file, line and column, and the service's loading quirks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ALIAS_COUNT } from '../../src/internal/yaml-source';
import { type LoadRepositoryOptions, loadRepository } from '../../src/skills/index';
import { type TreeEntry, tempRepository } from '../helpers/tree';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function load(files: Record<string, TreeEntry>, options: LoadRepositoryOptions = {}) {
  const repo = tempRepository(files);
  cleanups.push(repo.cleanup);
  const set = await loadRepository(repo.root, { preset: 'openhands', scan: 'full', ...options });
  const rel = (file: string) => file.slice(repo.root.length + 1);
  return {
    root: repo.root,
    set,
    found: set.diagnostics.map((d) => [d.code, rel(d.file), d.line, d.column]),
    names: (list: keyof typeof set = 'skills') => (set[list] as { name: string }[]).map((skill) => skill.name),
  };
}

const skill = (name: string, extra = '', description = `Does ${name} things.`) =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nBody.\n`;

describe('loadRepository: a diagnostic for every way the service drops, hides or misreads a skill', () => {
  it('names: invalid, different from the folder', async () => {
    const { found, names } = await load({
      '.agents/skills/bad-name/SKILL.md': skill('Bad_Name'),
      '.agents/skills/mismatch/SKILL.md': skill('other-name'),
      '.agents/skills/fine/SKILL.md': skill('fine'),
    });
    expect(found).toEqual([
      ['skill-name-invalid', '.agents/skills/bad-name/SKILL.md', 2, 7],
      ['skill-name-mismatch', '.agents/skills/bad-name/SKILL.md', 2, 7],
      ['skill-name-mismatch', '.agents/skills/mismatch/SKILL.md', 2, 7],
    ]);
    expect(names()).toEqual(['fine']);
  });

  it('front matter: invalid YAML, not a mapping, unclosed, a language, a byte-order mark', async () => {
    const { found, names, set } = await load({
      '.agents/skills/yaml-error/SKILL.md': '---\nname: yaml-error\ndescription: "unclosed\n---\nBody\n',
      '.agents/skills/list/SKILL.md': '---\n- a\n- b\n---\nBody\n',
      '.agents/skills/unclosed/SKILL.md': '---\nname: unclosed\ndescription: u\n',
      '.agents/skills/script/SKILL.md': '---js\nmodule.exports = { name: "x" }\n---\nBody\n',
      '.agents/skills/bom/SKILL.md': `\ufeff${skill('bom')}`,
    });
    expect(found).toEqual(
      [
        ['frontmatter-invalid-yaml', '.agents/skills/yaml-error/SKILL.md', 4, 1],
        ['bom-before-frontmatter', '.agents/skills/bom/SKILL.md', 1, 1],
        ['description-missing', '.agents/skills/bom/SKILL.md', 1, 1],
        ['frontmatter-not-mapping', '.agents/skills/list/SKILL.md', 2, 1],
        ['description-missing', '.agents/skills/list/SKILL.md', 1, 1],
        ['frontmatter-javascript', '.agents/skills/script/SKILL.md', 1, 1],
        ['description-missing', '.agents/skills/script/SKILL.md', 1, 1],
        ['frontmatter-unclosed', '.agents/skills/unclosed/SKILL.md', 1, 1],
        ['description-missing', '.agents/skills/unclosed/SKILL.md', 1, 1],
      ].sort(byFileThenLine),
    );
    // The service still loads the four whose front matter it does not see, named after their folders.
    expect(names().sort()).toEqual(['bom', 'list', 'script', 'unclosed']);
    expect(set.skills.find((s) => s.name === 'bom')?.description).toBeUndefined();
  });

  it('descriptions: missing, longer than 1,024 characters (cut as the service cuts them)', async () => {
    const long = 'x'.repeat(1100);
    const { found, set } = await load({
      '.agents/skills/no-description/SKILL.md': '---\nname: no-description\n---\nBody\n',
      '.agents/skills/long/SKILL.md': skill('long', '', long),
    });
    expect(found).toEqual([
      ['description-too-long', '.agents/skills/long/SKILL.md', 3, 14],
      ['description-missing', '.agents/skills/no-description/SKILL.md', 1, 1],
    ]);
    const description = set.skills.find((s) => s.name === 'long')?.description ?? '';
    expect(Array.from(description).length).toBe(1024);
    expect(description).toContain('<response clipped><NOTE>Due to the max output limit');
    expect(description.startsWith('x'.repeat(100))).toBe(true);
    expect(description.endsWith('x'.repeat(100))).toBe(true);
  });

  it('per-file drops and silent duplicates inside one folder', async () => {
    const { found, names, set } = await load({
      '.agents/skills/triggers-text.md': '---\ntriggers: deploy\n---\nDeploy\n',
      '.agents/skills/metadata-list.md': '---\ntriggers: [m]\nmetadata: [a]\n---\nM\n',
      '.agents/skills/dup-a.md': '---\nname: dup\ntriggers: [a]\n---\nA\n',
      '.agents/skills/dup-b.md': '---\nname: dup\ntriggers: [b]\n---\nB\n',
    });
    expect(found).toEqual([
      ['duplicate-skill-name', '.agents/skills/dup-b.md', 1, 1],
      ['would-drop-skill', '.agents/skills/metadata-list.md', 3, 11],
      ['would-drop-skill', '.agents/skills/triggers-text.md', 2, 11],
    ]);
    expect(names()).toEqual(['dup']);
    expect(set.skills[0]?.file.endsWith('dup-b.md')).toBe(true);
  });

  it('one wrongly typed field or one invalid UTF-8 byte drops the whole folder, and only that folder', async () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('---\ntriggers: [city]\n---\nZ'),
      0xfc,
      ...new TextEncoder().encode('rich\n'),
    ]);
    const { found, set, names } = await load({
      '.agents/skills/kept/SKILL.md': skill('kept'),
      '.openhands/skills/compat/SKILL.md': skill('compat', 'compatibility:\n  os: linux\n'),
      '.openhands/skills/neighbour.md': '---\ntriggers: [n]\n---\nN\n',
      '.openhands/microagents/latin1.md': latin1,
      '.openhands/microagents/other.md': '---\ntriggers: [o]\n---\nO\n',
    });
    expect(found).toEqual([
      ['invalid-utf8', '.openhands/microagents/latin1.md', 4, 2],
      ['would-drop-directory', '.openhands/microagents/latin1.md', 4, 2],
      ['frontmatter-wrong-type', '.openhands/skills/compat/SKILL.md', 5, 3],
      ['would-drop-directory', '.openhands/skills/compat/SKILL.md', 5, 3],
    ]);
    expect(names()).toEqual(['kept']);
    const drop = set.diagnostics.find((d) => d.code === 'would-drop-directory' && d.file.endsWith('SKILL.md'));
    expect(drop?.message).toContain('compat, neighbour');
  });

  it('ignored keys, paths over triggers, nested SKILL.md, a lowercase readme', async () => {
    const { found, set } = await load({
      '.agents/skills/keys.md': '---\ntrigger: deploy\nversion: 2\ntriggers: [k]\n---\nK\n',
      '.agents/skills/rule.md': '---\ntriggers: [x]\npaths: src/**\n---\nR\n',
      '.agents/skills/group/nested/SKILL.md': skill('nested'),
      '.agents/skills/readme.md': 'Lowercase readme\n',
      '.agents/skills/README.md': 'The folder\n',
    });
    expect(found).toEqual([
      ['nested-skill-ignored', '.agents/skills/group/nested/SKILL.md', 1, 1],
      ['frontmatter-ignored-key', '.agents/skills/keys.md', 2, 1],
      ['frontmatter-ignored-key', '.agents/skills/keys.md', 3, 1],
      ['readme-loaded-as-skill', '.agents/skills/readme.md', 1, 1],
      ['paths-override-triggers', '.agents/skills/rule.md', 3, 1],
    ]);
    expect(set.rules.map((s) => [s.name, s.trigger])).toEqual([['rule', { type: 'path', paths: ['src/**'] }]]);
    expect(set.context.map((s) => s.name)).toEqual(['readme']);
  });

  it('inline commands in a body (checked when files are read whole)', async () => {
    const body =
      '---\nname: inline\ndescription: i\n---\n\nBranch: !`git branch --show-current`\n\n```\n!`not run`\n```\nEscaped: \\!`echo no`\n';
    const { found } = await load({ '.agents/skills/inline/SKILL.md': body });
    expect(found).toEqual([['inline-command', '.agents/skills/inline/SKILL.md', 6, 9]]);
  });

  it('instruction files: AGENT.md beside AGENTS.md, case variants, model-gated names, nested rules', async () => {
    const { found, names, set } = await load({
      'AGENT.md': 'Old instructions\n',
      'AGENTS.md': 'Instructions\n',
      'CLAUDE.md': 'Claude notes\n',
      'server/AGENTS.md': 'Server rules\n',
      'web/.cursorrules': 'Cursor rules\n',
    });
    expect(found).toEqual([
      ['instruction-file-skipped', 'AGENTS.md', 1, 1],
      ['model-gated-context', 'CLAUDE.md', 1, 1],
    ]);
    expect(names('context')).toEqual(['agents', 'claude']);
    expect(set.context[0]?.file.endsWith('AGENT.md')).toBe(true);
    expect(set.rules.map((s) => [s.name, s.trigger])).toEqual([
      ['agents:server', { type: 'path', paths: ['server/**'] }],
      ['cursorrules:web', { type: 'path', paths: ['web/**'] }],
    ]);
  });

  it('shadowing: the first folder wins in a project, a legacy file beats a SKILL.md of the same folder', async () => {
    const { found, set } = await load({
      '.agents/skills/pdf/SKILL.md': skill('pdf'),
      '.openhands/skills/pdf.md': '---\ntriggers: [pdf]\n---\nLegacy\n',
      '.agents/skills/deploy/SKILL.md': skill('deploy'),
      '.agents/skills/deploy.md': '---\ntriggers: [deploy]\n---\nLegacy deploy\n',
    });
    expect(found).toEqual([
      ['shadowed-skill', '.agents/skills/deploy/SKILL.md', 1, 1],
      ['shadowed-skill', '.openhands/skills/pdf.md', 1, 1],
    ]);
    expect(set.skills.map((s) => [s.name, s.format])).toEqual([
      ['deploy', 'legacy'],
      ['pdf', 'agentskills'],
    ]);
  });

  it('the neutral preset reads only .agents/skills', async () => {
    const { names } = await load(
      { '.agents/skills/a/SKILL.md': skill('a'), '.openhands/skills/b.md': '---\ntriggers: [b]\n---\nB\n' },
      { preset: 'neutral' },
    );
    expect(names()).toEqual(['a']);
  });

  it('loads from a subfolder: the working folder first, then the git root', async () => {
    const repo = tempRepository({
      'AGENTS.md': 'Root instructions\n',
      'pkg/AGENTS.md': 'Package instructions\n',
      '.agents/skills/shared/SKILL.md': skill('shared', '', 'From the root.'),
      'pkg/.agents/skills/shared/SKILL.md': skill('shared', '', 'From the package.'),
      'pkg/.agents/skills/own/SKILL.md': skill('own'),
    });
    cleanups.push(repo.cleanup);
    const set = await loadRepository(join(repo.root, 'pkg'));
    expect(set.context.map((s) => s.file.slice(repo.root.length + 1))).toEqual(['pkg/AGENTS.md']);
    expect(set.skills.map((s) => [s.name, s.description])).toEqual([
      ['own', 'Does own things.'],
      ['shared', 'From the package.'],
    ]);
    expect(set.diagnostics.map((d) => [d.code, d.file.slice(repo.root.length + 1)])).toEqual([
      ['shadowed-skill', '.agents/skills/shared/SKILL.md'],
      ['shadowed-skill', 'AGENTS.md'],
    ]);
  });
});

describe('loadRepository on hostile files', () => {
  it('never evaluates JavaScript front matter', async () => {
    const marker = join(process.env.TMPDIR ?? '/tmp', `agentwire-pwned-${process.pid}-${Date.now()}`);
    const code = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'pwned')`;
    const { found } = await load({
      '.agents/skills/js/SKILL.md': `---js\n${code}\n---\nBody\n`,
      '.agents/skills/javascript.md': `---javascript\n${code}\n---\nBody\n`,
    });
    expect(found.map((f) => f[0])).toContain('frontmatter-javascript');
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a YAML alias bomb at the alias cap', async () => {
    const rows = ['a: &a [x,x,x,x,x,x,x,x,x]'];
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
      ['h', 'g'],
    ]) {
      rows.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const { found, set } = await load({ '.agents/skills/bomb/SKILL.md': `---\nname: bomb\n${rows.join('\n')}\n---\nBody\n` });
    expect(found).toEqual([['frontmatter-invalid-yaml', '.agents/skills/bomb/SKILL.md', 1, 1]]);
    // 9^8 nodes if expanded: refused once the expansion passes the cap, never built.
    expect(set.diagnostics[0]?.message).toMatch(
      new RegExp(`^The front matter is an alias bomb: Aliases expand past ${MAX_ALIAS_COUNT} nodes `),
    );
  });

  it('does not follow a symbolic link out of the repository (to /etc/passwd)', async () => {
    const { found, names } = await load({
      '.agents/skills/passwd.md': { symlink: '/etc/passwd' },
      '.agents/skills/outside': { symlink: '/etc' },
      '.agents/skills/fine/SKILL.md': skill('fine'),
    });
    expect(found).toEqual([
      ['symlink-outside-repository', '.agents/skills/outside', 1, 1],
      ['symlink-outside-repository', '.agents/skills/passwd.md', 1, 1],
    ]);
    expect(names()).toEqual(['fine']);
  });

  it('follows symbolic links that stay inside the repository', async () => {
    const { found, names } = await load({
      'vendor/shared-skill/SKILL.md': skill('shared-skill'),
      '.agents/skills/shared-skill': { symlink: '../../vendor/shared-skill' },
    });
    expect(found).toEqual([]);
    expect(names()).toEqual(['shared-skill']);
  });
});

function byFileThenLine(a: (string | number)[], b: (string | number)[]): number {
  return String(a[1]).localeCompare(String(b[1])) || Number(a[2]) - Number(b[2]);
}
