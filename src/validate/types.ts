/**
 * The report of `validate` (and `agentwire validate`), shared by the checks, the profiles and the
 * output formats.
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';
import type { PluginServiceVersion } from '../plugins/node';
import type { BaselineComparison, BaselineState } from './baseline';

/**
 * Whose rules a finding is judged by: `openhands` (what the service will load, drop, shadow or
 * ignore), `agentskills` (the Agent Skills specification), `claude-code` (Claude Code's plugin
 * rules), `agent-plugins` (Agent Plugins 1.0.0).
 */
export type Profile = 'openhands' | 'agentskills' | 'claude-code' | 'agent-plugins';

/** Every profile, in the order help and documentation list them. */
export const PROFILES: readonly Profile[] = ['openhands', 'agentskills', 'claude-code', 'agent-plugins'];

/**
 * The service version whose plugin loader to follow: `'1.49'` reads a folder with a root
 * `plugin.json` as an Agent Plugins plugin; `'1.43'` (and every server before 1.49) reads every
 * plugin folder in the legacy layout.
 */
export type ServiceVersion = PluginServiceVersion;

/** Where a validation run is: the path being checked, its index among the paths, and how many there are. */
export interface ValidateProgress {
  /** The path as given. */
  path: string;
  /** Its index in the list of paths, from 0. */
  index: number;
  /** How many paths there are. */
  total: number;
}

/** A diagnostic with the profile that raised it. */
export interface ProfileDiagnostic extends Diagnostic {
  profile: Profile;
  /** With a baseline: whether the finding is in it (`known`, it does not fail) or `new`. */
  baseline?: BaselineState;
  /** With a baseline: what identifies the finding in a baseline file (see `BaselineFinding`). */
  fingerprint?: string;
}

/** What the validated paths hold. */
export interface Inventory {
  /** Files read. */
  files: number;
  skills: number;
  plugins: number;
  marketplaces: number;
  /** Instruction files (`AGENTS.md` and the like). */
  contextFiles: number;
  configRepositories: number;
  hooks: number;
  toolServers: number;
}

/** Everything a validation run found. */
export interface ValidationReport {
  /** The paths validated, as given. */
  paths: string[];
  profiles: Profile[];
  inventory: Inventory;
  /** Sorted by file, line and column; with a baseline, the known findings too. */
  diagnostics: ProfileDiagnostic[];
  /** The findings that count: with a baseline, the new ones only. */
  summary: { errors: number; warnings: number; infos: number };
  /** How many findings suppression comments left out (absent when none did). */
  suppressed?: number;
  /** With a baseline: how many findings are known, new, and fixed. */
  baseline?: BaselineComparison;
  /**
   * The paths given that hold nothing to check themselves, each with the packages found below it
   * and checked instead (relative to `cwd` when inside it); absent when none.
   */
  discovered?: { path: string; packages: string[] }[];
  /**
   * The paths given that hold nothing to check, even in the folders below them (each is also
   * reported as `validate-nothing-found`, whatever that rule is set to); absent when none.
   */
  nothingFound?: string[];
}
