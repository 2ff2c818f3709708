/** Examples of the rules `agentwire validate` applies across the files of a repository. */
import type { RuleExamples } from './types';

/** A marketplace listing `plugins`. */
const marketplace = (plugins: unknown[]) => `${JSON.stringify({ name: 'tools', owner: { name: 'Tools team' }, plugins }, null, 2)}\n`;

export const REPOSITORY_EXAMPLES: RuleExamples = {
  'coverage-entry-missing': {
    files: {
      '.claude-plugin/marketplace.json': marketplace([{ name: 'pr-review', source: './plugins/pr-reveiw' }]),
      'plugins/pr-review/.claude-plugin/plugin.json': '{ "name": "pr-review" }\n',
    },
  },
  'coverage-unlisted-plugin': {
    files: {
      '.claude-plugin/marketplace.json': marketplace([{ name: 'pr-review', source: './plugins/pr-review' }]),
      'plugins/pr-review/.claude-plugin/plugin.json': '{ "name": "pr-review" }\n',
      'plugins/formatter/.claude-plugin/plugin.json': '{ "name": "formatter" }\n',
    },
  },
  'coverage-unlisted-skill': {
    files: {
      '.claude-plugin/marketplace.json': marketplace([{ name: 'pr-review', source: './plugins/pr-review' }]),
      'plugins/pr-review/.claude-plugin/plugin.json': '{ "name": "pr-review" }\n',
      'skills/changelog/SKILL.md': '---\nname: changelog\ndescription: Writes the changelog.\n---\nWrite it.\n',
    },
  },
  'validate-nothing-found': {
    files: { 'README.md': '# Notes\n' },
  },
};
