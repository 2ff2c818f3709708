// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures hold the ${…} placeholders of tool-server files
import { describe, expect, it } from 'vitest';
import { parseLegacyMcpConfig } from './legacy-mcp-config';

const parse = (text: string) => parseLegacyMcpConfig(text, { file: 'p/.mcp.json' });
const findings = (text: string) => parse(text).diagnostics.map(({ code, severity, line, column }) => ({ code, severity, line, column }));
/** A document with one server "s", written on line 2 from column 1. */
const one = (server: string) => `{"mcpServers": {\n"s": ${server}}}`;
const at = (server: string, needle: string) => ({ line: 2, column: 6 + server.indexOf(needle) });

// Every accept/refuse verdict below was checked against FastMCP's MCPConfig followed by the service's server model.
describe('parseLegacyMcpConfig', () => {
  it('reads local and remote servers as the service keeps them', () => {
    const text = `{"mcpServers": {
  "fetch": {"command": "uvx", "args": ["mcp-server-fetch"], "env": {"LOG": "\${LOG_LEVEL:-info}"}, "type": "stdio"},
  "docs": {"url": "https://docs.example.com/mcp", "type": "http", "headers": {"Authorization": "Bearer \${DOCS_TOKEN}"}, "timeout": 30000},
  "old": {"url": "https://legacy.example.com/sse", "transport": "sse", "enabled": false}
}}`;
    expect(parse(text)).toEqual({
      ok: true,
      value: {
        mcpServers: {
          fetch: { command: 'uvx', args: ['mcp-server-fetch'], env: { LOG: '${LOG_LEVEL:-info}' }, transport: 'stdio' },
          docs: {
            url: 'https://docs.example.com/mcp',
            transport: 'http',
            headers: { Authorization: 'Bearer ${DOCS_TOKEN}' },
            timeout: 30000,
          },
          old: { url: 'https://legacy.example.com/sse', transport: 'sse', enabled: false },
        },
      },
      diagnostics: [],
    });
  });

  it('reads "shttp" as http and a null transport on a remote server as none', () => {
    expect(parse(one('{"url": "https://a.example", "type": "shttp"}'))).toMatchObject({
      ok: true,
      value: { mcpServers: { s: { transport: 'http' } } },
    });
    expect(parse(one('{"url": "https://a.example", "transport": null, "type": "http"}'))).toMatchObject({
      ok: true,
      value: { mcpServers: { s: { url: 'https://a.example' } } },
    });
  });

  it.each([
    ['{"command": "x", "transport": null}', 'mcp-wrong-type', 'null'],
    ['{"command": "x", "type": "http"}', 'mcp-wrong-type', '"http"'],
    ['{"command": "x", "transport": "stdio", "type": "http"}', 'mcp-wrong-type', '"http"'],
    ['{"url": "https://a.example", "type": "streamable_http"}', 'mcp-wrong-type', '"streamable_http"'],
    ['{"url": "https://a.example", "type": "stdio"}', 'mcp-invalid-server', '{'],
    ['{"command": "x", "env": {"PORT": 5432}}', 'mcp-server-model-refused', '5432'],
    ['{"command": "x", "env": ["PORT"]}', 'mcp-wrong-type', '["PORT"]'],
    ['{"url": "https://a.example", "auth": "oauth"}', 'mcp-invalid-server', '"oauth"'],
    ['{"url": "https://a.example", "auth": {"strategy": "token"}}', 'mcp-invalid-server', '{"strategy"'],
    ['{"command": ""}', 'mcp-server-model-refused', '""'],
    ['{"url": ""}', 'mcp-server-model-refused', '""'],
    ['{"command": "x", "authentication": "token"}', 'mcp-wrong-type', '"token"'],
    ['{"command": "x", "enabled": null}', 'mcp-wrong-type', 'null'],
    ['{"command": "x", "args": "-y"}', 'mcp-wrong-type', '"-y"'],
    ['{"command": "x", "timeout": 1.5}', 'mcp-wrong-type', '1.5'],
    ['{"description": "no command"}', 'mcp-invalid-server', '{'],
    ['"npx server"', 'mcp-invalid-server', '"npx'],
  ])('refuses the whole file for the server %s', (server, code, needle) => {
    const text = one(server);
    expect(parse(text).ok).toBe(false);
    expect(findings(text).filter((found) => found.severity === 'error')).toEqual([{ code, severity: 'error', ...at(server, needle) }]);
  });

  it("keeps an auth credential object, which the service's model takes", () => {
    const result = parse(one('{"command": "x", "auth": {"strategy": "bearer"}}'));
    expect(result).toMatchObject({ ok: true, diagnostics: [] });
    expect(result.ok && result.value.mcpServers.s).toEqual({ command: 'x', auth: { strategy: 'bearer' } });
  });

  it('refuses a file that starts with a byte-order mark, as json.load does', () => {
    expect(parse(`\ufeff${one('{"command": "x"}')}`).ok).toBe(false);
  });

  it('accepts nulls where the other server shape makes them harmless', () => {
    expect(parse(one('{"command": "x", "headers": null}')).ok).toBe(true);
    expect(parse(one('{"url": "https://a.example", "args": null, "env": null}')).ok).toBe(true);
  });

  it('warns about keys the service drops and values written as text', () => {
    const server = '{"command": "x", "timeout": "30", "tools": {"t": {}}, "authentication": {"type": "oauth"}}';
    const text = one(server);
    const result = parse(text);
    expect(result.ok && result.value.mcpServers.s).toEqual({ command: 'x', timeout: 30 });
    expect(findings(text)).toEqual([
      { code: 'mcp-value-coerced', severity: 'warning', ...at(server, '"30"') },
      { code: 'mcp-unknown-key', severity: 'warning', ...at(server, '"tools"') },
      { code: 'mcp-unknown-key', severity: 'warning', ...at(server, '"authentication"') },
    ]);
  });

  it('warns about placeholders the service does not expand in .mcp.json', () => {
    const server = '{"command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/server.js", "$HOME/data", "${SKILL_ROOT}/ok"]}';
    const text = one(server);
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([
      { code: 'mcp-placeholder-not-expanded', severity: 'warning', ...at(server, '"${CLAUDE') },
      { code: 'mcp-placeholder-not-expanded', severity: 'warning', ...at(server, '"$HOME') },
    ]);
    expect(parse(text).diagnostics[0]?.hint).toMatch(/SKILL_ROOT/);
  });

  it('warns about credentials written as literals, never quoting them', () => {
    const server = '{"command": "x", "env": {"GITHUB_TOKEN": "ghp_secretvalue", "TOKEN_REF": "${GITHUB_TOKEN}"}}';
    const text = one(server);
    const result = parse(text);
    expect(findings(text)).toEqual([{ code: 'mcp-literal-credential', severity: 'warning', ...at(server, '"ghp_') }]);
    for (const found of result.diagnostics) expect(`${found.message} ${found.hint}`).not.toContain('ghp_secretvalue');
  });

  it('reports servers written at the top level, which the service never starts', () => {
    const text = '{\n"github": {"command": "github-mcp"}}';
    expect(parse(text)).toMatchObject({ ok: true, value: { mcpServers: {} } });
    expect(findings(text)).toEqual([{ code: 'mcp-servers-at-root', severity: 'error', line: 2, column: 1 }]);
  });

  it('notes a file without servers and ignores other top-level keys', () => {
    expect(findings('{}')).toEqual([{ code: 'mcp-servers-missing', severity: 'info', line: 1, column: 1 }]);
    expect(findings('{"mcpServers": {},\n"inputs": []}')).toEqual([{ code: 'mcp-unknown-key', severity: 'warning', line: 2, column: 1 }]);
  });

  it('refuses a file that is not an object, a bad mcpServers, a byte-order mark', () => {
    expect(parse('[]')).toMatchObject({ ok: false, diagnostics: [{ code: 'mcp-not-object' }] });
    expect(parse('{"mcpServers": null}')).toMatchObject({ ok: false, diagnostics: [{ code: 'mcp-wrong-type', line: 1, column: 16 }] });
    expect(parse('\ufeff{"mcpServers": {}}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
  });
});
