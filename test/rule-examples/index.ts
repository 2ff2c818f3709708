/** Every rule example, by the catalog area its rule is documented under. */
import { AGENT_PLUGINS_EXAMPLES } from './agent-plugins';
import { AGENTSKILLS_EXAMPLES } from './agentskills';
import { CLAUDE_CODE_EXAMPLES } from './claude-code';
import { HOOKS_EXAMPLES } from './hooks';
import { JSON_EXAMPLES } from './json';
import { LAUNCH_LINKS_EXAMPLES } from './launch-links';
import { MANIFESTS_EXAMPLES } from './manifests';
import { MARKETPLACES_EXAMPLES } from './marketplaces';
import { PLUGIN_FOLDERS_EXAMPLES } from './plugin-folders';
import { REFERENCES_EXAMPLES } from './references';
import { REGISTRATIONS_EXAMPLES } from './registrations';
import { REPOSITORY_EXAMPLES } from './repository';
import { SKILLS_EXAMPLES } from './skills';
import { SOURCES_EXAMPLES } from './sources';
import { SUPPRESSIONS_EXAMPLES } from './suppressions';
import { TOOL_SERVERS_EXAMPLES } from './tool-servers';
import type { RuleExamples } from './types';

/** The examples of each area, keyed by the area's id in the catalog. */
export const RULE_EXAMPLES_BY_AREA: Readonly<Record<string, RuleExamples>> = {
  skills: SKILLS_EXAMPLES,
  json: JSON_EXAMPLES,
  manifests: MANIFESTS_EXAMPLES,
  'plugin-folders': PLUGIN_FOLDERS_EXAMPLES,
  'tool-servers': TOOL_SERVERS_EXAMPLES,
  hooks: HOOKS_EXAMPLES,
  marketplaces: MARKETPLACES_EXAMPLES,
  sources: SOURCES_EXAMPLES,
  references: REFERENCES_EXAMPLES,
  registrations: REGISTRATIONS_EXAMPLES,
  repository: REPOSITORY_EXAMPLES,
  suppressions: SUPPRESSIONS_EXAMPLES,
  'launch-links': LAUNCH_LINKS_EXAMPLES,
  agentskills: AGENTSKILLS_EXAMPLES,
  'claude-code': CLAUDE_CODE_EXAMPLES,
  'agent-plugins': AGENT_PLUGINS_EXAMPLES,
};
