/**
 * What other areas of the package use from `src/skills/` beyond its public entry (`index.ts`):
 * skill discovery, one skill file's loader, and rules cited by code (the folder walker, the file
 * reader and problems are shared helpers of `src/internal/`). Not a published subpath; other areas
 * import these from here, never from the files themselves.
 * @module
 */

export { discoverSkillFiles } from './discover';
export { loadSkillFile } from './load-skill-file';
export { BUILTIN_NAME_COLLISION, SKILL_NAME_MISMATCH } from './rules';
