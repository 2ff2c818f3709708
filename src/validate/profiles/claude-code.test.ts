// biome-ignore-all lint/suspicious/noTemplateCurlyInString: tool-server and hook fixtures name ${…} placeholders
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TreeEntry, tempTree } from '../../../test/helpers/tree';
import { compareDiagnostics } from '../../internal/diagnostic';
import type { Artifacts, PluginArtifact } from '../artifacts';
import { checkClaudeCode } from './claude-code';
import { CLAUDE_CODE_HOOK_EVENTS } from './claude-code-hooks';
import { PROFILE_RULES, SHARED_PROFILE_RULES } from './index';

/** The profiles each documented code is raised under. */
const KNOWN = new Map([...PROFILE_RULES, ...SHARED_PROFILE_RULES].map((rule) => [rule.code, rule.profiles as string[]]));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(files: Record<string, TreeEntry>): string {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  return tree.root;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const plugin = (dir: string): PluginArtifact => ({ dir, layout: 'legacy', skills: [], commands: [], agents: [] });
const manifest = (name: string, extra: Record<string, unknown> = {}) =>
  json({ name, version: '1.0.0', description: `The ${name} plugin.`, author: { name: 'Ada' }, ...extra });

interface Found {
  root: string;
  lines: string[];
  diagnostics: Awaited<ReturnType<typeof checkClaudeCode>>;
}

/** Checks `files` with the given plugin folders, marketplaces and hooks files (paths relative to the tree). */
async function check(
  files: Record<string, TreeEntry>,
  found: { plugins?: string[]; marketplaces?: string[]; hooks?: string[]; skills?: string[] },
): Promise<Found> {
  const root = folder(files);
  const artifacts: Artifacts = {
    plugins: (found.plugins ?? []).map((dir) => plugin(join(root, dir))),
    marketplaces: (found.marketplaces ?? []).map((file) => ({ file: join(root, file), root: join(root, file, '../..') })),
    hooks: (found.hooks ?? []).map((file) => join(root, file)),
    skills: (found.skills ?? []).map((file) => ({
      file: join(root, file),
      format: 'agentskills' as const,
      folder: join(root, file, '..'),
      origin: 'project' as const,
    })),
    toolServers: [],
  };
  const diagnostics = await checkClaudeCode(artifacts);
  for (const diagnostic of diagnostics) expect(diagnostic.profile).toBe('claude-code');
  for (const diagnostic of diagnostics) expect(KNOWN.get(diagnostic.code)).toContain('claude-code');
  const lines = [...diagnostics]
    .sort((a, b) => compareDiagnostics(a, b) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((d) => `${relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`);
  return { root, lines, diagnostics };
}

const cleanPlugin = (dir: string): Record<string, TreeEntry> => ({
  [`${dir}/.claude-plugin/plugin.json`]: manifest(dir.split('/').pop() as string, {
    keywords: ['demo'],
    $schema: 'https://json.schemastore.org/claude-code-plugin-manifest.json',
  }),
  [`${dir}/skills/review/SKILL.md`]:
    '---\nname: review\ndescription: Review: strictly, then report.\nallowed-tools: Read Grep\n---\nReview.\n',
  [`${dir}/commands/ship.md`]:
    '---\ndescription: Ship it\nargument-hint: [branch] [message]\nallowed-tools: Bash(git push:*), Read\n---\nShip.\n',
  [`${dir}/agents/reviewer.md`]: '---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Grep\nmodel: sonnet\n---\nYou review.\n',
  [`${dir}/hooks/hooks.json`]: json({
    description: 'Formatting',
    hooks: {
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/fmt.sh', timeout: 30 }] }],
      Notification: [{ hooks: [{ type: 'http', url: 'https://example.com/hook' }] }],
      UserPromptExpansion: [{ hooks: [{ type: 'prompt', prompt: 'Check the prompt.' }] }],
      SubagentStop: [{ hooks: [{ type: 'agent', prompt: 'Verify.' }] }],
    },
  }),
});

describe('checkClaudeCode', () => {
  it('raises nothing for a marketplace and the plugins it lists when Claude Code accepts them', async () => {
    const { lines } = await check(
      {
        '.claude-plugin/marketplace.json': json({
          $schema: 'https://anthropic.com/claude-code/marketplace.schema.json',
          name: 'team-tools',
          version: '1.0.0',
          description: 'Our tools',
          owner: { name: 'Team', email: 'team@example.com' },
          metadata: { description: 'Tools', version: '2' },
          plugins: [
            { name: 'linter', source: './plugins/linter', description: 'Lints', category: 'quality', strict: true },
            { name: 'remote', source: { source: 'github', repo: 'o/r', ref: 'v1' } },
            { name: 'sub', source: { source: 'git-subdir', url: 'https://example.com/r.git', path: 'plugins/sub' } },
          ],
        }),
        ...cleanPlugin('plugins/linter'),
      },
      { marketplaces: ['.claude-plugin/marketplace.json'] },
    );
    expect(lines).toEqual([]);
  });

  it('descends from a marketplace into a listed plugin whose plugin.json is broken, and reports it at that file', async () => {
    const { root, diagnostics } = await check(
      {
        '.claude-plugin/marketplace.json': json({
          name: 'team-tools',
          owner: { name: 'Team' },
          plugins: [{ name: 'broken', source: './plugins/broken' }],
        }),
        'plugins/broken/.claude-plugin/plugin.json': '{\n  "name": "broken",\n  "version": "1.0.0",\n}\n',
      },
      { marketplaces: ['.claude-plugin/marketplace.json'] },
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'invalid-json',
        severity: 'error',
        profile: 'claude-code',
        file: join(root, 'plugins/broken/.claude-plugin/plugin.json'),
        line: 4,
        column: 1,
      }),
    ]);
  });

  it('checks a plugin found on its own, and each plugin only once', async () => {
    const files = { ...cleanPlugin('one'), 'one/.claude-plugin/plugin.json': json({ name: 'one' }) };
    const { lines } = await check(files, { plugins: ['one', 'one'], hooks: ['one/hooks/hooks.json'] });
    expect(lines).toEqual(['one/.claude-plugin/plugin.json:1:1 warning claude-code-metadata-missing']);
  });

  it('reports manifests and marketplaces Claude Code does not read', async () => {
    const { lines, diagnostics } = await check(
      {
        'legacy/.plugin/plugin.json': manifest('legacy', { entry_command: 'run' }),
        'portable/plugin.json': json({ $schema: 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json', name: 'portable' }),
        '.plugin/marketplace.json': json({ name: 'oh', owner: { name: 'OH' }, plugins: [] }),
      },
      { plugins: ['legacy', 'portable'], marketplaces: ['.plugin/marketplace.json'] },
    );
    expect(lines).toEqual([
      '.plugin/marketplace.json:1:1 warning claude-code-manifest-location',
      'legacy/.plugin/plugin.json:1:1 warning claude-code-manifest-location',
      'legacy/.plugin/plugin.json:8:3 warning claude-code-unknown-key',
      'portable/plugin.json:1:1 info claude-code-manifest-location',
    ]);
    expect(diagnostics.find((d) => d.code === 'claude-code-unknown-key')?.message).toContain("It is the service's field");
  });

  it("reports at the stored file when .claude-plugin links to .plugin, as the service's own catalog does", async () => {
    const { lines } = await check(
      {
        '.plugin/marketplace.json': json({
          name: 'oh',
          owner: { name: 'OH' },
          plugins: [{ name: 'p', source: './plugins/p', entry_command: 'x' }],
        }),
        '.claude-plugin': { symlink: '.plugin' },
        'plugins/p/.plugin/plugin.json': manifest('p', { entry_command: 'run' }),
        'plugins/p/.claude-plugin': { symlink: '.plugin' },
      },
      { marketplaces: ['.plugin/marketplace.json'], plugins: ['plugins/p'] },
    );
    expect(lines).toEqual([
      '.plugin/marketplace.json:10:7 warning claude-code-unknown-key',
      'plugins/p/.plugin/plugin.json:8:3 warning claude-code-unknown-key',
    ]);
  });

  it('checks plugin.json fields: name, types, metadata, unknown and misplaced keys', async () => {
    const { lines } = await check(
      {
        'a/.claude-plugin/plugin.json': json({
          name: 'My Plugin',
          version: 2,
          author: 'Ada <ada@example.com>',
          keywords: ['x', 3],
          themes: './themes',
          extra: true,
        }),
        'b/.claude-plugin/plugin.json': json({ name: 'My_Plugin', description: 'x' }),
        'c/.claude-plugin/plugin.json': json({ version: '1.0.0' }),
      },
      { plugins: ['a', 'b', 'c'] },
    );
    expect(lines).toEqual([
      'a/.claude-plugin/plugin.json:1:1 warning claude-code-metadata-missing',
      'a/.claude-plugin/plugin.json:2:11 error claude-code-name-invalid',
      'a/.claude-plugin/plugin.json:3:14 error claude-code-wrong-type',
      'a/.claude-plugin/plugin.json:4:13 error claude-code-wrong-type',
      'a/.claude-plugin/plugin.json:7:5 error claude-code-wrong-type',
      'a/.claude-plugin/plugin.json:9:3 warning claude-code-experimental-field',
      'a/.claude-plugin/plugin.json:10:3 warning claude-code-unknown-key',
      'b/.claude-plugin/plugin.json:1:1 warning claude-code-metadata-missing',
      'b/.claude-plugin/plugin.json:2:11 warning claude-code-name-not-kebab-case',
      'c/.claude-plugin/plugin.json:1:1 error claude-code-field-missing',
      'c/.claude-plugin/plugin.json:1:1 warning claude-code-metadata-missing',
    ]);
  });

  it('checks component paths: ./ prefix, inside the plugin, present, skills as folders', async () => {
    const { lines, diagnostics } = await check(
      {
        'p/.claude-plugin/plugin.json': manifest('p', {
          commands: 'commands/',
          agents: ['./agents/', '../elsewhere/'],
          skills: ['./custom/pdf/SKILL.md', './missing/', './linked/'],
          hooks: './config/hooks.json',
          mcpServers: { local: { command: 'server' } },
        }),
        'p/agents/a.md': '---\nname: a\ndescription: An agent.\n---\n',
        'p/custom/pdf/SKILL.md': '---\nname: pdf\ndescription: PDFs.\n---\n',
        'p/config/hooks.json': json({ hooks: { pre_tool_use: [] } }),
        'outside/x/SKILL.md': '---\nname: x\ndescription: X.\n---\n',
        'p/linked': { symlink: '../outside' },
      },
      { plugins: ['p'] },
    );
    expect(lines).toEqual([
      'p/.claude-plugin/plugin.json:8:15 error claude-code-path-invalid',
      'p/.claude-plugin/plugin.json:11:5 error claude-code-path-invalid',
      'p/.claude-plugin/plugin.json:14:5 error claude-code-skills-path-file',
      'p/.claude-plugin/plugin.json:15:5 error claude-code-path-missing',
      'p/.claude-plugin/plugin.json:16:5 error claude-code-path-invalid',
      'p/config/hooks.json:3:5 error claude-code-hooks-unknown-event',
    ]);
    expect(diagnostics.find((d) => d.code === 'claude-code-skills-path-file')?.hint).toBe('Write "./custom/pdf" instead.');
    expect(diagnostics.find((d) => d.code === 'claude-code-hooks-unknown-event')?.hint).toBe('Write "PreToolUse".');
  });

  it('checks marketplace fields, reserved names, entries and their sources', async () => {
    const { lines } = await check(
      {
        'a/.claude-plugin/marketplace.json': json({
          name: 'claude-plugins-official',
          owner: 'Ada',
          skills: [],
          plugins: [
            { name: 'bare', source: 'plugins/bare', entry_command: 'run' },
            { name: 'up', source: './../../elsewhere' },
            { name: 'local', source: { source: 'local', path: './x' } },
            { name: 'gh', source: { source: 'github' } },
            { name: 'gone', source: './plugins/gone' },
            { name: 'bare' },
          ],
        }),
        'b/.claude-plugin/marketplace.json': json({ name: 'official-claude-plugins', owner: { email: 'x@example.com' } }),
      },
      { marketplaces: ['a/.claude-plugin/marketplace.json', 'b/.claude-plugin/marketplace.json'] },
    );
    expect(lines).toEqual([
      'a/.claude-plugin/marketplace.json:2:11 error claude-code-marketplace-name-reserved',
      'a/.claude-plugin/marketplace.json:3:12 error claude-code-wrong-type',
      'a/.claude-plugin/marketplace.json:4:3 warning claude-code-unknown-key',
      'a/.claude-plugin/marketplace.json:8:17 error claude-code-source-invalid',
      'a/.claude-plugin/marketplace.json:9:7 warning claude-code-unknown-key',
      'a/.claude-plugin/marketplace.json:13:17 error claude-code-source-invalid',
      'a/.claude-plugin/marketplace.json:18:19 error claude-code-source-invalid',
      'a/.claude-plugin/marketplace.json:24:17 error claude-code-source-invalid',
      'a/.claude-plugin/marketplace.json:30:17 error claude-code-source-missing',
      'a/.claude-plugin/marketplace.json:32:5 error claude-code-field-missing',
      'a/.claude-plugin/marketplace.json:33:15 error claude-code-duplicate-plugin',
      'b/.claude-plugin/marketplace.json:1:1 error claude-code-field-missing',
      'b/.claude-plugin/marketplace.json:2:11 warning claude-code-marketplace-name-reserved',
      'b/.claude-plugin/marketplace.json:3:12 error claude-code-field-missing',
    ]);
  });

  it('parses the front matter of skills, agents and commands, retrying loose values as text', async () => {
    const { lines } = await check(
      {
        'p/.claude-plugin/plugin.json': manifest('p'),
        'p/skills/broken/SKILL.md': '---\nname: broken\ndescription: x\n- item\n---\n',
        'p/skills/listed/SKILL.md': '---\n- a\n---\n',
        'p/skills/loose.md': '---\ndescription: A legacy single-file skill\n---\n',
        'p/skills/README.md': '# Skills\n',
        'p/agents/nameless.md': '---\ndescription: No name.\n---\n',
        'p/agents/bare.md': 'You are an agent without front matter.\n',
        'p/commands/nested/deploy.md':
          '---\ndescription:\n  text: nested\ndisable-model-invocation: maybe\nallowed-tools:\n  key: value\n---\n',
        '.claude/skills/local/SKILL.md': '---\nname: local\n- item\n---\n',
      },
      { plugins: ['p'], skills: ['.claude/skills/local/SKILL.md'] },
    );
    expect(lines).toEqual([
      '.claude/skills/local/SKILL.md:3:1 error claude-code-frontmatter-invalid-yaml',
      'p/agents/bare.md:1:1 error claude-code-frontmatter-invalid',
      'p/agents/nameless.md:2:1 error claude-code-frontmatter-invalid',
      'p/commands/nested/deploy.md:3:3 error claude-code-frontmatter-invalid',
      'p/commands/nested/deploy.md:4:27 error claude-code-frontmatter-invalid',
      'p/commands/nested/deploy.md:6:3 error claude-code-frontmatter-invalid',
      'p/skills/broken/SKILL.md:4:1 error claude-code-frontmatter-invalid-yaml',
      'p/skills/listed/SKILL.md:2:1 error claude-code-frontmatter-invalid',
      'p/skills/loose.md:1:1 warning claude-code-skill-not-loaded',
    ]);
  });

  it('checks hooks files against Claude Code events and hook types', async () => {
    const { lines, diagnostics } = await check(
      {
        'a/hooks/hooks.json': json({ PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
        'b/hooks/hooks.json': json({
          hooks: {
            Stop: [
              { hooks: [{ command: './stop.sh' }, { type: 'http' }, { type: 'script', command: 'x' }, { type: 'command', command: 1 }] },
            ],
            BeforeEverything: [],
            SessionStart: [{ matcher: 3 }],
          },
          version: 1,
        }),
        'c/hooks/hooks.json': '[]\n',
      },
      { hooks: ['a/hooks/hooks.json', 'b/hooks/hooks.json', 'c/hooks/hooks.json'] },
    );
    expect(lines).toEqual([
      'a/hooks/hooks.json:1:1 error claude-code-hooks-invalid',
      'b/hooks/hooks.json:6:11 error claude-code-hooks-invalid',
      'b/hooks/hooks.json:9:11 error claude-code-hooks-invalid',
      'b/hooks/hooks.json:13:21 error claude-code-hooks-invalid',
      'b/hooks/hooks.json:18:24 error claude-code-wrong-type',
      'b/hooks/hooks.json:23:5 error claude-code-hooks-unknown-event',
      'b/hooks/hooks.json:25:7 error claude-code-hooks-invalid',
      'b/hooks/hooks.json:26:20 error claude-code-wrong-type',
      'b/hooks/hooks.json:30:3 warning claude-code-unknown-key',
      'c/hooks/hooks.json:1:1 error claude-code-hooks-invalid',
    ]);
    expect(diagnostics.find((d) => d.code === 'claude-code-hooks-unknown-event')?.hint).toBe(
      'Use the PascalCase name of a Claude Code event.',
    );
    expect(CLAUDE_CODE_HOOK_EVENTS).toContain('UserPromptExpansion');
  });

  it('reports files it cannot read', async () => {
    const { lines } = await check(
      {
        'p/.claude-plugin/plugin.json': new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
        'q/.claude-plugin/plugin.json': `\ufeff${manifest('q')}`,
      },
      { plugins: ['p', 'q'] },
    );
    expect(lines).toEqual([
      'p/.claude-plugin/plugin.json:1:7 error claude-code-unreadable',
      'q/.claude-plugin/plugin.json:1:1 error invalid-json',
    ]);
  });
});
