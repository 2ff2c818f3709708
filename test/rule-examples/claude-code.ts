/** Examples of the rules of Claude Code's plugins and marketplaces (`--profile claude-code`). */
import type { RuleExamples, TreeExample } from './types';

/** The fields `claude plugin validate` asks every manifest for. */
const METADATA = { name: 'formatter', version: '1.0.0', description: 'Formats code.', author: { name: 'Ada' } };

/** A plugin whose .claude-plugin/plugin.json holds `manifest` (complete metadata unless overridden), plus `files`. */
const plugin = (manifest: Record<string, unknown>, files: TreeExample['files'] = {}): TreeExample => ({
  files: {
    '.claude-plugin/plugin.json': `${JSON.stringify({ ...METADATA, ...manifest }, null, 2)}\n`,
    ...files,
  },
  profiles: ['claude-code'],
});

/** A repository whose .claude-plugin/marketplace.json holds `marketplace` as written, with the formatter plugin. */
const marketplace = (marketplace: Record<string, unknown>): TreeExample => ({
  files: {
    '.claude-plugin/marketplace.json': `${JSON.stringify(marketplace, null, 2)}\n`,
    'plugins/formatter/.claude-plugin/plugin.json': `${JSON.stringify(METADATA, null, 2)}\n`,
  },
  profiles: ['claude-code'],
});

const OWNER = { name: 'Tools team' };
const FORMATTER = { name: 'formatter', source: './plugins/formatter' };

/** A plugin with one hooks file holding `hooks`. */
const hooks = (hooks: Record<string, unknown>) => plugin({}, { 'hooks/hooks.json': `${JSON.stringify(hooks, null, 2)}\n` });
const ECHO = [{ hooks: [{ type: 'command', command: 'echo checked' }] }];

export const CLAUDE_CODE_EXAMPLES: RuleExamples = {
  'claude-code-unreadable': {
    files: { '.claude-plugin/plugin.json': Buffer.from('\uFEFF{ "name": "formatter" }\n', 'utf16le') },
    profiles: ['claude-code'],
    note: 'A manifest saved as UTF-16.',
  },
  'claude-code-manifest-location': {
    files: { '.plugin/plugin.json': `${JSON.stringify(METADATA, null, 2)}\n` },
    profiles: ['claude-code'],
  },
  'claude-code-field-missing': { ...marketplace({ name: 'tools', owner: OWNER }), note: 'A marketplace without `plugins`.' },
  'claude-code-wrong-type': plugin({ author: 'Ada <ada@example.com>' }),
  'claude-code-name-invalid': plugin({ name: 'My Formatter' }),
  'claude-code-name-not-kebab-case': plugin({ name: 'My_Formatter' }),
  'claude-code-marketplace-name-reserved': marketplace({ name: 'claude-code-plugins', owner: OWNER, plugins: [FORMATTER] }),
  'claude-code-unknown-key': plugin({ entry_command: 'format' }),
  'claude-code-metadata-missing': {
    files: { '.claude-plugin/plugin.json': '{ "name": "formatter" }\n' },
    profiles: ['claude-code'],
  },
  'claude-code-experimental-field': plugin({ themes: './themes' }, { 'themes/dark.json': '{}\n' }),
  'claude-code-path-invalid': plugin({ commands: 'commands/' }, { 'commands/format.md': '---\ndescription: Formats.\n---\nFormat.\n' }),
  'claude-code-path-missing': plugin({ agents: './agent/' }),
  'claude-code-skills-path-file': plugin(
    { skills: ['./skills/format/SKILL.md'] },
    { 'skills/format/SKILL.md': '---\nname: format\ndescription: Formats code.\n---\nFormat.\n' },
  ),
  'claude-code-source-invalid': marketplace({ name: 'tools', owner: OWNER, plugins: [{ name: 'formatter', source: 'plugins/formatter' }] }),
  'claude-code-source-missing': marketplace({ name: 'tools', owner: OWNER, plugins: [{ name: 'formatter', source: './plugins/format' }] }),
  'claude-code-duplicate-plugin': marketplace({ name: 'tools', owner: OWNER, plugins: [FORMATTER, FORMATTER] }),
  'claude-code-frontmatter-invalid-yaml': plugin(
    {},
    { 'skills/format/SKILL.md': '---\nname: format\n  description: Formats code.\n---\nFormat.\n' },
  ),
  'claude-code-frontmatter-invalid': {
    ...plugin({}, { 'agents/reviewer.md': '---\ndescription: Reviews the formatting.\n---\nReview.\n' }),
    note: 'An agent without `name`.',
  },
  'claude-code-skill-not-loaded': plugin({}, { 'skills/format.md': '---\nname: format\ndescription: Formats code.\n---\nFormat.\n' }),
  'claude-code-hooks-unknown-event': { ...hooks({ hooks: { pre_tool_use: ECHO } }), note: 'The snake_case spelling the service accepts.' },
  'claude-code-hooks-invalid': { ...hooks({ PreToolUse: ECHO }), note: 'Events without the `hooks` wrapper, which the service reads.' },
};
