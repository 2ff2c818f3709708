/**
 * The dialects `agentwire validate` judges by besides the service's own (`openhands`, which the
 * loaders apply while the files are found): `agentskills`, `claude-code` and `agent-plugins`,
 * and the table of every rule they raise.
 * @module
 */
import { compareDiagnostics } from '../../internal/diagnostic';
import { SYMLINK_OUTSIDE_REPOSITORY } from '../../internal/node/file-rules';
import type { Rule } from '../../internal/rule';
import { MANIFEST_RULES, MCP_RULES } from '../../plugins/index';
import {
  DUPLICATE_KEY,
  INVALID_JSON,
  MANIFEST_FIELD_NOT_HONOURED,
  MCP_SERVER_MODEL_REFUSED,
  MCP_SERVERS_AT_ROOT,
  MCP_VALUE_COERCED,
} from '../../plugins/internal';
import type { Artifacts } from '../artifacts';
import type { Profile, ProfileDiagnostic } from '../types';
import { AGENT_PLUGINS_DROPPED_MANIFEST_CODES, checkAgentPlugins } from './agent-plugins';
import { AGENT_PLUGINS_DROPPED_MCP_CODES } from './agent-plugins-mcp';
import { AGENT_PLUGINS_RULES } from './agent-plugins-rules';
import { checkAgentSkills } from './agentskills';
import { AGENTSKILLS_FILE_NAME, AGENTSKILLS_RULES } from './agentskills-rules';
import { checkClaudeCode } from './claude-code';
import { CLAUDE_CODE_RULES } from './claude-code-rules';
import type { ProfileOptions } from './read-text';

export { checkAgentPlugins } from './agent-plugins';
export { checkAgentSkills } from './agentskills';
export { checkClaudeCode } from './claude-code';
export type { ProfileOptions } from './read-text';

/** A rule and the profiles that raise it. */
export type ProfileRule = Rule & { profiles: Profile[] };

const CHECKS: Readonly<
  Record<Exclude<Profile, 'openhands'>, (artifacts: Artifacts, options?: ProfileOptions) => Promise<ProfileDiagnostic[]>>
> = {
  agentskills: checkAgentSkills,
  'claude-code': checkClaudeCode,
  'agent-plugins': checkAgentPlugins,
};

/**
 * Runs the non-`openhands` profiles among `profiles` (each once) over what was found, and returns
 * their diagnostics sorted by file, line and column. `openhands` is skipped: the loaders raise it.
 */
export async function runProfiles(
  profiles: readonly Profile[],
  artifacts: Artifacts,
  options: ProfileOptions = {},
): Promise<ProfileDiagnostic[]> {
  const chosen = [...new Set(profiles)].filter((profile): profile is Exclude<Profile, 'openhands'> => profile !== 'openhands');
  const results = await Promise.all(chosen.map((profile) => CHECKS[profile](artifacts, options)));
  return results.flat().sort(compareDiagnostics);
}

const tag = (rules: readonly Rule[], profiles: Profile[]): ProfileRule[] => rules.map((rule) => ({ ...rule, profiles }));

/** Every rule of the profiles' own checks (codes prefixed `agentskills-`, `claude-code-`, `agent-plugins-`). */
export const PROFILE_RULES: readonly ProfileRule[] = [
  // The Agent Skills checks also judge every skill of an Agent Plugins plugin (whose file is always SKILL.md).
  .../* @__PURE__ */ AGENTSKILLS_RULES.map(
    (rule): ProfileRule => ({
      ...rule,
      profiles: rule === AGENTSKILLS_FILE_NAME ? ['agentskills'] : ['agentskills', 'agent-plugins'],
    }),
  ),
  .../* @__PURE__ */ tag(CLAUDE_CODE_RULES, ['claude-code']),
  .../* @__PURE__ */ tag(AGENT_PLUGINS_RULES, ['agent-plugins']),
];

/**
 * Rules of the shared readers and of `agentwire/plugins` (documented in their own tables, raised
 * by the `openhands` checks) that these profiles also raise, re-tagged: the refused link, the JSON reader's, and the Agent Plugins manifest
 * and mcp.json rules that are the specification's (not the service's own behaviour, and not the
 * legacy formats').
 */
export const SHARED_PROFILE_RULES: readonly ProfileRule[] = [
  // No profile reads through a link that leaves the folders given (containment.ts).
  .../* @__PURE__ */ tag([SYMLINK_OUTSIDE_REPOSITORY], ['agentskills', 'claude-code', 'agent-plugins']),
  .../* @__PURE__ */ tag([INVALID_JSON, DUPLICATE_KEY], ['claude-code', 'agent-plugins']),
  .../* @__PURE__ */ tag(
    MANIFEST_RULES.filter((rule) => rule !== MANIFEST_FIELD_NOT_HONOURED && !AGENT_PLUGINS_DROPPED_MANIFEST_CODES.has(rule.code)),
    ['agent-plugins'],
  ),
  .../* @__PURE__ */ tag(
    MCP_RULES.filter(
      (rule) =>
        rule !== MCP_SERVERS_AT_ROOT &&
        rule !== MCP_VALUE_COERCED &&
        rule !== MCP_SERVER_MODEL_REFUSED &&
        !AGENT_PLUGINS_DROPPED_MCP_CODES.has(rule.code),
    ),
    ['agent-plugins'],
  ),
];
