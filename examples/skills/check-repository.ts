/**
 * Loads a project's skills as the service would, and prints what a conversation gets and every
 * problem the service would not tell you about.
 *
 * Run it: `npx tsx examples/skills/check-repository.ts [dir]` (after installing agentwire from its repository: see the README).
 */
import { loadRepository, loadSkillContent, matchTriggers } from 'agentwire/skills';

/** A readable report of a project's skills. */
export async function checkRepository(dir: string, message = 'please fix the failing deploy'): Promise<string[]> {
  const { context, skills, rules, diagnostics } = await loadRepository(dir, { preset: 'openhands' });
  const lines = [
    `context: ${context.map((skill) => skill.name).join(', ') || '(none)'}`,
    `skills: ${skills.map((skill) => skill.name).join(', ') || '(none)'}`,
    `rules: ${rules.map((skill) => skill.name).join(', ') || '(none)'}`,
  ];
  for (const { skill, keyword } of matchTriggers(message, skills)) {
    const { content } = await loadSkillContent(skill);
    lines.push(`"${message}" brings in ${skill.name} (keyword "${keyword}"): ${content.split('\n')[0]}`);
  }
  for (const d of diagnostics) lines.push(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await checkRepository(process.argv[2] ?? '.')) console.log(line);
}
