/**
 * `validate()` never reads through a symbolic link that leaves the folders it was given, under any
 * profile: such a link is reported (`symlink-outside-repository`) and nothing of its target's
 * content reaches a diagnostic.
 */
import { join } from 'node:path';
import { PROFILES, validate } from 'agentwire/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../helpers/tree';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Files outside the repository, each holding text that would show in a diagnostic if it were read. */
const OUTSIDE = {
  'outside/plugin.json': json({ name: 'leaked-name', version: 7, description: 'Leaked Description', leakedKey: true }),
  'outside/marketplace.json': json({ name: 'Leaked Market', owner: 'leaked owner', plugins: [{ name: 'Leaked Plugin', source: 3 }] }),
  'outside/hooks.json': json({ hooks: { LeakedEvent: [{ matcher: 'x', hooks: [{ type: 'leaked-type' }] }] } }),
  'outside/mcp.json': json({ mcpServers: { 'leaked server': { type: 'leaked', command: 4 } } }),
  'outside/command.md': '---\ndescription: [Leaked, list]\nallowed-tools: {leaked: map}\n---\nLeaked body.\n',
  'outside/SKILL.md': '---\nname: Leaked_Name\ndescription: [leaked]\n---\nLeaked body.\n',
  'outside/reference.md': 'See [more](leaked-secret.md).\n',
  'outside/AGENTS.md': '---\nname: Leaked: [\n---\nLeaked instructions.\n',
};

/** A marketplace repository whose files link out, and a plugin in it whose every component links out. */
const REPOSITORY = {
  'repo/.claude-plugin/marketplace.json': { symlink: '../../outside/marketplace.json' },
  'repo/AGENTS.md': { symlink: '../outside/AGENTS.md' },
  'repo/plugins/p/.claude-plugin/plugin.json': { symlink: '../../../../outside/plugin.json' },
  'repo/plugins/p/hooks/hooks.json': { symlink: '../../../../outside/hooks.json' },
  'repo/plugins/p/.mcp.json': { symlink: '../../../outside/mcp.json' },
  'repo/plugins/p/commands/run.md': { symlink: '../../../../outside/command.md' },
  'repo/plugins/p/skills/linked/SKILL.md': { symlink: '../../../../../outside/SKILL.md' },
  'repo/.agents/skills/own/SKILL.md': '---\nname: own\ndescription: Reads the reference.\n---\nSee [the reference](references/ref.md).\n',
  'repo/.agents/skills/own/references/ref.md': { symlink: '../../../../../outside/reference.md' },
};

describe('validate and symbolic links that leave the repository', () => {
  it('reads none of them under any profile, and reports each under every profile that meets it', async () => {
    const { root, cleanup } = tempTree({ ...OUTSIDE, ...REPOSITORY });
    cleanups.push(cleanup);
    const report = await validate(['.', 'plugins/p'], { cwd: join(root, 'repo'), profiles: [...PROFILES] });
    const printed = JSON.stringify(report.diagnostics);
    expect(printed).not.toMatch(/leaked/i);
    const refused = (profile: string) =>
      report.diagnostics
        .filter((d) => d.profile === profile && d.code === 'symlink-outside-repository')
        .map((d) => d.file)
        .sort();
    expect(refused('claude-code')).toEqual([
      '.claude-plugin/marketplace.json',
      'plugins/p/.claude-plugin/plugin.json',
      'plugins/p/commands/run.md',
      'plugins/p/hooks/hooks.json',
      'plugins/p/skills/linked/SKILL.md',
    ]);
    expect(refused('agentskills')).toEqual(['.agents/skills/own/references/ref.md']);
    expect(refused('agent-plugins')).toEqual(['plugins/p/.claude-plugin/plugin.json']);
    expect(refused('openhands')).toEqual(expect.arrayContaining(['.claude-plugin/marketplace.json', 'AGENTS.md']));
    for (const d of report.diagnostics.filter((found) => found.code === 'symlink-outside-repository')) {
      expect(d.message).toContain(join(root, 'outside'));
    }
  });

  it('does not read a file given on its own through a link that leaves its folder', async () => {
    const { root, cleanup } = tempTree({
      ...OUTSIDE,
      'repo/hooks.json': { symlink: '../outside/hooks.json' },
      'repo/.claude-plugin/plugin.json': { symlink: '../../outside/plugin.json' },
    });
    cleanups.push(cleanup);
    const report = await validate(['hooks.json', '.claude-plugin/plugin.json'], { cwd: join(root, 'repo'), profiles: [...PROFILES] });
    expect(JSON.stringify(report.diagnostics)).not.toMatch(/leaked/i);
    expect(report.diagnostics.filter((d) => d.profile === 'openhands').map((d) => [d.file, d.code])).toEqual([
      ['.claude-plugin/plugin.json', 'symlink-outside-repository'],
      ['hooks.json', 'symlink-outside-repository'],
    ]);
    expect(report.diagnostics.filter((d) => d.profile === 'claude-code').map((d) => [d.file, d.code])).toEqual([
      ['hooks.json', 'symlink-outside-repository'],
    ]);
  });

  it('still reads links that stay inside the repository', async () => {
    const { root, cleanup } = tempTree({
      'repo/.claude-plugin/marketplace.json': json({ name: 'm', owner: { name: 'O' }, plugins: [{ name: 'p', source: './plugins/p' }] }),
      'repo/shared/plugin.json': json({ name: 'Bad Name' }),
      'repo/plugins/p/.claude-plugin/plugin.json': { symlink: '../../../shared/plugin.json' },
    });
    cleanups.push(cleanup);
    const report = await validate(['.'], { cwd: join(root, 'repo'), profiles: ['claude-code'] });
    expect(report.diagnostics.map((d) => d.code)).toContain('claude-code-name-invalid');
    expect(report.diagnostics.map((d) => d.code)).not.toContain('symlink-outside-repository');
  });
});
