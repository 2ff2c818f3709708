/**
 * `agentwire/skills`: skills loaded exactly as the service loads them (instruction files,
 * `SKILL.md` folders, legacy files, configuration repositories), resolved across layers as the
 * service resolves them, and a diagnostic with file, line and a fix for everything it would drop,
 * shadow or misread. Node only.
 * @module agentwire/skills
 */

export type { DirectoryEntry, EntryKind, SkillFileSystem } from '../internal/node/file-system';
export { nodeFileSystem } from '../internal/node/file-system';
export {
  type ConfigRepository,
  type ConfigRepositoryProgress,
  type ConfigRepositoryResult,
  type ConfigRepositoryStatus,
  type LoadConfigRepositoryOptions,
  loadConfigRepository,
  readConfigCheckout,
} from './config-repository';
export { ConfigRepositoryError, type ConfigRepositoryErrorCode } from './config-repository-error';
export {
  type ConfigRepositoryPath,
  type ConfigRepositoryPathsOptions,
  configRepositoryPaths,
  type GitHostKind,
  gitHostKind,
} from './config-repository-paths';
export { findInlineCommands, type LoadSkillContentOptions, loadSkillContent, type SkillContent, SkillContentError } from './content';
export { findGitRoot } from './git-root';
export { INSTRUCTION_FILE_NAMES, instructionSkillName } from './instruction-names';
export { DEFAULT_MAX_FILE_SIZE, type LoadSkillsDirectoryOptions, loadSkillsDirectory, type SkillsDirectory } from './load-directory';
export {
  type LoadOwnerSkillsOptions,
  loadOwnerSkills,
  type MergedConfigSkills,
  mergeConfigRepositories,
  type OwnerSkills,
  ownerSkillLayer,
  type ShadowedConfigSkill,
} from './owner-skills';
export { matchesPathGlob, matchPaths, type PathMatch } from './paths';
export { NEUTRAL_PRESET, OPENHANDS_PRESET, resolvePreset, SKILL_PRESETS, type SkillPreset } from './presets';
export { type LoadRepositoryOptions, loadRepository } from './repository';
export {
  type ResolvedSkillEntry,
  type ResolvedSkills,
  type ResolveSkillsOptions,
  resolveSkills,
  SKILL_LAYER_ORDER,
  type SkillLayer,
  type SkillLayerName,
} from './resolve';
export { SKILL_RULES } from './rules';
export { keywordMatches, matchTriggers, type TriggerMatch, triggerKeywords } from './triggers';
export type {
  Skill,
  SkillCommandSource,
  SkillFormat,
  SkillInput,
  SkillResources,
  SkillRole,
  SkillScope,
  SkillSet,
  SkillTrigger,
} from './types';
