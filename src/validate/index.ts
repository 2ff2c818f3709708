/**
 * `agentwire/validate`: the lint engine of `agentwire validate` as a function. {@link validate}
 * finds what each path holds (instruction files, skills, configuration repositories, plugins,
 * marketplaces, hooks and tool-server files), checks it by the service's rules and, on request,
 * by the Agent Skills, Claude Code and Agent Plugins rules ({@link Profile}), and returns one
 * sorted report. {@link ruleCatalog} lists every rule it can report, with the profiles that raise
 * it. A configuration (`agentwire.config.json`, {@link ValidateConfig}) sets rules off or to
 * another severity and leaves files out; a {@link Baseline} marks the findings accepted for now
 * as known. Node only.
 * @module agentwire/validate
 */

export {
  type Baseline,
  type BaselineComparison,
  BaselineError,
  type BaselineFinding,
  type BaselineState,
  createBaseline,
  parseBaseline,
  stringifyBaseline,
} from './baseline';
export { ValidateConfigError } from './config/config-error';
export { CONFIG_FILE_NAME, PACKAGE_JSON_KEY } from './config/load-config';
export type { ConfigChoice } from './config/resolve-configs';
export { ruleTags } from './config/rule-keys';
export { RULE_SETTINGS, type RuleSetting, type RuleSettings, type ValidateConfig, type ValidateConfigOverride } from './config/schema';
export {
  type AppliedFix,
  type FixedFile,
  type FixOptions,
  type FixReport,
  fixRepository,
  type UnfixedFinding,
} from './fix/fix-repository';
export { type CatalogRule, findRule, type RuleArea, ruleAreas, ruleCatalog } from './rule-catalog';
export {
  type Inventory,
  PROFILES,
  type Profile,
  type ProfileDiagnostic,
  type ServiceVersion,
  type ValidateProgress,
  type ValidationReport,
} from './types';
export { type ValidateOptions, validate } from './validate';
