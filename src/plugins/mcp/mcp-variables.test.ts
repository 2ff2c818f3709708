// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures hold the ${…} placeholders of tool-server files
import { describe, expect, it } from 'vitest';
import type { LegacyMcpConfig } from '../../internal/tool-servers/legacy-mcp-config';
import { expandMcpVariables, findMcpVariables } from '../../internal/tool-servers/legacy-mcp-variables';
import { AGENT_PLUGINS_MCP_SCHEMA, type McpConfig } from './mcp-config';
import { expandPluginVariables } from './mcp-variables';

describe('expandPluginVariables', () => {
  const config: McpConfig = {
    $schema: AGENT_PLUGINS_MCP_SCHEMA,
    mcpServers: {
      local: {
        type: 'stdio',
        command: './bin/${PLUGIN_ROOT}',
        args: ['--root', '${PLUGIN_ROOT}', '--cache', '${PLUGIN_DATA}/cache', '${HOME}', '$PLUGIN_ROOT'],
        env: { STATE: '${PLUGIN_DATA}/state', '${PLUGIN_ROOT}': 'x' },
        cwd: '${PLUGIN_DATA}/work',
      },
      remote: { type: 'streamable-http', url: 'https://a.example/mcp?root=${PLUGIN_ROOT}', headers: { 'X-Root': '${PLUGIN_ROOT}' } },
    },
  };

  it('expands only the two placeholders, only in args, env values and cwd', () => {
    expect(expandPluginVariables(config, { pluginRoot: '/plugins/p', pluginData: '/data/p' })).toEqual({
      $schema: AGENT_PLUGINS_MCP_SCHEMA,
      mcpServers: {
        local: {
          type: 'stdio',
          command: './bin/${PLUGIN_ROOT}',
          args: ['--root', '/plugins/p', '--cache', '/data/p/cache', '${HOME}', '$PLUGIN_ROOT'],
          env: { STATE: '/data/p/state', '${PLUGIN_ROOT}': 'x' },
          cwd: '/data/p/work',
        },
        remote: { type: 'streamable-http', url: 'https://a.example/mcp?root=${PLUGIN_ROOT}', headers: { 'X-Root': '${PLUGIN_ROOT}' } },
      },
    });
  });

  it('expands in a single pass and takes replacement text literally', () => {
    const expanded = expandPluginVariables(config, { pluginRoot: '/r/${PLUGIN_DATA}/$&', pluginData: '/d' });
    const local = expanded.mcpServers.local;
    expect(local?.type === 'stdio' && local.args?.[1]).toBe('/r/${PLUGIN_DATA}/$&');
  });

  it('does not change its input', () => {
    const before = structuredClone(config);
    expandPluginVariables(config, { pluginRoot: '/r', pluginData: '/d' });
    expect(config).toEqual(before);
  });
});

describe('expandMcpVariables', () => {
  const config: LegacyMcpConfig = {
    mcpServers: {
      s: {
        command: '${SKILL_ROOT}/bin/server',
        args: ['${TOKEN}', '${LEVEL:-info}', '${EMPTY:-}', '$HOME', '${MISSING}', '${1BAD}', '${A-b}'],
        env: { '${KEY_NAME}': '${FROM_ENV}' },
      },
    },
  };

  it('resolves variables, then secrets, then the environment, then defaults', () => {
    const expanded = expandMcpVariables(config, {
      variables: { SKILL_ROOT: '/skills/s', TOKEN: 'from-variables' },
      secret: (name) => (name === 'TOKEN' ? 'from-secret' : name === 'KEY_NAME' ? 'API_KEY' : undefined),
      env: { FROM_ENV: 'from-env', LEVEL: undefined },
    });
    expect(expanded.mcpServers.s).toEqual({
      command: '/skills/s/bin/server',
      args: ['from-variables', 'info', '', '$HOME', '${MISSING}', '${1BAD}', '${A-b}'],
      env: { API_KEY: 'from-env' },
    });
  });

  it('keeps defaults as written when expandDefaults is false, as at plugin load', () => {
    const expanded = expandMcpVariables(config, { expandDefaults: false, env: { EMPTY: '' } });
    expect(expanded.mcpServers.s?.args).toEqual(['${TOKEN}', '${LEVEL:-info}', '', '$HOME', '${MISSING}', '${1BAD}', '${A-b}']);
  });

  it('treats a null secret as absent and an empty environment value as set', () => {
    const expanded = expandMcpVariables(config, { secret: () => null, env: { TOKEN: '' } });
    expect(expanded.mcpServers.s?.args?.[0]).toBe('');
  });

  it('does not look up inherited names', () => {
    const expanded = expandMcpVariables({ mcpServers: { s: { command: '${constructor}' } } }, { variables: {}, env: {} });
    expect(expanded.mcpServers.s?.command).toBe('${constructor}');
  });
});

describe('findMcpVariables', () => {
  it('lists every placeholder with its default and where it is', () => {
    expect(findMcpVariables({ mcpServers: { s: { command: 'x', args: ['${A}', '${B:-b}'], env: { '${K}': 'v' } } } })).toEqual([
      { name: 'A', path: ['mcpServers', 's', 'args', 0] },
      { name: 'B', default: 'b', path: ['mcpServers', 's', 'args', 1] },
      { name: 'K', path: ['mcpServers', 's', 'env', '${K}'] },
    ]);
  });
});
