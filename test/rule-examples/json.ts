/** Examples of the rules of every JSON file of a plugin or marketplace. */
import type { RuleExamples } from './types';

export const JSON_EXAMPLES: RuleExamples = {
  'invalid-json': {
    files: { '.claude-plugin/plugin.json': '{ "name": "my-plugin", }\n' },
  },
  'duplicate-json-key': {
    files: { '.claude-plugin/plugin.json': '{ "name": "a", "name": "b" }\n' },
  },
};
