/**
 * The rules that are in no rule table of the library: those only the `agentskills`,
 * `claude-code` and `agent-plugins` profiles raise, and the checks `agentwire validate` makes
 * across a repository's files. The rule catalog (and so the SARIF output and docs/validate.md)
 * reads them from here.
 * @module
 */
import type { Rule } from '../../internal/diagnostic';
import type { Profile } from './types';

/** A rule with the profiles that can raise it. */
export type ProfileRule = Rule & { profiles: Profile[] };

/**
 * The rules of the profile checks and of the command's own checks. Empty until they are wired:
 * re-export `PROFILE_RULES` of `./profiles/index` here (and add the command's own rules).
 */
export const PROFILE_RULES: readonly ProfileRule[] = [];
