import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/helpers/tree';
import { nodeFileSystem } from '../../internal/node/file-system';
import { SafeWalker } from '../../internal/node/walk';
import type { Skill } from '../../skills/index';
import { loadSkillContent } from '../../skills/index';
import { commandSkill, loadPluginCommands } from './commands';

describe('commandSkill', () => {
  it('is the keyword skill the service makes, with its default description', () => {
    const command = {
      name: 'go',
      file: '/p/commands/go.md',
      description: '',
      argumentHint: null,
      allowedTools: [],
      metadata: {},
      trigger: '/p:go',
    };
    expect(commandSkill(command, 'p')).toEqual({
      name: 'p:go',
      format: 'legacy',
      role: 'skill',
      trigger: { type: 'keyword', keywords: ['/p:go'] },
      file: '/p/commands/go.md',
      scope: 'plugin',
      description: 'Command go from p',
      disableModelInvocation: false,
      inputs: [],
      command: { name: 'go', description: '', argumentHint: null },
    });
  });

  it('cuts a description past 1,024 characters around the notice naming the file, as the Skill model does', () => {
    const description = `${'a'.repeat(600)}${'b'.repeat(600)}`;
    const command = {
      name: 'go',
      file: '/p/commands/go.md',
      description,
      argumentHint: null,
      allowedTools: [],
      metadata: {},
      trigger: '/p:go',
    };
    const skill = commandSkill(command, 'p');
    expect([...(skill.description ?? '')]).toHaveLength(1024);
    expect(skill.description).toMatch(/^a+<response clipped><NOTE>.*at \/p\/commands\/go\.md\.<\/NOTE>b+$/);
    expect(skill.command?.description).toBe(description);
  });
});

describe('loadPluginCommands', () => {
  async function load(files: Record<string, string>) {
    const { root, cleanup } = tempTree(files);
    try {
      const diagnostics: import('../../internal/diagnostic').Diagnostic[] = [];
      const result = await loadPluginCommands(
        new SafeWalker(nodeFileSystem, root),
        join(root, 'commands'),
        'p',
        { scan: 'frontmatter', maxFileSize: 1 << 20 },
        diagnostics,
      );
      return { ...result, diagnostics: diagnostics.map((entry) => [entry.code, entry.line, entry.column, entry.message]) };
    } finally {
      cleanup();
    }
  }

  it('falls back from a falsy dashed key to the camelCase one, as `or` does', async () => {
    const { commands } = await load({
      'commands/a.md': "---\nargument-hint: ''\nargumentHint: <file>\nallowed-tools: []\nallowedTools: Read\n---\n",
    });
    expect(commands[0]).toMatchObject({ argumentHint: '<file>', allowedTools: ['Read'] });
  });

  it('reports a description the skill gets cut, and keeps it whole in the command and its text', async () => {
    const description = 'd'.repeat(1100);
    const { root, cleanup } = tempTree({ 'commands/a.md': `---\ndescription: ${description}\nargument-hint: <x>\n---\nDo it.\n` });
    try {
      const diagnostics: import('../../internal/diagnostic').Diagnostic[] = [];
      const { commands, skills } = await loadPluginCommands(
        new SafeWalker(nodeFileSystem, root),
        join(root, 'commands'),
        'p',
        { scan: 'frontmatter', maxFileSize: 1 << 20 },
        diagnostics,
      );
      expect(commands[0]?.description).toBe(description);
      expect(skills[0]?.description).toContain('<response clipped>');
      expect(diagnostics.map((entry) => [entry.code, entry.line, entry.column])).toEqual([['description-too-long', 2, 14]]);
      const { content } = await loadSkillContent(skills[0] as Skill);
      expect(content).toBe(`## a\n\n${description}\n\n**Arguments**: \`$ARGUMENTS\` - <x>\n\n\nDo it.`);
    } finally {
      cleanup();
    }
  });

  it('turns a number or a mapping into text and ignores tools it cannot read', async () => {
    const { commands, diagnostics } = await load({
      'commands/a.md': '---\ndescription: 1.0\nargument-hint: {x: 1}\nallowed-tools: 5\n---\n',
    });
    expect(commands[0]).toMatchObject({ description: '1.0', argumentHint: "{'x': 1}", allowedTools: [] });
    expect(diagnostics).toEqual([
      ['plugin-command-field', 2, 14, '`description` is a float: the service keeps its Python text, "1.0".'],
      ['plugin-command-field', 3, 16, '`argument-hint` is a dict: the service shows its Python text, "{\'x\': 1}".'],
      ['plugin-command-field', 4, 16, '`allowed-tools` is an int: the service ignores it (the command allows every tool).'],
    ]);
  });
});
