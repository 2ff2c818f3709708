/** Examples of the rules of suppression comments. */
import type { RuleExamples } from './types';

/** A skill whose body holds `body`. */
const skill = (body: string) => ({ '.agents/skills/deploy/SKILL.md': `---\nname: deploy\ndescription: Deploys.\n---\n${body}` });

export const SUPPRESSIONS_EXAMPLES: RuleExamples = {
  'suppression-unused': {
    files: skill('<!-- agentwire-disable-next-line inline-command -- the command is an example -->\nRun the tests.\n'),
  },
  'suppression-rule-unknown': {
    files: skill('<!-- agentwire-disable-next-line inline-comand -- the command only reads -->\nBranch: !`git branch --show-current`\n'),
  },
  'suppression-reason-missing': {
    files: skill('<!-- agentwire-disable-next-line inline-command -->\nBranch: !`git branch --show-current`\n'),
  },
};
