// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures hold the ${…} placeholders of tool-server files
import { describe, expect, it } from 'vitest';
import { AGENT_PLUGINS_MCP_SCHEMA, parseMcpConfig } from './mcp-config';
import { MCP_RULES } from './mcp-rules';

const SCHEMA = `"$schema": "${AGENT_PLUGINS_MCP_SCHEMA}"`;
const parse = (text: string) => parseMcpConfig(text, { file: 'p/mcp.json' });
const findings = (text: string) => parse(text).diagnostics.map(({ code, severity, line, column }) => ({ code, severity, line, column }));
/** A document with one server, written on line 2 from column 1. */
const one = (server: string) => `{${SCHEMA}, "mcpServers": {\n"s": ${server}}}`;
/** Line 2, column of the first occurrence of `needle` in the server text. */
const at = (server: string, needle: string) => ({ line: 2, column: 6 + server.indexOf(needle) });

describe('parseMcpConfig', () => {
  it('loads the example of the specification', () => {
    const text = `{
  ${SCHEMA},
  "mcpServers": {
    "local-validator": {
      "type": "stdio",
      "command": "./bin/validator",
      "args": ["--data", "\${PLUGIN_DATA}/validator"],
      "env": { "CONFIG": "\${PLUGIN_ROOT}/config.json" },
      "cwd": "\${PLUGIN_ROOT}"
    },
    "deployment-api": { "type": "streamable-http", "url": "https://deploy.example.com/mcp", "headers": { "X-Tenant": "public-tenant" } },
    "legacy-events": { "type": "sse", "url": "https://legacy.example.com/sse" }
  }
}`;
    const result = parse(text);
    expect(result.ok && result.value).toEqual({
      $schema: AGENT_PLUGINS_MCP_SCHEMA,
      mcpServers: {
        'local-validator': {
          type: 'stdio',
          command: './bin/validator',
          args: ['--data', '${PLUGIN_DATA}/validator'],
          env: { CONFIG: '${PLUGIN_ROOT}/config.json' },
          cwd: '${PLUGIN_ROOT}',
        },
        'deployment-api': { type: 'streamable-http', url: 'https://deploy.example.com/mcp', headers: { 'X-Tenant': 'public-tenant' } },
        'legacy-events': { type: 'sse', url: 'https://legacy.example.com/sse' },
      },
    });
    expect(findings(text)).toEqual([{ code: 'mcp-transport-unsupported', severity: 'error', line: 12, column: 32 }]);
  });

  it('accepts an empty mcpServers and a byte-order mark', () => {
    expect(parse(`\ufeff{${SCHEMA}, "mcpServers": {}}`)).toEqual({
      ok: true,
      value: { $schema: AGENT_PLUGINS_MCP_SCHEMA, mcpServers: {} },
      diagnostics: [],
    });
  });

  it.each([
    ['[]', 'mcp-not-object', 1, 1],
    ['{"mcpServers": {}}', 'mcp-schema-missing', 1, 1],
    ['{"$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", "mcpServers": {}}', 'mcp-schema-unsupported', 1, 13],
    [`{${SCHEMA}}`, 'mcp-servers-missing', 1, 1],
    [`{${SCHEMA}, "mcpServers": []}`, 'mcp-wrong-type', 1, 86],
    [`{${SCHEMA}, "mcpServers": {},\n"version": 1}`, 'mcp-unknown-key', 2, 1],
  ])('disables tool servers for the invalid document %s', (text, code, line, column) => {
    expect(parse(text).ok).toBe(false);
    expect(findings(text)).toEqual([{ code, severity: 'error', line, column }]);
  });

  it('hints at the right schema when given the plugin.json one', () => {
    const text = '{"$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", "mcpServers": {}}';
    expect(parse(text).diagnostics[0]?.hint).toMatch(/plugin\.json schema/);
  });

  it('skips an invalid server and keeps the others', () => {
    const text = `{${SCHEMA}, "mcpServers": {\n"good": {"type": "stdio", "command": "npx"},\n"bad": {"command": "npx"}}}`;
    const result = parse(text);
    expect(result.ok && Object.keys(result.value.mcpServers)).toEqual(['good']);
    expect(findings(text)).toEqual([{ code: 'mcp-invalid-server', severity: 'error', line: 3, column: 8 }]);
    expect(result.diagnostics[0]?.hint).toBe('Add "type": "stdio".');
  });

  it.each([
    ['"npx"', 'mcp-invalid-server', '"npx"'],
    ['{"type": "http", "url": "https://a.example"}', 'mcp-invalid-server', '"http"'],
    ['{"type": "stdio"}', 'mcp-invalid-server', '{'],
    ['{"type": "stdio", "command": ""}', 'mcp-invalid-server', '""'],
    ['{"type": "stdio", "command": "npx", "url": "https://a.example"}', 'mcp-invalid-server', '"url"'],
    ['{"type": "stdio", "command": "npx", "timeout": 5}', 'mcp-invalid-server', '"timeout"'],
    ['{"type": "stdio", "command": 1}', 'mcp-wrong-type', '1'],
    ['{"type": "stdio", "command": "npx", "args": "-y"}', 'mcp-wrong-type', '"-y"'],
    ['{"type": "stdio", "command": "npx", "env": {"A": 1}}', 'mcp-wrong-type', '1}'],
    ['{"type": "stdio", "command": "/usr/bin/server"}', 'mcp-command-invalid', '"/usr/bin/server"'],
    ['{"type": "stdio", "command": "bin/server"}', 'mcp-command-invalid', '"bin/server"'],
    ['{"type": "stdio", "command": "./bin/../../server"}', 'mcp-command-invalid', '"./bin'],
    ['{"type": "stdio", "command": "${PLUGIN_ROOT}/bin/server"}', 'mcp-command-invalid', '"${'],
    ['{"type": "stdio", "command": "srv", "cwd": "data"}', 'mcp-cwd-invalid', '"data"'],
    ['{"type": "stdio", "command": "srv", "cwd": "${PLUGIN_DATA}/../x"}', 'mcp-cwd-invalid', '"${'],
    ['{"type": "stdio", "command": "srv", "cwd": "${PLUGIN_ROOTS}"}', 'mcp-cwd-invalid', '"${'],
    ['{"type": "stdio", "command": "srv", "env": {"PLUGIN_ROOT": "."}}', 'mcp-env-reserved', '"PLUGIN_ROOT"'],
    ['{"type": "streamable-http", "url": "ftp://a.example/mcp"}', 'mcp-url-invalid', '"ftp'],
    ['{"type": "streamable-http", "url": "/mcp"}', 'mcp-url-invalid', '"/mcp"'],
    ['{"type": "streamable-http", "url": "https://user:pw@a.example/mcp"}', 'mcp-url-invalid', '"https'],
    ['{"type": "streamable-http", "url": "https://a.example/mcp#x"}', 'mcp-url-invalid', '"https'],
    ['{"type": "streamable-http", "url": "http://a.example/mcp"}', 'mcp-url-invalid', '"http:'],
    ['{"type": "streamable-http", "url": "http://127.1/mcp"}', 'mcp-url-invalid', '"http:'],
    ['{"type": "sse", "url": "https://a.example", "headers": {"X-A": "1", "x-a": "2"}}', 'mcp-header-invalid', '"x-a"'],
    ['{"type": "sse", "url": "https://a.example", "headers": {"Bad Name": "1"}}', 'mcp-header-invalid', '"Bad Name"'],
    ['{"type": "sse", "url": "https://a.example", "headers": {"X-A": "caf\u00e9"}}', 'mcp-header-invalid', '"caf'],
  ])('skips the server %s', (server, code, needle) => {
    const text = one(server);
    const result = parse(text);
    expect(result.ok && result.value.mcpServers).toEqual({});
    expect(findings(text).filter((found) => found.severity === 'error')).toEqual([{ code, severity: 'error', ...at(server, needle) }]);
  });

  it.each([
    'http://localhost:8080/mcp',
    'http://127.0.0.1/mcp',
    'http://127.200.1.9/mcp',
    'http://[::1]:3000/mcp',
    'http://[0:0:0:0:0:0:0:1]/mcp',
    'HTTP://LOCALHOST/mcp',
  ])('allows http for the loopback URL %s', (url) => {
    const server = `{"type": "streamable-http", "url": "${url}"}`;
    expect(parse(one(server)).ok && Object.keys((parse(one(server)) as { value: { mcpServers: object } }).value.mcpServers)).toEqual(['s']);
    expect(findings(one(server))).toEqual([]);
  });

  it.each([
    ['{"type": "stdio", "command": "npx -y server"}', 'mcp-command-invalid', '"npx'],
    ['{"type": "stdio", "command": "srv", "args": ["${CLAUDE_PLUGIN_ROOT}/x.js"]}', 'mcp-placeholder-not-expanded', '"${CLAUDE'],
    ['{"type": "stdio", "command": "srv", "args": ["$HOME/x"]}', 'mcp-placeholder-not-expanded', '"$HOME'],
    ['{"type": "stdio", "command": "srv", "env": {"API_TOKEN": "sk-live-1"}}', 'mcp-literal-credential', '"sk-'],
    ['{"type": "streamable-http", "url": "https://a.example/mcp?root=${PLUGIN_ROOT}"}', 'mcp-placeholder-not-expanded', '"https'],
    [
      '{"type": "streamable-http", "url": "https://a.example", "headers": {"Authorization": "Bearer abc"}}',
      'mcp-literal-credential',
      '"Bearer',
    ],
    [
      '{"type": "streamable-http", "url": "https://a.example", "headers": {"X-Root": "${PLUGIN_ROOT}"}}',
      'mcp-placeholder-not-expanded',
      '"${',
    ],
    [
      '{"type": "streamable-http", "url": "https://a.example", "headers": {"Content-Type": "text/plain"}}',
      'mcp-header-ignored',
      '"Content-Type"',
    ],
    ['{"type": "streamable-http", "url": "https://exa mple.com/mcp"}', 'mcp-url-invalid', '"https'],
  ])('loads the server %s with a warning', (server, code, needle) => {
    const text = one(server);
    expect(parse(text).ok && Object.keys((parse(text) as { value: { mcpServers: object } }).value.mcpServers)).toEqual(['s']);
    expect(findings(text)).toEqual([{ code, severity: 'warning', ...at(server, needle) }]);
  });

  it('never quotes an env or header value in a message', () => {
    const text = one('{"type": "stdio", "command": "srv", "env": {"API_TOKEN": "sk-live-SECRET", "B": "pa$word"}}');
    for (const found of parse(text).diagnostics) expect(found.message).not.toMatch(/SECRET|word/);
  });

  it('keeps a __proto__ server name as data', () => {
    const result = parse(`{${SCHEMA}, "mcpServers": {"__proto__": {"type": "stdio", "command": "srv"}}}`);
    expect(result.ok && Object.keys(result.value.mcpServers)).toEqual(['__proto__']);
  });

  it('has one rule per code, every code prefixed', () => {
    const codes = MCP_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^mcp-[a-z-]+$/);
  });
});
