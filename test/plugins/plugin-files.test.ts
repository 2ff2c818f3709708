// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures hold the ${…} placeholders of plugin files

import {
  AGENT_PLUGINS_MANIFEST_SCHEMA,
  AGENT_PLUGINS_MCP_SCHEMA,
  analyzeHookMatcher,
  type Diagnostic,
  expandMcpVariables,
  expandPluginVariables,
  HOOK_RULES,
  MANIFEST_RULES,
  MCP_RULES,
  matchHook,
  type ParseResult,
  parseHooksConfig,
  parseLegacyMcpConfig,
  parseLegacyPluginManifest,
  parseMcpConfig,
  parsePluginManifest,
  pluginEntryCommand,
} from 'agentwire/plugins';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const KNOWN_CODES = new Set(
  [...MANIFEST_RULES, ...MCP_RULES, ...HOOK_RULES].map((rule) => rule.code).concat(['invalid-json', 'duplicate-json-key']),
);
const PARSERS: Record<string, (text: string) => ParseResult<unknown>> = {
  plugin: (text) => parsePluginManifest(text, { file: 'plugin.json' }),
  legacy: (text) => parseLegacyPluginManifest(text, { file: '.plugin/plugin.json' }),
  mcp: (text) => parseMcpConfig(text, { file: 'mcp.json' }),
  legacyMcp: (text) => parseLegacyMcpConfig(text, { file: '.mcp.json' }),
  hooks: (text) => parseHooksConfig(text, { file: 'hooks/hooks.json' }),
};
const codes = (diagnostics: Diagnostic[]) => diagnostics.map((found) => `${found.line}:${found.column} ${found.code}`);

describe('a Claude Code plugin as the service reads it', () => {
  it('reports what the service ignores or drops, file by file', () => {
    const manifest = parseLegacyPluginManifest(
      '{\n  "name": "security-guard",\n  "version": "0.3.0",\n  "author": "Sec Team <sec@example.com>",\n  "skills": "./skills/",\n  "hooks": "./config/hooks.json"\n}',
      { file: 'security-guard/.claude-plugin/plugin.json' },
    );
    expect(manifest.ok && manifest.value.author).toEqual({ name: 'Sec Team', email: 'sec@example.com', url: null });
    expect(codes(manifest.diagnostics)).toEqual(['6:3 manifest-field-not-honoured']);

    const hooks = parseHooksConfig(
      `{
  "description": "Blocks edits to protected files",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Edit|Write|MultiEdit", "hooks": [{ "type": "command", "command": "\${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh", "timeout": 10 }] }
    ]
  }
}`,
      { file: 'security-guard/hooks/hooks.json' },
    );
    expect(hooks.ok).toBe(true);
    expect(codes(hooks.diagnostics)).toEqual([
      '2:3 hooks-wrapper-extra-key',
      '5:20 hooks-matcher-never-fires',
      '5:86 hooks-variable-not-set',
    ]);
    expect(hooks.ok && hooks.value.pre_tool_use[0]?.matcher).toBe('Edit|Write|MultiEdit');
    expect(matchHook('Edit|Write|MultiEdit', 'file_editor')).toBe(false);

    const mcp = parseLegacyMcpConfig(
      '{\n  "github": { "type": "http", "url": "https://api.example.com/mcp/", "headers": { "Authorization": "Bearer ${GITHUB_TOKEN}" } }\n}',
      {
        file: 'security-guard/.mcp.json',
      },
    );
    expect(mcp).toMatchObject({ ok: true, value: { mcpServers: {} } });
    expect(codes(mcp.diagnostics)).toEqual(['2:3 mcp-servers-at-root']);
  });

  it('expands a .mcp.json the way the service does at plugin load, then with secrets', () => {
    const parsed = parseLegacyMcpConfig(
      '{"mcpServers": {"db": {"command": "${SKILL_ROOT}/bin/db-mcp", "env": {"DB_URL": "${DB_URL:-postgres://localhost/dev}", "TOKEN": "${DB_TOKEN}"}}}}',
      { file: '.mcp.json' },
    );
    if (!parsed.ok) throw new Error('expected the file to load');
    const atLoad = expandMcpVariables(parsed.value, { variables: { SKILL_ROOT: '/plugins/db' }, env: {}, expandDefaults: false });
    expect(atLoad.mcpServers.db).toEqual({
      command: '/plugins/db/bin/db-mcp',
      env: { DB_URL: '${DB_URL:-postgres://localhost/dev}', TOKEN: '${DB_TOKEN}' },
    });
    const inConversation = expandMcpVariables(atLoad, { secret: (name) => (name === 'DB_TOKEN' ? 'secret-value' : undefined) });
    expect(inConversation.mcpServers.db?.env).toEqual({ DB_URL: 'postgres://localhost/dev', TOKEN: 'secret-value' });
  });
});

