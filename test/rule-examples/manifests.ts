/** Examples of the rules of plugin manifests: the Agent Plugins root plugin.json and the legacy ones. */
import type { RuleExamples } from './types';

const SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';

/** A root plugin.json (Agent Plugins 1.0.0) holding `fields` after `$schema`. */
const manifest = (fields: Record<string, unknown>) => `${JSON.stringify({ $schema: SCHEMA, ...fields }, null, 2)}\n`;

export const MANIFESTS_EXAMPLES: RuleExamples = {
  'manifest-not-object': {
    files: { 'plugin.json': '["my-plugin"]\n' },
  },
  'manifest-schema-missing': {
    files: { 'plugin.json': '{ "name": "my-plugin" }\n' },
  },
  'manifest-schema-unsupported': {
    files: { 'plugin.json': '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.json", "name": "my-plugin" }\n' },
  },
  'manifest-unknown-key': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', entry_command: 'run' }) },
  },
  'manifest-extensions-not-object': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', extensions: ['dev.openhands'] }) },
  },
  'manifest-extension-not-object': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', extensions: { 'dev.openhands': 'run' } }) },
  },
  'manifest-extension-unused': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', extensions: { 'com.example.client': { setting: true } } }) },
  },
  'manifest-openhands-extension-ignored': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', extensions: { 'dev.openhands': { entry_command: 1 } } }) },
  },
  'manifest-author-extra-key': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', author: { name: 'Ada', github: 'ada' } }) },
  },
  'manifest-name-invalid': {
    files: { 'plugin.json': manifest({ name: 'My Plugin' }) },
  },
  'manifest-name-missing': {
    files: { 'plugin.json': manifest({ version: '1.0.0' }) },
  },
  'manifest-wrong-type': {
    files: { 'plugin.json': manifest({ name: 'my-plugin', version: 1.2 }) },
  },
  'manifest-field-not-honoured': {
    files: { '.claude-plugin/plugin.json': '{ "name": "my-plugin", "hooks": "./config/hooks.json" }\n' },
  },
  'manifest-entry-command-invalid': {
    files: {
      '.claude-plugin/plugin.json': '{ "name": "weather", "entry_command": "/now" }\n',
      'commands/now.md': '---\ndescription: The weather now.\n---\nTell the weather.\n',
    },
  },
  'manifest-root-ignored-before-1.49': {
    files: { 'plugin.json': manifest({ name: 'my-plugin' }) },
    service: '1.43',
  },
};
