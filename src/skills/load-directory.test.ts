import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../test/helpers/tree';
import { loadSkillsDirectory } from './load-directory';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(files: Record<string, string | Uint8Array | { symlink: string }>) {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  return tree.root;
}

const skillMd = (name: string, extra = '') => `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n\n# ${name}\n\nBody.\n`;

describe('loadSkillsDirectory', () => {
  it('loads SKILL.md folders and legacy files with the names, triggers and roles the service gives them', async () => {
    const root = folder({
      'pdf-tools/SKILL.md': skillMd('pdf-tools', 'triggers: [pdf]\n'),
      'pdf-tools/scripts/extract.py': 'print(1)\n',
      'pdf-tools/references/guide.md': '# not a skill\n',
      'group/deploy.md': '---\ntriggers:\n  - deploy\n---\nDeploy things.\n',
      'always.md': 'Always in context.\n',
      'task.md': `---\ninputs:\n  - name: BRANCH\n    description: the branch\n---\nWork on $\u007bBRANCH}.\n`,
      'rule.md': '---\npaths: "src/**/*.ts, *.md"\n---\nTypeScript rules.\n',
      'README.md': '# The folder\n',
    });
    const result = await loadSkillsDirectory(root);
    expect(result.diagnostics).toEqual([]);
    const byName = Object.fromEntries(result.skills.map((skill) => [skill.name, skill]));
    expect(Object.keys(byName).sort()).toEqual(['always', 'group/deploy', 'pdf-tools', 'rule', 'task']);
    expect(byName['pdf-tools']).toMatchObject({
      format: 'agentskills',
      role: 'skill',
      trigger: { type: 'keyword', keywords: ['pdf'] },
      description: 'Does pdf-tools things.',
      directory: join(root, 'pdf-tools'),
      resources: { scripts: ['extract.py'], references: ['guide.md'], assets: [] },
    });
    expect(byName['group/deploy']).toMatchObject({ format: 'legacy', role: 'skill', trigger: { type: 'keyword', keywords: ['deploy'] } });
    expect(byName.always).toMatchObject({ role: 'context', trigger: null });
    expect(byName.task).toMatchObject({
      trigger: { type: 'task', triggers: ['/task'] },
      inputs: [{ name: 'BRANCH', description: 'the branch' }],
    });
    expect(byName.rule).toMatchObject({
      role: 'rule',
      trigger: { type: 'path', paths: ['src/**/*.ts', '*.md'] },
      disableModelInvocation: true,
    });
  });

  it('drops a skill whose name differs from its folder, and says where', async () => {
    const root = folder({ 'pdf-tools/SKILL.md': skillMd('pdf'), 'other/SKILL.md': skillMd('other') });
    const result = await loadSkillsDirectory(root);
    expect(result.skills.map((skill) => skill.name)).toEqual(['other']);
    expect(result.diagnostics).toMatchObject([
      { code: 'skill-name-mismatch', severity: 'error', file: join(root, 'pdf-tools/SKILL.md'), line: 2, column: 7 },
    ]);
    expect(result.diagnostics[0]?.message).toContain('The service drops this skill.');
  });

  it('drops the whole folder for one wrongly typed field, naming every skill lost', async () => {
    const root = folder({
      'alpha/SKILL.md': skillMd('alpha'),
      'beta/SKILL.md': '---\nname: beta\ndescription: 42\n---\nBody\n',
      'gamma.md': '---\ntriggers: [gamma]\n---\nG\n',
    });
    const result = await loadSkillsDirectory(root);
    expect(result.dropped).toBe(true);
    expect(result.skills).toEqual([]);
    const codes = result.diagnostics.map((d) => [d.code, d.line, d.column]);
    expect(codes).toEqual([
      ['frontmatter-wrong-type', 3, 14],
      ['would-drop-directory', 3, 14],
    ]);
    expect(result.diagnostics[1]?.message).toContain('alpha, beta, gamma');
  });

  it("reads a SKILL.md folder's .mcp.json with the service's tool-server rules: a file it refuses drops the skill", async () => {
    const root = folder({
      'search/SKILL.md': skillMd('search'),
      'search/.mcp.json': JSON.stringify({ mcpServers: { wiki: { command: 'npx', args: ['-y', 'wiki-mcp'] } } }),
      'broken/SKILL.md': skillMd('broken'),
      'broken/.mcp.json': '{ "mcpServers": { "wiki": { "command": "npx", "args": "-y wiki-mcp" } } }',
    });
    const result = await loadSkillsDirectory(root);
    expect(result.skills.map((skill) => [skill.name, Object.keys(skill.mcpServers ?? {})])).toEqual([['search', ['wiki']]]);
    const drop = result.diagnostics.find((d) => d.file === join(root, 'broken/.mcp.json') && d.severity === 'error');
    expect(drop?.message).toMatch(/The service drops this skill\.$/);
  });

  it('expands SKILL_ROOT and defaults in .mcp.json as the service does at load, dropping what is left empty', async () => {
    const root = folder({
      'db/SKILL.md': skillMd('db'),
      'db/.mcp.json': JSON.stringify({
        mcpServers: {
          db: {
            command: '$\u007bSKILL_ROOT}/bin/db',
            args: ['$\u007bUNSET_VAR}'],
            env: { URL: '$\u007bDB_URL:-postgres://x}', KEY: '$\u007bK:-}' },
          },
        },
      }),
    });
    const result = await loadSkillsDirectory(root);
    expect(result.skills[0]?.mcpServers).toEqual({
      db: { command: `${join(root, 'db')}/bin/db`, args: ['$\u007bUNSET_VAR}'], env: { URL: 'postgres://x' } },
    });
  });

  it('drops the skill for a .mcp.json with a byte-order mark, which json.load refuses', async () => {
    const root = folder({
      'db/SKILL.md': skillMd('db'),
      'db/.mcp.json': `\ufeff${JSON.stringify({ mcpServers: { db: { command: 'db' } } })}`,
      'other.md': 'Kept.\n',
    });
    const result = await loadSkillsDirectory(root);
    expect(result.skills.map((skill) => skill.name)).toEqual(['other']);
    expect(result.diagnostics.find((d) => d.severity === 'error')?.file).toBe(join(root, 'db/.mcp.json'));
  });

  it('loses the whole folder for an empty "command" or an env value not text, which escape the loader (.mcp.json, mcp_tools)', async () => {
    for (const files of [
      { 'db/SKILL.md': skillMd('db'), 'db/.mcp.json': '{"mcpServers": {"db": {"command": ""}}}' },
      { 'db.md': "---\nmcp_tools:\n  mcpServers:\n    db:\n      url: ''\n---\nBody.\n" },
      { 'db/SKILL.md': skillMd('db'), 'db/.mcp.json': '{"mcpServers": {"db": {"command": "db", "env": {"PORT": 5432}}}}' },
    ]) {
      const root = folder({ ...files, 'other.md': 'Kept.\n' });
      const result = await loadSkillsDirectory(root, { scope: 'project' });
      expect(result.skills).toEqual([]);
      expect(result.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['mcp-server-model-refused', 'would-drop-directory']));
    }
  });

  it('reports a folder named like a skill file, which the service fails to read and skips, and loads the files inside', async () => {
    const root = folder({ 'notes.md/deploy.md': 'Deploy.\n', 'README.md/x.md': 'X.\n' });
    const result = await loadSkillsDirectory(root);
    expect(result.skills.map((skill) => skill.name)).toEqual(['README.md/x', 'notes.md/deploy']);
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['folder-named-like-skill', join(root, 'notes.md')]]);
  });

  it('reads the servers of mcp_tools under its mcpServers key, or written directly under it', async () => {
    const root = folder({
      'a.md': '---\nmcp_tools:\n  mcpServers:\n    fetch:\n      command: uvx\n---\nA.\n',
      'b.md': '---\nmcp_tools:\n  fetch:\n    command: uvx\n---\nB.\n',
    });
    const result = await loadSkillsDirectory(root);
    expect(result.skills.map((skill) => skill.mcpServers)).toEqual([{ fetch: { command: 'uvx' } }, { fetch: { command: 'uvx' } }]);
  });
});
