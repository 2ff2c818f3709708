/**
 * What other areas of the package use from `src/skills/` beyond its public entry (`index.ts`):
 * skill discovery, one skill file's loader and its description and secret rules, the last-wins
 * rule for names, git remotes, and rules cited by code (the folder walker, the file reader and
 * problems are shared helpers of `src/internal/`). Not a published subpath; other areas import
 * these from here, never from the files themselves.
 * @module
 */

export { discoverSkillFiles } from './discover';
export { parseGitRemote } from './git-remote';
export { keepLastByName } from './last-wins';
export {
  clipDescription,
  descriptionTooLong,
  type LoadedFile,
  loadSkillFile,
  type SkillFileOptions,
  withoutEmptySecrets,
} from './load-skill-file';
export { BUILTIN_NAME_COLLISION, SKILL_NAME_MISMATCH } from './rules';
