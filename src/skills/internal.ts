/**
 * What other areas of the package use from `src/skills/` beyond its public entry (`index.ts`):
 * the folder walker that never leaves its root, skill discovery, one skill file's loader, the step
 * from problems to diagnostics, and rules cited by code. Not a published subpath; other areas
 * import these from here, never from the files themselves.
 * @module
 */

export { discoverSkillFiles } from './discover';
export { loadSkillFile } from './load-skill-file';
export { problemDiagnostics } from './problem';
export { BUILTIN_NAME_COLLISION, SKILL_NAME_MISMATCH } from './rules';
export { SafeWalker } from './walk';
