// biome-ignore-all lint/suspicious/noTemplateCurlyInString: plugin files name ${…} placeholders
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from 'agentwire/plugins';
import { loadPluginDirectory, type PluginDirectory } from 'agentwire/plugins/node';
import { nodeFileSystem, type SkillFileSystem } from 'agentwire/skills';
import { afterEach, describe, expect, it } from 'vitest';
import { type TreeEntry, tempRepository, tempTree } from '../helpers/tree';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tree(files: Record<string, TreeEntry>): string {
  const made = tempTree(files);
  cleanups.push(made.cleanup);
  return realpathSync(made.root);
}

const SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';
const MCP_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';
const skill = (name: string, description = `The ${name} skill.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`;

/** Code, file (relative to `root`), line and column of each diagnostic. */
function found(result: PluginDirectory, root: string): [string, string, number, number][] {
  return result.diagnostics.map((entry: Diagnostic) => [entry.code, entry.file.slice(root.length + 1), entry.line, entry.column]);
}

function only(result: PluginDirectory, code: string): Diagnostic {
  const matches = result.diagnostics.filter((entry) => entry.code === code);
  expect(matches).toHaveLength(1);
  return matches[0] as Diagnostic;
}

describe('an Agent Plugins plugin', () => {
  const files = (): Record<string, TreeEntry> => ({
    'forecast/plugin.json': JSON.stringify(
      { $schema: SCHEMA, name: 'forecast', version: '2.0', extensions: { 'dev.openhands': { entry_command: 'today' } } },
      null,
      2,
    ),
    'forecast/skills/city/SKILL.md': skill('city'),
    'forecast/skills/Bad_Name/SKILL.md': skill('Bad_Name'),
    'forecast/skills/alpha/SKILL.md': skill('beta'),
    'forecast/skills/quiet/SKILL.md': '---\nname: quiet\n---\nNo description.\n',
    'forecast/skills/lower/skill.md': skill('lower'),
    'forecast/skills/notes.md': '---\ntriggers: [notes]\n---\nA single-file skill.\n',
    'forecast/mcp.json': [
      '{',
      `  "$schema": "${MCP_SCHEMA}",`,
      '  "mcpServers": {',
      '    "local": { "type": "stdio", "command": "./bin/serve", "args": ["${PLUGIN_ROOT}/data"] },',
      '    "remote": { "type": "streamable-http", "url": "http://weather.example.com/mcp" }',
      '  }',
      '}',
      '',
    ].join('\n'),
    'forecast/dev.openhands/commands/today.md': '---\ndescription: Today\u2019s forecast\n---\nForecast for $ARGUMENTS.\n',
    'forecast/commands/legacy.md': '---\ndescription: Only for old servers\n---\nOld.\n',
  });

  it('loads the manifest, the conforming skills, the mcp.json servers that pass and the dev.openhands components', async () => {
    const root = tree(files());
    const dir = join(root, 'forecast');
    const result = await loadPluginDirectory(dir);
    if (!result.ok || result.layout !== 'agent-plugins') throw new Error('expected an Agent Plugins plugin');
    expect(result.manifestFile).toBe(join(dir, 'plugin.json'));
    expect(result.manifest).toMatchObject({ name: 'forecast', version: '2.0' });
    expect(result.name).toBe('forecast');
    expect(result.skills.map((entry) => entry.name)).toEqual(['city']);
    expect(Object.keys(result.mcpServers)).toEqual(['local']);
    expect(result.mcpServers.local).toEqual({ type: 'stdio', command: './bin/serve', args: ['${PLUGIN_ROOT}/data'] });
    expect(result.commands.map((entry) => entry.file)).toEqual([join(dir, 'dev.openhands', 'commands', 'today.md')]);
    expect(result.commandSkills.map((entry) => [entry.name, entry.trigger])).toEqual([
      ['forecast:today', { type: 'keyword', keywords: ['/forecast:today'] }],
    ]);
    expect(result.launchMessage).toBe('/forecast:today');
    expect(found(result, dir)).toEqual([
      ['plugin-component-ignored', 'commands', 1, 1],
      ['mcp-url-invalid', 'mcp.json', 5, 51],
      ['manifest-root-ignored-before-1.49', 'plugin.json', 1, 1],
      ['skill-name-invalid', 'skills/Bad_Name/SKILL.md', 2, 7],
      ['skill-name-mismatch', 'skills/alpha/SKILL.md', 2, 7],
      ['plugin-skill-ignored', 'skills/lower/skill.md', 1, 1],
      ['plugin-skill-ignored', 'skills/notes.md', 1, 1],
      ['description-missing', 'skills/quiet/SKILL.md', 1, 1],
    ]);
    const missing = only(result, 'description-missing');
    expect(missing.severity).toBe('error');
    expect(missing.message).toBe(
      'The skill has no description, which the Agent Skills specification requires of every skill of an Agent Plugins plugin. The service drops this skill.',
    );
  });

  it('rejects the plugin when the service rejects its manifest, and discovers nothing', async () => {
    const root = tree({
      ...files(),
      'forecast/plugin.json': `{\n  "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.json",\n  "name": "forecast"\n}\n`,
    });
    const dir = join(root, 'forecast');
    const result = await loadPluginDirectory(dir);
    expect(result).toMatchObject({
      ok: false,
      layout: 'agent-plugins',
      failure: 'manifest-rejected',
      manifestFile: join(dir, 'plugin.json'),
    });
    expect(found(result, dir)).toEqual([
      ['manifest-root-ignored-before-1.49', 'plugin.json', 1, 1],
      ['manifest-schema-unsupported', 'plugin.json', 2, 14],
    ]);
    expect('skills' in result).toBe(false);
  });

  it('skips a tool server whose ./ command leads outside the plugin through a link', async () => {
    const outside = tree({ 'serve.sh': '#!/bin/sh\n' });
    const root = tree({
      'p/plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'p' }),
      'p/bin': { symlink: outside },
      'p/mcp.json': `{\n  "$schema": "${MCP_SCHEMA}",\n  "mcpServers": {\n    "s": { "type": "stdio", "command": "./bin/serve.sh" },\n    "t": { "type": "stdio", "command": "node" }\n  }\n}\n`,
    });
    const dir = join(root, 'p');
    const result = await loadPluginDirectory(dir);
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(Object.keys(result.mcpServers)).toEqual(['t']);
    expect(found(result, dir)).toEqual([
      ['plugin-path-outside-root', 'bin', 1, 1],
      ['plugin-path-outside-root', 'mcp.json', 4, 40],
      ['manifest-root-ignored-before-1.49', 'plugin.json', 1, 1],
    ]);
    expect(result.diagnostics[1]?.message).toBe(
      `The command "./bin/serve.sh" of the server "s" resolves to ${join(outside, 'serve.sh')}, outside the plugin folder: the service refuses paths that leave the plugin and skips this server.`,
    );
  });
});

describe('skill rules by layout', () => {
  it('skips an Agent Plugins skill whose description is too long, and keeps it (cut) in a legacy plugin', async () => {
    const long = skill('long', 'x'.repeat(1025));
    const root = tree({
      'ap/plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'ap' }),
      'ap/skills/long/SKILL.md': long,
      'old/skills/long/SKILL.md': long,
    });
    const ap = await loadPluginDirectory(join(root, 'ap'));
    expect(ap.ok && ap.skills).toEqual([]);
    const tooLong = only(ap, 'description-too-long');
    expect(tooLong).toMatchObject({ severity: 'error', line: 3, column: 14 });
    expect(tooLong.message).toBe(
      'The description is 1025 characters long; the Agent Skills specification allows at most 1,024 in an Agent Plugins plugin. The service drops this skill.',
    );
    const old = await loadPluginDirectory(join(root, 'old'));
    expect(old.ok && old.skills.map((entry) => entry.name)).toEqual(['long']);
    expect(only(old, 'description-too-long').severity).toBe('warning');
  });

  it('merges skills of one name as the service does, the later one kept', async () => {
    const root = tree({ 'kit/skills/lint/SKILL.md': skill('lint'), 'kit/skills/lint.md': '---\nname: lint\n---\nThe other lint.\n' });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    expect(result.ok && result.skills.map((entry) => entry.file)).toEqual([join(dir, 'skills', 'lint.md')]);
    const duplicate = only(result, 'duplicate-skill-name');
    expect(duplicate).toMatchObject({
      file: join(dir, 'skills', 'lint.md'),
      related: [{ file: join(dir, 'skills', 'lint', 'SKILL.md'), line: 1, column: 1, message: 'the copy that is dropped' }],
    });
  });
});

describe('the service version decides the layout', () => {
  const files = {
    'dual/plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'dual-tools' }, null, 2),
    'dual/.plugin/plugin.json': '{ "name": "dual-legacy" }\n',
    'dual/skills/check/SKILL.md': skill('check'),
    'dual/mcp.json': JSON.stringify({ $schema: MCP_SCHEMA, mcpServers: { modern: { type: 'stdio', command: 'modern-server' } } }),
    'dual/.mcp.json': JSON.stringify({ mcpServers: { legacy: { command: 'legacy-server' } } }),
  };

  it('reads the root plugin.json from 1.49', async () => {
    const root = tree(files);
    const dir = join(root, 'dual');
    const result = await loadPluginDirectory(dir, { service: '1.49' });
    expect(result).toMatchObject({ ok: true, layout: 'agent-plugins', name: 'dual-tools', manifestFile: join(dir, 'plugin.json') });
    if (!result.ok) return;
    expect(Object.keys(result.mcpServers)).toEqual(['modern']);
    expect(result.skills.map((entry) => entry.name)).toEqual(['check']);
    expect(found(result, dir)).toEqual([
      ['plugin-component-ignored', '.mcp.json', 1, 1],
      ['plugin-manifest-ignored', '.plugin/plugin.json', 1, 1],
      ['manifest-root-ignored-before-1.49', 'plugin.json', 1, 1],
    ]);
    expect(only(result, 'plugin-manifest-ignored').message).toBe(
      'The service (1.49 and later) reads the root plugin.json and ignores this file; servers before 1.49 read it and name the plugin "dual-legacy", not "dual-tools", so its command keywords differ between versions.',
    );
  });

  it('loads it as a legacy plugin before 1.49 and says so', async () => {
    const root = tree(files);
    const dir = join(root, 'dual');
    const result = await loadPluginDirectory(dir, { service: '1.43' });
    expect(result).toMatchObject({ ok: true, layout: 'legacy', name: 'dual-legacy', manifestFile: join(dir, '.plugin', 'plugin.json') });
    if (!result.ok) return;
    expect(Object.keys(result.mcpServers)).toEqual(['legacy']);
    expect(result.skills.map((entry) => entry.name)).toEqual(['check']);
    expect(found(result, dir)).toEqual([
      ['plugin-component-ignored', 'mcp.json', 1, 1],
      ['manifest-root-ignored-before-1.49', 'plugin.json', 1, 1],
    ]);
    expect(only(result, 'manifest-root-ignored-before-1.49').message).toBe(
      `Servers before 1.49 (this load follows 1.43) ignore this root plugin.json: they load the folder as a legacy plugin named "dual-legacy" (from ${join(dir, '.plugin', 'plugin.json')}); 1.49 and later read it as an Agent Plugins plugin.`,
    );
  });

  it('names the plugin after its folder before 1.49 when there is no legacy manifest', async () => {
    const { 'dual/.plugin/plugin.json': _, ...rest } = files;
    const root = tree(rest);
    const result = await loadPluginDirectory(join(root, 'dual'), { service: '1.43' });
    expect(result).toMatchObject({ ok: true, layout: 'legacy', name: 'dual', manifestFile: null });
    expect(only(result, 'manifest-root-ignored-before-1.49').message).toContain('named "dual" (after its folder)');
  });
});

describe('a legacy plugin', () => {
  it('reads .plugin/plugin.json through a .claude-plugin link and loads skills of any name, one bad skill skipped alone', async () => {
    const root = tree({
      'kit/.plugin/plugin.json': '{\n  "name": "kit",\n  "version": "0.3.0"\n}\n',
      'kit/.claude-plugin': { symlink: '.plugin' },
      'kit/skills/Any_Name/SKILL.md': skill('Any_Name'),
      'kit/skills/broken/SKILL.md': '---\nname: broken\ndescription: Use it: always\n---\nBody.\n',
      'kit/skills/notes.md': '---\ntriggers: [notes]\n---\nA single-file skill.\n',
      'kit/skills/readme.md': 'Not a skill.\n',
      'kit/skills/empty/README.md': 'Nothing here.\n',
    });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    if (!result.ok || result.layout !== 'legacy') throw new Error('expected a legacy plugin');
    expect(result.manifestFile).toBe(join(dir, '.plugin', 'plugin.json'));
    expect(result.manifest).toMatchObject({ name: 'kit', version: '0.3.0', entry_command: null });
    expect(result.skills.map((entry) => [entry.name, entry.format])).toEqual([
      ['Any_Name', 'agentskills'],
      ['notes', 'legacy'],
    ]);
    expect(result.skills[1]?.trigger).toEqual({ type: 'keyword', keywords: ['notes'] });
    expect(found(result, dir)).toEqual([
      ['frontmatter-invalid-yaml', 'skills/broken/SKILL.md', 3, 14],
      ['plugin-skill-ignored', 'skills/empty', 1, 1],
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^Invalid YAML in the front matter: .*\. The service drops this skill\.$/);
    expect(result.diagnostics[1]?.severity).toBe('info');
  });

  it('reports a second legacy manifest that the service never reads', async () => {
    const root = tree({
      'kit/.plugin/plugin.json': '{ "name": "kit" }\n',
      'kit/.claude-plugin/plugin.json': '{ "name": "kit-for-claude" }\n',
    });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    expect(result).toMatchObject({ ok: true, name: 'kit' });
    expect(found(result, dir)).toEqual([['plugin-manifest-ignored', '.claude-plugin/plugin.json', 1, 1]]);
  });

  it('fails when its manifest does not parse', async () => {
    const root = tree({ 'kit/.claude-plugin/plugin.json': '{ "version": "1.0.0" }\n', 'kit/skills/a/SKILL.md': skill('a') });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    expect(result).toMatchObject({ ok: false, layout: 'legacy', failure: 'manifest-rejected' });
    expect(found(result, dir)).toEqual([['manifest-name-missing', '.claude-plugin/plugin.json', 1, 1]]);
  });

  it('loads a root SKILL.md as a single-skill plugin without loading the plugin .mcp.json twice', async () => {
    const root = tree({
      'solo/SKILL.md': skill('solo'),
      'solo/scripts/run.sh': 'echo run\n',
      'solo/.mcp.json': JSON.stringify(
        { mcpServers: { api: { command: '${SKILL_ROOT}/bin/api', env: { TOKEN: '${API_TOKEN:-none}' } }, bad: { args: [] } } },
        null,
        2,
      ),
    });
    const dir = join(root, 'solo');
    const result = await loadPluginDirectory(dir);
    if (!result.ok || result.layout !== 'legacy') throw new Error('expected a legacy plugin');
    expect(result.name).toBe('solo');
    expect(result.manifestFile).toBeNull();
    expect(result.skills).toHaveLength(1);
    expect(result.skills[0]).toMatchObject({
      name: 'solo',
      directory: dir,
      resources: { scripts: ['run.sh'], references: [], assets: [] },
    });
    expect(result.skills[0]?.mcpServers).toBeUndefined();
    expect(result.mcpServers).toEqual({});
    // One report of the invalid server (the plugin's), none from the skill.
    expect(found(result, dir)).toEqual([['mcp-invalid-server', '.mcp.json', 9, 12]]);
  });

  it('expands ${SKILL_ROOT} in .mcp.json and keeps the other placeholders for the conversation', async () => {
    const root = tree({
      'solo/SKILL.md': skill('solo'),
      'solo/.mcp.json': JSON.stringify({ mcpServers: { api: { command: '${SKILL_ROOT}/bin/api', env: { TOKEN: '${API_TOKEN:-none}' } } } }),
    });
    const dir = join(root, 'solo');
    const result = await loadPluginDirectory(dir);
    if (!result.ok || result.layout !== 'legacy') throw new Error('expected a legacy plugin');
    expect(result.mcpServers).toEqual({ api: { command: `${dir}/bin/api`, env: { TOKEN: '${API_TOKEN:-none}' } } });
    expect(result.diagnostics).toEqual([]);
  });

  it('does not read a root SKILL.md beside a skills/ folder', async () => {
    const root = tree({ 'kit/SKILL.md': skill('kit'), 'kit/skills/a/SKILL.md': skill('a') });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    expect(result.ok && result.skills.map((entry) => entry.name)).toEqual(['a']);
    expect(found(result, dir)).toEqual([['plugin-skill-ignored', 'SKILL.md', 1, 1]]);
  });
});

describe('commands', () => {
  const manifest = (entry: string) => `{\n  "name": "weather",\n  "entry_command": "${entry}"\n}\n`;
  const commands = {
    'weather/commands/now.md':
      '---\ndescription: Current weather\nargument-hint: [city, units]\nallowed-tools:\n  - Bash(curl:*)\n  - Read\nmodel: fast\n---\nFetch the weather for $ARGUMENTS.\n',
    'weather/commands/plain.md': 'No front matter at all.\n',
    'weather/commands/empty.md': '---\ndescription:\nallowed-tools: Bash(git status:*), Read\n---\nBody.\n',
    'weather/commands/broken.md': '---\ndescription: Use it: always\n---\nBody.\n',
    'weather/commands/README.md': 'How to use the commands.\n',
    'weather/commands/Loud.MD': '---\ndescription: Never loaded\n---\n',
  };

  it('reads every command as the service does, makes its skills and builds the launch message', async () => {
    const root = tree({ 'weather/.plugin/plugin.json': manifest('now'), ...commands });
    const dir = join(root, 'weather');
    const result = await loadPluginDirectory(dir);
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(result.commands).toEqual([
      {
        name: 'empty',
        file: join(dir, 'commands', 'empty.md'),
        description: 'None',
        argumentHint: null,
        allowedTools: ['Bash(git status:*), Read'],
        metadata: {},
        trigger: '/weather:empty',
      },
      {
        name: 'now',
        file: join(dir, 'commands', 'now.md'),
        description: 'Current weather',
        argumentHint: 'city units',
        allowedTools: ['Bash(curl:*)', 'Read'],
        metadata: { model: 'fast' },
        trigger: '/weather:now',
      },
      {
        name: 'plain',
        file: join(dir, 'commands', 'plain.md'),
        description: '',
        argumentHint: null,
        allowedTools: [],
        metadata: {},
        trigger: '/weather:plain',
      },
    ]);
    expect(result.commandSkills.map((entry) => [entry.name, entry.description, entry.trigger, entry.allowedTools])).toEqual([
      ['weather:empty', 'None', { type: 'keyword', keywords: ['/weather:empty'] }, ['Bash(git status:*), Read']],
      ['weather:now', 'Current weather', { type: 'keyword', keywords: ['/weather:now'] }, ['Bash(curl:*)', 'Read']],
      ['weather:plain', 'Command plain from weather', { type: 'keyword', keywords: ['/weather:plain'] }, undefined],
    ]);
    expect(result.commandSkills.every((entry) => entry.scope === 'plugin' && entry.role === 'skill')).toBe(true);
    expect(result.entryCommand).toBe('now');
    expect(result.launchMessage).toBe('/weather:now');
    expect(found(result, dir)).toEqual([
      ['plugin-component-ignored', 'commands/Loud.MD', 1, 1],
      ['frontmatter-invalid-yaml', 'commands/broken.md', 2, 14],
      ['plugin-command-field', 'commands/empty.md', 2, 13],
      ['plugin-command-field', 'commands/empty.md', 3, 16],
    ]);
    expect(result.diagnostics[1]?.message).toMatch(/The service drops this command\.$/);
    expect(result.diagnostics[2]?.message).toBe('`description` is empty: the service turns it into the text "None".');
    expect(result.diagnostics[3]?.severity).toBe('info');
  });

  it('reports an entry_command that names no command, at its value', async () => {
    const root = tree({ 'weather/.plugin/plugin.json': manifest('later'), ...commands });
    const dir = join(root, 'weather');
    const result = await loadPluginDirectory(dir);
    expect(result.ok && result.launchMessage).toBe('/weather:later');
    const missing = only(result, 'plugin-entry-command-missing');
    expect(missing).toMatchObject({ severity: 'warning', file: join(dir, '.plugin', 'plugin.json'), line: 3, column: 20 });
    expect(missing.message).toBe(
      `entry_command "later" names no command of the plugin (no ${join(dir, 'commands', 'later.md')} loads): the launch message "/weather:later" triggers nothing.`,
    );
  });
});

describe('agents', () => {
  it('reads agent definitions with the service\u2019s fields and skips a bad file alone', async () => {
    const root = tree({
      'crew/agents/reviewer.md': [
        '---',
        'name: code-reviewer',
        'description: Reviews code. <example>review my PR</example>',
        'tools: [terminal, file_editor]',
        'skills: lint, format',
        'permission_mode: Confirm_Risky',
        'max_iteration_per_run: "25"',
        'max_budget_per_run: 2',
        'condenser: off',
        'mcp_config:',
        '  fetch:',
        '    command: uvx',
        '    args: [mcp-server-fetch]',
        'hooks:',
        '  PreToolUse:',
        '    - matcher: terminal',
        '      hooks:',
        '        - command: ./check.sh',
        'color: 7',
        'team: core',
        '---',
        'You review code.',
        '',
      ].join('\n'),
      'crew/agents/bad.md': '---\nname: bad\npermission_mode: ask\n---\nBody.\n',
      'crew/agents/loose.md': '---\ntools: 5\nmax_iteration_per_run: 10.0\n---\nBody.\n',
      'crew/agents/readme.md': 'About the agents.\n',
    });
    const dir = join(root, 'crew');
    const result = await loadPluginDirectory(dir);
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(result.agents.map((entry) => entry.name)).toEqual(['loose', 'code-reviewer']);
    expect(result.agents[1]).toEqual({
      name: 'code-reviewer',
      file: join(dir, 'agents', 'reviewer.md'),
      description: 'Reviews code. <example>review my PR</example>',
      model: 'inherit',
      color: '7',
      tools: ['terminal', 'file_editor'],
      skills: ['lint', 'format'],
      permissionMode: 'confirm_risky',
      maxIterationPerRun: 25,
      maxBudgetPerRun: 2,
      mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } },
      hooks: {
        pre_tool_use: [{ matcher: 'terminal', hooks: [expect.objectContaining({ type: 'command', command: './check.sh' })] }],
        post_tool_use: [],
        user_prompt_submit: [],
        session_start: [],
        session_end: [],
        stop: [],
      },
      profileStoreDir: null,
      condenser: 'none',
      whenToUseExamples: ['review my PR'],
      metadata: { team: 'core' },
    });
    expect(found(result, dir)).toEqual([
      ['plugin-agent-invalid', 'agents/bad.md', 3, 18],
      ['plugin-agent-field-ignored', 'agents/loose.md', 2, 8],
      ['plugin-agent-field-ignored', 'agents/loose.md', 3, 24],
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      '`permission_mode` is "ask", not one of always_confirm, confirm_risky, never_confirm. The service drops this agent.',
    );
    expect(result.diagnostics[2]?.message).toBe('`max_iteration_per_run` is a float, not an integer: the service ignores it.');
  });
});

describe('hooks', () => {
  it('drops the whole hooks file for an unknown event, as the service does', async () => {
    const root = tree({
      'guard/.plugin/plugin.json': '{ "name": "guard" }\n',
      'guard/hooks/hooks.json': [
        '{',
        '  "hooks": {',
        '    "PreToolUse": [{ "matcher": "terminal", "hooks": [{ "type": "command", "command": "echo ok" }] }],',
        '    "Notification": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const dir = join(root, 'guard');
    const result = await loadPluginDirectory(dir);
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(result.hooks).toBeNull();
    expect(found(result, dir)).toEqual([['hooks-unknown-event', 'hooks/hooks.json', 4, 5]]);
    expect(result.diagnostics[0]?.message).toContain('drops the whole hooks file');
  });

  it('loads a valid hooks file and has no hooks without one', async () => {
    const hooks = '{ "Stop": [{ "hooks": [{ "command": "make lint" }] }] }\n';
    const root = tree({ 'a/hooks/hooks.json': hooks, 'b/skills/x/SKILL.md': skill('x') });
    const withHooks = await loadPluginDirectory(join(root, 'a'));
    expect(withHooks.ok && withHooks.hooks?.stop[0]?.hooks[0]).toMatchObject({ type: 'command', command: 'make lint' });
    const without = await loadPluginDirectory(join(root, 'b'));
    expect(without.ok && without.hooks).toBeNull();
  });
});

describe('containment', () => {
  function repository(files: Record<string, TreeEntry>): string {
    const made = tempRepository(files);
    cleanups.push(made.cleanup);
    return realpathSync(made.root);
  }

  const shared = {
    'shared/skills/lint/SKILL.md': skill('lint'),
    'plugins/tools/.plugin/plugin.json': '{ "name": "tools" }\n',
    'plugins/tools/.claude-plugin': { symlink: '.plugin' },
    'plugins/tools/skills/lint': { symlink: '../../../shared/skills/lint' },
    'plugins/tools/vendor/format/SKILL.md': skill('format'),
    'plugins/tools/skills/format': { symlink: '../vendor/format' },
  } satisfies Record<string, TreeEntry>;

  it('reads a skill folder linked from elsewhere in the repository when the repository is the root', async () => {
    const repo = repository(shared);
    const dir = join(repo, 'plugins', 'tools');
    const result = await loadPluginDirectory(dir, { root: repo });
    expect(result.ok && result.skills.map((entry) => [entry.name, entry.file])).toEqual([
      ['format', join(dir, 'skills', 'format', 'SKILL.md')],
      ['lint', join(dir, 'skills', 'lint', 'SKILL.md')],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('reports it, and does not read it, when the root is the plugin folder', async () => {
    const repo = repository(shared);
    const dir = join(repo, 'plugins', 'tools');
    const result = await loadPluginDirectory(dir);
    expect(result.ok && result.skills.map((entry) => entry.name)).toEqual(['format']);
    expect(found(result, dir)).toEqual([['plugin-path-outside-root', 'skills/lint', 1, 1]]);
    expect(result.diagnostics[0]).toMatchObject({ severity: 'warning' });
    expect(result.diagnostics[0]?.message).toBe(
      `${join(dir, 'skills', 'lint')} resolves to ${join(repo, 'shared', 'skills', 'lint')}, outside the plugin folder: the service follows the link and loads the skills it points at; agentwire does not read outside the plugin folder, so that is neither checked nor in the result.`,
    );
  });

  it('holds an Agent Plugins plugin to its own folder whatever the root, as the service does', async () => {
    const repo = repository({
      'shared/skills/lint/SKILL.md': skill('lint'),
      'plugins/tools/plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'tools' }),
      'plugins/tools/skills/lint': { symlink: '../../../shared/skills/lint' },
    });
    const dir = join(repo, 'plugins', 'tools');
    const result = await loadPluginDirectory(dir, { root: repo });
    expect(result.ok && result.skills).toEqual([]);
    const outside = only(result, 'plugin-path-outside-root');
    expect(outside).toMatchObject({ severity: 'error', file: join(dir, 'skills', 'lint'), line: 1, column: 1 });
    expect(outside.message).toBe(
      `${join(dir, 'skills', 'lint')} resolves to ${join(repo, 'shared', 'skills', 'lint')}, outside the plugin folder: the service refuses paths that leave the plugin and skips this skill.`,
    );
  });

  it('reports a link leaving the root and never reads its target', async () => {
    const elsewhere = tree({ 'evil/SKILL.md': '---\nname: evil\ndescription: [unclosed\n---\n', 'hooks.json': '{ "Nope": [] }' });
    const root = tree({
      'kit/.plugin/plugin.json': '{ "name": "kit" }\n',
      'kit/skills/evil': { symlink: join(elsewhere, 'evil') },
      'kit/hooks': { symlink: elsewhere },
    });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(result.skills).toEqual([]);
    expect(result.hooks).toBeNull();
    // The target's broken YAML and unknown hook event would be reported if it were read.
    expect(found(result, dir)).toEqual([
      ['plugin-path-outside-root', 'hooks', 1, 1],
      ['plugin-path-outside-root', 'skills/evil', 1, 1],
    ]);
  });

  it('rejects an Agent Plugins plugin whose plugin.json leads outside it', async () => {
    const elsewhere = tree({ 'plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'stolen' }) });
    const root = tree({ 'p/plugin.json': { symlink: join(elsewhere, 'plugin.json') }, 'p/skills/a/SKILL.md': skill('a') });
    const dir = join(root, 'p');
    const result = await loadPluginDirectory(dir);
    expect(result).toMatchObject({ ok: false, layout: 'agent-plugins', failure: 'manifest-outside-root' });
    expect(found(result, dir)).toEqual([['plugin-path-outside-root', 'plugin.json', 1, 1]]);
    expect(result.diagnostics[0]?.message).toContain('the service refuses paths that leave the plugin and rejects the whole plugin.');
  });

  it('fails on a path that is not a folder, and refuses a root that does not contain the plugin', async () => {
    const root = tree({ 'file.txt': 'x' });
    const result = await loadPluginDirectory(join(root, 'file.txt'));
    expect(result).toMatchObject({ ok: false, layout: null, failure: 'not-a-directory' });
    expect(found(result, root)).toEqual([['plugin-directory-missing', 'file.txt', 1, 1]]);
    await expect(loadPluginDirectory(join(root, 'a'), { root: join(root, 'b') })).rejects.toThrow(TypeError);
  });

  it('does not read a plugin folder that is itself a link leaving the root', async () => {
    const outside = tree({ 'secret/.plugin/plugin.json': '{ "name": "secret" }', 'secret/skills/s/SKILL.md': skill('s') });
    const repo = tree({ 'plugins/linked': { symlink: join(outside, 'secret') } });
    const result = await loadPluginDirectory(join(repo, 'plugins/linked'), { root: repo });
    expect(result).toMatchObject({ ok: false, layout: null, failure: 'outside-root' });
    expect(found(result, repo)).toEqual([['plugin-path-outside-root', 'plugins/linked', 1, 1]]);
    expect(result.diagnostics[0]?.severity).toBe('warning');
  });
});

describe('docs/plugins.md, "Plugin folders"', () => {
  it('gives what the example prints', async () => {
    const root = tree({
      'plugins/city-weather/.plugin/plugin.json': '{ "name": "city-weather", "entry_command": "now" }\n',
      'plugins/city-weather/.claude-plugin': { symlink: '.plugin' },
      'plugins/city-weather/commands/now.md':
        '---\ndescription: Current weather for a city\nargument-hint: <city>\n---\nFetch the weather.\n',
    });
    const plugin = await loadPluginDirectory(join(root, 'plugins', 'city-weather'), { root });
    if (!plugin.ok) throw new Error('expected the plugin to load');
    expect([plugin.layout, plugin.name]).toEqual(['legacy', 'city-weather']);
    expect(plugin.commandSkills.map((entry) => entry.name)).toEqual(['city-weather:now']);
    expect(plugin.launchMessage).toBe('/city-weather:now');
    expect(plugin.diagnostics).toEqual([]);
  });
});

describe('files the file system refuses', () => {
  it('reports each and skips only what the service would lose', async () => {
    const root = tree({
      'kit/.plugin/plugin.json': '{ "name": "kit" }\n',
      'kit/skills/a/SKILL.md': skill('a'),
      'kit/skills/b/SKILL.md': skill('b'),
      'kit/commands/go.md': 'Go.\n',
      'kit/hooks/hooks.json': '{}',
    });
    const dir = join(root, 'kit');
    const refused = new Set([join(dir, 'skills', 'a', 'SKILL.md'), join(dir, 'commands', 'go.md'), join(dir, 'hooks', 'hooks.json')]);
    const fs: SkillFileSystem = {
      ...nodeFileSystem,
      read: (path, position, length) =>
        refused.has(path)
          ? Promise.reject(Object.assign(new Error('permission denied'), { code: 'EACCES' }))
          : nodeFileSystem.read(path, position, length),
    };
    const result = await loadPluginDirectory(dir, { fs });
    if (!result.ok) throw new Error('expected the plugin to load');
    expect(result.skills.map((entry) => entry.name)).toEqual(['b']);
    expect(result.commands).toEqual([]);
    expect(result.hooks).toBeNull();
    expect(found(result, dir)).toEqual([
      ['plugin-file-unreadable', 'commands/go.md', 1, 1],
      ['plugin-file-unreadable', 'hooks/hooks.json', 1, 1],
      ['plugin-file-unreadable', 'skills/a/SKILL.md', 1, 1],
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      `${join(dir, 'commands', 'go.md')} cannot be read (EACCES): the service fails to read it and skips this command.`,
    );
  });
});
