/**
 * Third-party instruction files and the skill names the service gives them.
 * @module
 */

/** Lower-cased file names of instruction files, and the name of the skill each becomes. */
export const INSTRUCTION_FILE_NAMES: Readonly<Record<string, string>> = {
  '.cursorrules': 'cursorrules',
  'agents.md': 'agents',
  'agent.md': 'agents',
  'claude.md': 'claude',
  'gemini.md': 'gemini',
};

/** The skill name of an instruction file (matched case-insensitively), or `undefined` when it is not one. */
export function instructionSkillName(fileName: string): string | undefined {
  const key = fileName.toLowerCase();
  return Object.hasOwn(INSTRUCTION_FILE_NAMES, key) ? INSTRUCTION_FILE_NAMES[key] : undefined;
}
