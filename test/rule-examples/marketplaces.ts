/** Examples of the rules of marketplace files. */
import type { RuleExamples } from './types';

const FORMATTER_MANIFEST = '{ "name": "formatter" }\n';
const PLUGIN = { 'plugins/formatter/.claude-plugin/plugin.json': FORMATTER_MANIFEST };

/** A .claude-plugin/marketplace.json listing `plugins` (and holding `fields`). */
const marketplace = (plugins: unknown[], fields: Record<string, unknown> = {}) => ({
  '.claude-plugin/marketplace.json': `${JSON.stringify({ name: 'tools', owner: { name: 'Tools team' }, plugins, ...fields }, null, 2)}\n`,
});

/** A repository with the formatter plugin, whose marketplace lists `plugins` (and holds `fields`). */
const repository = (plugins: unknown[], fields: Record<string, unknown> = {}) => ({ ...PLUGIN, ...marketplace(plugins, fields) });

/** A marketplace listing the formatter plugin from `source`, kept outside this repository. */
const formatterFrom = (source: unknown) => marketplace([{ name: 'formatter', source }]);

const FORMATTER = { name: 'formatter', source: './plugins/formatter' };

export const MARKETPLACES_EXAMPLES: RuleExamples = {
  'marketplace-not-object': {
    files: { '.claude-plugin/marketplace.json': '[{ "name": "formatter", "source": "./plugins/formatter" }]\n' },
  },
  'marketplace-field-missing': {
    files: { '.claude-plugin/marketplace.json': '{ "name": "tools", "plugins": [] }\n' },
    note: 'No `owner`.',
  },
  'marketplace-wrong-type': {
    files: marketplace([{ ...FORMATTER, keywords: 'format, style' }]),
  },
  'marketplace-source-unsupported': {
    files: formatterFrom({ source: 'npm', package: '@acme/formatter' }),
  },
  'marketplace-source-lstrip': {
    files: {
      ...formatterFrom('./.plugins/formatter'),
      '.plugins/formatter/.claude-plugin/plugin.json': FORMATTER_MANIFEST,
    },
    note: 'The service opens plugins/formatter, not .plugins/formatter.',
  },
  'marketplace-source-escapes-root': {
    files: formatterFrom('../other-repo/formatter'),
  },
  'marketplace-source-absolute': {
    files: formatterFrom('/opt/plugins/formatter'),
  },
  'marketplace-source-shorthand-string': {
    files: formatterFrom('github:acme/formatter'),
  },
  'marketplace-source-url-string': {
    files: formatterFrom('https://github.com/acme/formatter.git'),
  },
  'marketplace-source-invalid': {
    files: formatterFrom({ source: 'github', repo: 'acme/tools/plugins/formatter' }),
  },
  'marketplace-source-path-invalid': {
    files: formatterFrom({ source: 'url', url: 'https://github.com/acme/tools.git', path: '../formatter' }),
  },
  'marketplace-source-sha-ignored': {
    files: formatterFrom({ source: 'url', url: 'https://github.com/acme/formatter.git', sha: '30287f5e9c1d4b7a8e6f2c3d4b5a69788d7c6b5a' }),
  },
  'marketplace-plugin-root-ignored': {
    files: repository([{ name: 'formatter', source: 'formatter' }], { metadata: { pluginRoot: './plugins' } }),
    note: 'Claude Code opens plugins/formatter, the service formatter.',
  },
  'marketplace-inline-components-ignored': {
    files: repository([{ ...FORMATTER, commands: ['./commands/format.md'] }]),
  },
  'marketplace-strict-ignored': {
    files: repository([{ ...FORMATTER, strict: false }]),
  },
  'marketplace-duplicate-plugin': {
    files: repository([FORMATTER, FORMATTER]),
  },
  'marketplace-duplicate-skill': {
    files: {
      ...repository([FORMATTER], {
        skills: [
          { name: 'review', source: './skills/review' },
          { name: 'review', source: './skills/review-v2' },
        ],
      }),
      'skills/review/SKILL.md': '---\nname: review\ndescription: Reviews.\n---\nReview.\n',
      'skills/review-v2/SKILL.md': '---\nname: review-v2\ndescription: Reviews again.\n---\nReview.\n',
    },
  },
  'marketplace-skill-source-invalid': {
    files: repository([FORMATTER], { skills: [{ name: 'review', source: 'https://gitlab.com/acme/skills' }] }),
  },
  'marketplace-ignored-field': {
    files: repository([FORMATTER], { renames: { 'old-formatter': 'formatter' } }),
  },
  'marketplace-unknown-field': {
    files: repository([{ ...FORMATTER, colour: 'blue' }]),
  },
};
