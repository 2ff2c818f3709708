/** Examples of the rules of the Agent Plugins 1.0.0 specification (`--profile agent-plugins`). */
import type { RuleExamples, TreeExample } from './types';

const SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';
const MCP_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';
const MANIFEST = `{ "$schema": "${SCHEMA}", "name": "formatter" }\n`;

/** An Agent Plugins plugin (a root plugin.json) with `files`. */
const plugin = (files: TreeExample['files'], manifest = MANIFEST): TreeExample => ({
  files: { 'plugin.json': manifest, ...files },
  profiles: ['agent-plugins'],
});

const SKILL = '---\nname: format\ndescription: Formats code.\n---\nFormat.\n';

export const AGENT_PLUGINS_EXAMPLES: RuleExamples = {
  'agent-plugins-manifest-missing': {
    files: { '.plugin/plugin.json': '{ "name": "formatter" }\n' },
    profiles: ['agent-plugins'],
  },
  'agent-plugins-unreadable': {
    ...plugin({ 'mcp.json': Buffer.from(`\uFEFF{ "$schema": "${MCP_SCHEMA}", "mcpServers": {} }\n`, 'utf16le') }),
    note: 'An mcp.json saved as UTF-16.',
  },
  'agent-plugins-outside-root': {
    files: {
      'shared/format/SKILL.md': SKILL,
      'formatter/plugin.json': MANIFEST,
      'formatter/skills/format': { symlink: '../../shared/format' },
    },
    path: 'formatter',
    profiles: ['agent-plugins'],
  },
  'agent-plugins-component-kind': { ...plugin({ skills: 'format\n' }), note: '`skills` is a file.' },
  'agent-plugins-skill-not-discovered': plugin({ 'skills/format.md': SKILL }),
  'agent-plugins-legacy-mcp': plugin({ '.mcp.json': '{ "mcpServers": {} }\n' }),
  'agent-plugins-mcp-version-mismatch': plugin({
    'mcp.json': '{ "$schema": "https://agent-plugins.org/schemas/1.1.0/mcp.schema.json", "mcpServers": {} }\n',
  }),
  'agent-plugins-extension-namespace': plugin(
    {},
    `{ "$schema": "${SCHEMA}", "name": "formatter", "extensions": { "openhands": { "entry_command": "format" } } }\n`,
  ),
  'agent-plugins-client-folder': plugin({ 'commands/format.md': '---\ndescription: Formats.\n---\nFormat.\n' }),
};
