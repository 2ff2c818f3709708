/** Examples of the rules of what a plugin folder holds beyond its manifest. */
import type { RuleExamples } from './types';

const SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';
const AGENT_PLUGINS_MANIFEST = `{ "$schema": "${SCHEMA}", "name": "demo" }\n`;
const LEGACY_MANIFEST = '{ "name": "demo" }\n';

export const PLUGIN_FOLDERS_EXAMPLES: RuleExamples = {
  'plugin-directory-missing': {
    kind: 'plugin-folder',
    files: {},
    path: 'plugins/demo',
    note:
      '`agentwire plugins inspect` meets it through a marketplace entry naming a missing folder; ' +
      '`agentwire validate` checks that the folder exists first and reports coverage-entry-missing instead.',
  },
  'plugin-file-unreadable': {
    files: {
      '.claude-plugin/plugin.json': Buffer.from('{ "name": "démo" }\n', 'latin1'),
    },
    note: 'A manifest saved as Latin-1.',
  },
  'plugin-path-outside-root': {
    files: {
      'shared/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys.\n---\nBody.\n',
      'demo/plugin.json': AGENT_PLUGINS_MANIFEST,
      'demo/skills': { symlink: '../shared/skills' },
    },
    path: 'demo',
  },
  'plugin-manifest-ignored': {
    files: {
      '.plugin/plugin.json': LEGACY_MANIFEST,
      '.claude-plugin/plugin.json': '{ "name": "demo", "version": "2.0.0" }\n',
    },
  },
  'plugin-component-ignored': {
    files: { 'plugin.json': AGENT_PLUGINS_MANIFEST, 'commands/deploy.md': '---\ndescription: Deploys.\n---\nDeploy.\n' },
    note: 'An Agent Plugins plugin reads commands from dev.openhands/commands/.',
  },
  'plugin-skill-ignored': {
    files: { 'plugin.json': AGENT_PLUGINS_MANIFEST, 'skills/deploy.md': '---\ndescription: Deploys.\n---\nDeploy.\n' },
    note: 'An Agent Plugins plugin loads only skills/<name>/SKILL.md.',
  },
  'plugin-command-field': {
    files: { '.claude-plugin/plugin.json': LEGACY_MANIFEST, 'commands/deploy.md': '---\ndescription:\n---\nDeploy.\n' },
    note: 'An empty description becomes the text "None".',
  },
  'plugin-entry-command-missing': {
    files: { '.claude-plugin/plugin.json': '{ "name": "demo", "entry_command": "start" }\n' },
  },
  'plugin-agent-invalid': {
    files: {
      '.claude-plugin/plugin.json': LEGACY_MANIFEST,
      'agents/reviewer.md': '---\ndescription: Reviews.\npermission_mode: ask\n---\nReview.\n',
    },
  },
  'plugin-agent-field-ignored': {
    files: {
      '.claude-plugin/plugin.json': LEGACY_MANIFEST,
      'agents/reviewer.md': '---\ndescription: Reviews.\nmax_iteration_per_run: 10.0\n---\nReview.\n',
    },
  },
};