describe('an Agent Plugins package', () => {
  it('loads the manifest and the tool servers, expanded for one installation', () => {
    const manifest = parsePluginManifest(
      JSON.stringify({
        $schema: AGENT_PLUGINS_MANIFEST_SCHEMA,
        name: 'reports-plugin',
        version: '2026.1',
        extensions: { 'dev.openhands': { entry_command: 'report' } },
      }),
      { file: 'reports-plugin/plugin.json' },
    );
    expect(manifest.ok && pluginEntryCommand(manifest.value)).toBe('report');

    const mcp = parseMcpConfig(
      JSON.stringify({
        $schema: AGENT_PLUGINS_MCP_SCHEMA,
        mcpServers: {
          tools: {
            type: 'stdio',
            command: './bin/serve.sh',
            args: ['--root', '${PLUGIN_ROOT}'],
            env: { STATE: '${PLUGIN_DATA}/state' },
            cwd: '${PLUGIN_DATA}/work',
          },
          broken: { type: 'stdio', command: '../outside/serve.sh' },
          api: { type: 'streamable-http', url: 'https://api.example.com/mcp?root=${PLUGIN_ROOT}' },
        },
      }),
      { file: 'reports-plugin/mcp.json' },
    );
    if (!mcp.ok) throw new Error('expected the document to load');
    expect(Object.keys(mcp.value.mcpServers)).toEqual(['tools', 'api']);
    expect(mcp.diagnostics.map((found) => found.code)).toEqual(['mcp-command-invalid', 'mcp-placeholder-not-expanded']);
    const expanded = expandPluginVariables(mcp.value, {
      pluginRoot: '/home/a/.agents/plugins/reports',
      pluginData: '/home/a/.agents/plugins/data/reports',
    });
    expect(expanded.mcpServers.tools).toEqual({
      type: 'stdio',
      command: './bin/serve.sh',
      args: ['--root', '/home/a/.agents/plugins/reports'],
      env: { STATE: '/home/a/.agents/plugins/data/reports/state' },
      cwd: '/home/a/.agents/plugins/data/reports/work',
    });
    expect(expanded.mcpServers.api).toEqual({ type: 'streamable-http', url: 'https://api.example.com/mcp?root=${PLUGIN_ROOT}' });
  });
});

describe('every parser, on any input', () => {
  const lineCount = (text: string) => text.split('\n').length;
  const check = (text: string) => {
    for (const parse of Object.values(PARSERS)) {
      const result = parse(text);
      for (const found of result.diagnostics) {
        expect(KNOWN_CODES.has(found.code)).toBe(true);
        expect(found.line).toBeGreaterThanOrEqual(1);
        expect(found.line).toBeLessThanOrEqual(lineCount(text));
        expect(found.column).toBeGreaterThanOrEqual(1);
      }
      if (!result.ok) expect(result.diagnostics.some((found) => found.severity === 'error')).toBe(true);
    }
  };

  it('returns a typed result with positions inside the text, for arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => check(JSON.stringify(value, null, pretty ? 2 : 0))),
      { numRuns: 300 },
    );
  });

  it('returns a typed result for plugin-shaped objects with arbitrary members', () => {
    const member = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom('*', 'stdio', 'command', '${PLUGIN_ROOT}', './bin/x', 'https://a.example'),
    );
    const key = fc.constantFrom(
      '$schema',
      'name',
      'author',
      'extensions',
      'mcpServers',
      'hooks',
      'PreToolUse',
      'stop',
      'type',
      'command',
      'url',
      'env',
      'headers',
      'matcher',
      '__proto__',
    );
    const shaped = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        member,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(shaped, (value) => check(JSON.stringify(value, null, 1) ?? 'null')),
      { numRuns: 500 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns a typed result for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (text) => check(text)),
      { numRuns: 200 },
    );
  });

  // How long the 20,000 matchers take is measured by `npm run bench` (Hostile input), against `JSON.parse`.
  it('refuses hostile nesting, and never runs a catastrophic pattern over a large file', () => {
    for (const parse of Object.values(PARSERS)) expect(parse('['.repeat(100_000)).ok).toBe(false);
    const matchers = Array.from(
      { length: 20_000 },
      (_, index) => `{"matcher": "tool_${index}|(a+)+b", "hooks": [{"command": "echo ${index}"}]}`,
    );
    const result = parseHooksConfig(`{"PreToolUse": [${matchers.join(',')}]}`, { file: 'hooks.json' });
    expect(result.ok && result.value.pre_tool_use.length).toBe(20_000);
    expect(result.diagnostics).toEqual([]);
    // A nested quantifier is a regex, but it is never run against the tool names (no `matches`).
    expect(analyzeHookMatcher('tool_0|(a+)+b')).toEqual({ kind: 'regex' });
  });
});
