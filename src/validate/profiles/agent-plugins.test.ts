// biome-ignore-all lint/suspicious/noTemplateCurlyInString: tool-server and hook fixtures name ${…} placeholders
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TreeEntry, tempTree } from '../../../test/helpers/tree';
import { compareDiagnostics } from '../../internal/diagnostic';
import { AGENT_PLUGINS_MANIFEST_SCHEMA, AGENT_PLUGINS_MCP_SCHEMA } from '../../plugins/index';
import type { Artifacts, PluginArtifact } from '../artifacts';
import type { ProfileDiagnostic } from '../types';
import { checkAgentPlugins } from './agent-plugins';
import { PROFILE_RULES, SHARED_PROFILE_RULES } from './index';

/** The profiles each documented code is raised under. */
const KNOWN = new Map([...PROFILE_RULES, ...SHARED_PROFILE_RULES].map((rule) => [rule.code, rule.profiles as string[]]));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const manifest = (name: string, extra: Record<string, unknown> = {}) => json({ $schema: AGENT_PLUGINS_MANIFEST_SCHEMA, name, ...extra });
const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\nBody.\n`;
const mcp = (servers: Record<string, unknown>, schema = AGENT_PLUGINS_MCP_SCHEMA) => json({ $schema: schema, mcpServers: servers });

/** Checks `files`; `plugins` maps plugin folders to their layout (and legacy manifest). */
async function check(
  files: Record<string, TreeEntry>,
  plugins: Record<string, { layout: PluginArtifact['layout']; manifest?: string }>,
): Promise<{ root: string; lines: string[]; diagnostics: ProfileDiagnostic[] }> {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  const { root } = tree;
  const artifacts: Artifacts = {
    plugins: Object.entries(plugins).map(([dir, { layout, manifest: file }]) => ({
      dir: join(root, dir),
      layout,
      ...(file ? { manifest: join(root, file) } : {}),
      skills: [],
      commands: [],
      agents: [],
    })),
    skills: [],
    marketplaces: [],
    hooks: [],
    toolServers: [],
  };
  const diagnostics = await checkAgentPlugins(artifacts);
  for (const diagnostic of diagnostics) expect(diagnostic.profile).toBe('agent-plugins');
  for (const diagnostic of diagnostics) expect(KNOWN.get(diagnostic.code)).toContain('agent-plugins');
  const lines = [...diagnostics]
    .sort((a, b) => compareDiagnostics(a, b) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((d) => `${relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`);
  return { root, lines, diagnostics };
}

const portable = { layout: 'agent-plugins' as const };

describe('checkAgentPlugins', () => {
  it('raises nothing for a conforming plugin with skills, tool servers and a client extension', async () => {
    const { lines } = await check(
      {
        'p/plugin.json': manifest('acme.tools', {
          version: 'not-semver',
          author: { name: 'Ada', url: 'ada.example' },
          keywords: ['x'],
          extensions: { 'dev.openhands': { entry_command: 'run' }, 'com.example.client': { setting: true } },
        }),
        'p/skills/summarize/SKILL.md': skill('summarize'),
        'p/skills/summarize/references/checklist.md': '# Checklist\n',
        'p/skills/README.md': '# Skills\n',
        'p/mcp.json': mcp({
          local: { type: 'stdio', command: './bin/server', args: ['--data', '${PLUGIN_DATA}/x'], cwd: '${PLUGIN_ROOT}' },
          remote: { type: 'streamable-http', url: 'https://example.com/mcp' },
          legacy: { type: 'sse', url: 'https://example.com/sse' },
        }),
        'p/bin/server': '#!/bin/sh\n',
        'p/dev.openhands/commands/run.md': '---\ndescription: Run\n---\nRun.\n',
      },
      { p: portable },
    );
    expect(lines).toEqual([]);
  });

  it('says what to add to a legacy-only plugin', async () => {
    const { lines, diagnostics } = await check(
      {
        'legacy/.plugin/plugin.json': json({ name: 'city-weather', version: '1.0.0' }),
        'odd/.claude-plugin/plugin.json': json({ name: 'Odd Name' }),
        'Bare_Folder/commands/x.md': 'x\n',
      },
      {
        legacy: { layout: 'legacy', manifest: 'legacy/.plugin/plugin.json' },
        odd: { layout: 'legacy', manifest: 'odd/.claude-plugin/plugin.json' },
        Bare_Folder: { layout: 'legacy' },
      },
    );
    expect(lines).toEqual([
      'Bare_Folder/plugin.json:1:1 error agent-plugins-manifest-missing',
      'legacy/.plugin/plugin.json:1:1 error agent-plugins-manifest-missing',
      'odd/.claude-plugin/plugin.json:1:1 error agent-plugins-manifest-missing',
    ]);
    const legacy = diagnostics.find((d) => d.file.endsWith('legacy/.plugin/plugin.json'));
    expect(legacy?.message).toContain('only .plugin/plugin.json');
    expect(legacy?.hint).toBe(
      `Add plugin.json at the root of the plugin folder with { "$schema": "${AGENT_PLUGINS_MANIFEST_SCHEMA}", "name": "city-weather" }.`,
    );
    expect(diagnostics.find((d) => d.file.includes('odd'))?.hint).toContain('"name": "odd-name"');
    expect(diagnostics.find((d) => d.file.includes('Bare_Folder'))?.hint).toContain('"name": "bare-folder"');
  });

  it('raises the manifest rules under this profile, in its words, without the service-only ones', async () => {
    const { lines, diagnostics } = await check(
      {
        'a/plugin.json': json({ name: 'a', commands: './commands' }),
        'b/plugin.json': manifest('b', {
          extensions: { openhands: { entry_command: 'run' }, 'dev.openhands': { entry_command: '/run', x: 1 } },
        }),
      },
      { a: portable, b: portable },
    );
    expect(lines).toEqual([
      'a/plugin.json:1:1 error manifest-schema-missing',
      'a/plugin.json:3:3 warning manifest-unknown-key',
      'b/plugin.json:5:5 warning agent-plugins-extension-namespace',
    ]);
    expect(diagnostics[0]?.message).toBe(
      'The manifest has no "$schema"; a conforming client rejects the plugin before reading anything else.',
    );
  });

  it('judges every discovered skill by the Agent Skills rules, and says a conforming client skips it', async () => {
    const { lines, diagnostics } = await check(
      {
        'p/plugin.json': manifest('p'),
        'p/skills/deploy/SKILL.md': skill('deploy', 'triggers:\n  - deploy\n'),
        'p/skills/x/SKILL.md': skill('y'),
      },
      { p: portable },
    );
    expect(lines).toEqual([
      'p/skills/deploy/SKILL.md:4:1 error agentskills-unexpected-field',
      'p/skills/x/SKILL.md:2:7 error agentskills-name-mismatch',
    ]);
    expect(diagnostics[0]?.message).toMatch(/Under Agent Plugins a conforming client skips this skill\.$/);
  });

  it('reports skills a conforming client does not discover', async () => {
    const { lines } = await check(
      {
        'p/plugin.json': manifest('p'),
        'p/SKILL.md': skill('p'),
        'p/skills/flat.md': skill('flat'),
        'p/skills/lower/skill.md': skill('lower'),
        'p/skills/group/deep/SKILL.md': skill('deep'),
      },
      { p: portable },
    );
    expect(lines).toEqual([
      'p/SKILL.md:1:1 warning agent-plugins-skill-not-discovered',
      'p/skills/flat.md:1:1 warning agent-plugins-skill-not-discovered',
      'p/skills/group/deep/SKILL.md:1:1 warning agent-plugins-skill-not-discovered',
      'p/skills/lower/skill.md:1:1 warning agent-plugins-skill-not-discovered',
    ]);
  });

  it('reports components of the wrong kind, .mcp.json and client folders at the root', async () => {
    const { lines } = await check(
      {
        'a/plugin.json': manifest('a'),
        'a/skills': 'not a folder\n',
        'a/mcp.json/readme.txt': 'a folder\n',
        'a/.mcp.json': json({ mcpServers: {} }),
        'a/commands/run.md': 'Run.\n',
        'a/hooks/hooks.json': json({ hooks: {} }),
        'b/plugin.json': manifest('b'),
        'b/.mcp.json': json({ mcpServers: {} }),
      },
      { a: portable, b: portable },
    );
    expect(lines).toEqual([
      'a/.mcp.json:1:1 warning agent-plugins-legacy-mcp',
      'a/commands:1:1 warning agent-plugins-client-folder',
      'a/hooks:1:1 warning agent-plugins-client-folder',
      'a/mcp.json:1:1 error agent-plugins-component-kind',
      'a/skills:1:1 error agent-plugins-component-kind',
      'b/.mcp.json:1:1 warning agent-plugins-legacy-mcp',
    ]);
  });

  it('checks mcp.json: its version against plugin.json, and the specification rules only', async () => {
    const { lines, diagnostics } = await check(
      {
        'a/plugin.json': manifest('a'),
        'a/mcp.json': mcp({ s: { type: 'stdio', command: 'x' } }, 'https://agent-plugins.org/schemas/1.1.0/mcp.schema.json'),
        'b/plugin.json': manifest('b'),
        'b/mcp.json': mcp({ bad: { type: 'stdio', command: '../outside' }, old: { type: 'sse', url: 'https://example.com/sse' } }),
      },
      { a: portable, b: portable },
    );
    expect(lines).toEqual(['a/mcp.json:2:14 error agent-plugins-mcp-version-mismatch', 'b/mcp.json:6:18 error mcp-command-invalid']);
    expect(diagnostics.find((d) => d.code === 'agent-plugins-mcp-version-mismatch')?.message).toBe(
      'mcp.json targets Agent Plugins 1.1.0 and plugin.json 1.0.0: a conforming client disables the tool servers of this plugin.',
    );
    expect(diagnostics.find((d) => d.code === 'mcp-command-invalid')?.message).toContain('a conforming client skips this server');
  });

  it('reports package paths that resolve outside the plugin through links', async () => {
    const { lines } = await check(
      {
        'shared/plugin.json': manifest('shared'),
        'shared/skill/SKILL.md': skill('linked'),
        'shared/bin/server': '#!/bin/sh\n',
        'a/plugin.json': { symlink: '../shared/plugin.json' },
        'b/plugin.json': manifest('b'),
        'b/skills/linked': { symlink: '../../shared/skill' },
        'b/mcp.json': mcp({ s: { type: 'stdio', command: './bin/server', cwd: './work' } }),
        'b/bin': { symlink: '../shared/bin' },
        'b/work': { symlink: '../shared' },
        'c/plugin.json': manifest('c'),
        'c/skills': { symlink: '../shared' },
        'c/mcp.json': { symlink: '../shared/plugin.json' },
        'd/plugin.json': manifest('d'),
        'd/skills/s/SKILL.md': skill('s'),
        'd/skills/s/scripts/tool.sh': { symlink: '../../../../shared/bin/server' },
      },
      { a: portable, b: portable, c: portable, d: portable },
    );
    expect(lines).toEqual([
      'a/plugin.json:1:1 error agent-plugins-outside-root',
      'b/bin:1:1 error agent-plugins-outside-root',
      'b/mcp.json:6:18 error agent-plugins-outside-root',
      'b/mcp.json:7:14 error agent-plugins-outside-root',
      'b/skills/linked/SKILL.md:1:1 error agent-plugins-outside-root',
      'b/work:1:1 error agent-plugins-outside-root',
      'c/mcp.json:1:1 error agent-plugins-outside-root',
      'c/skills:1:1 error agent-plugins-outside-root',
      'd/skills/s/scripts/tool.sh:1:1 error agent-plugins-outside-root',
    ]);
  });

  it('reports files it cannot read', async () => {
    const { lines } = await check(
      {
        'p/plugin.json': new Uint8Array([0x7b, 0xff, 0x7d]),
        'q/plugin.json': manifest('q'),
        'q/mcp.json': new Uint8Array([0x7b, 0x0a, 0xc3]),
      },
      { p: portable, q: portable },
    );
    expect(lines).toEqual(['p/plugin.json:1:2 error agent-plugins-unreadable', 'q/mcp.json:2:1 error agent-plugins-unreadable']);
  });
});
