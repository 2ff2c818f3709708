/**
 * One skill file to one skill, as the service builds it: instruction files whole, SKILL.md with
 * its name rules, tool servers and resources, legacy files with their derived names.
 * @module
 */
import { basename, dirname, join } from 'node:path';
import { diagnostic } from '../internal/diagnostic';
import { pythonLength } from '../internal/python/text';
import { parseLegacyMcpConfig } from '../internal/tool-servers/legacy-mcp-config';
import { inlineCommandDiagnostics } from './content';
import { interpretFrontmatter } from './frontmatter-fields';
import { instructionSkillName } from './instruction-names';
import type { Problem } from './problem';
import { type ReadLimits, readSkillFile } from './read-skill-file';
import { DESCRIPTION_MISSING, DESCRIPTION_TOO_LONG } from './rules';
import type { Skill, SkillFormat, SkillResources, SkillRole, SkillScope } from './types';
import type { SafeWalker } from './walk';

/** How to read one file. */
export interface SkillFileOptions {
  format: SkillFormat;
  scope: SkillScope;
  /** For legacy files: the name when the front matter has none. */
  fallbackName?: string;
  /** Whether the Agent Skills name rules apply to a SKILL.md. */
  strict: boolean;
  limits: ReadLimits;
}

const DESCRIPTION_LIMIT = 1024;

/** Where the service puts a skill with this format and trigger. */
export function roleOf(format: SkillFormat, trigger: Skill['trigger']): SkillRole {
  if (trigger?.type === 'path') return 'rule';
  if (format === 'agentskills' || trigger) return 'skill';
  return 'context';
}

async function listResources(walker: SafeWalker, folder: string): Promise<SkillResources | undefined> {
  const resources: SkillResources = { scripts: [], references: [], assets: [] };
  for (const kind of ['scripts', 'references', 'assets'] as const) {
    const files: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      for (const entry of await walker.list(dir)) {
        if (entry.kind === 'file') files.push(prefix + entry.name);
        else if (entry.kind === 'directory' && !entry.link) await walk(entry.path, `${prefix}${entry.name}/`);
      }
    };
    if ((await walker.entry(folder, kind))?.kind === 'directory') await walk(join(folder, kind), '');
    resources[kind] = files.sort();
  }
  const any = resources.scripts.length + resources.references.length + resources.assets.length > 0;
  return any ? resources : undefined;
}

/**
 * A SKILL.md folder's `.mcp.json`, read with the service's tool-server rules: a file it refuses
 * makes it drop the skill; warnings cost nothing.
 */
async function readMcpConfig(walker: SafeWalker, folder: string): Promise<{ servers?: Record<string, unknown>; problems: Problem[] }> {
  const file = join(folder, '.mcp.json');
  if ((await walker.entry(folder, '.mcp.json'))?.kind !== 'file') return { problems: [] };
  const bytes = await walker.fs.read(file, 0, 8 * 1024 * 1024);
  const parsed = parseLegacyMcpConfig(new TextDecoder().decode(bytes), { file });
  const failure = parsed.ok ? undefined : parsed.diagnostics.find((found) => found.severity === 'error');
  const problems = parsed.diagnostics.map((found): Problem => ({ diagnostic: found, effect: found === failure ? 'skill' : 'none' }));
  return parsed.ok ? { servers: parsed.value.mcpServers, problems } : { problems };
}

/** A file read into a skill, with the problems found (in the order the service meets them). */
export interface LoadedFile {
  skill: Skill;
  problems: Problem[];
}

/** Reads one file and builds the skill the service would build, with every problem found. */
export async function loadSkillFile(walker: SafeWalker, file: string, options: SkillFileOptions): Promise<LoadedFile> {
  const read = await readSkillFile(walker.fs, file, options.limits);
  const problems = [...read.problems];
  const base = { file, scope: options.scope, disableModelInvocation: false, inputs: [] };
  const instructionName = instructionSkillName(basename(file));
  if (options.format === 'instructions' || (options.format === 'legacy' && instructionName)) {
    // The service keeps an instruction file whole: its front matter is not read, only its bytes.
    const name = instructionName ?? basename(file);
    const kept = problems.filter((problem) => problem.diagnostic.code === 'invalid-utf8' || problem.diagnostic.code === 'file-too-large');
    return { skill: { ...base, name, format: 'instructions', role: 'context', trigger: null }, problems: kept };
  }
  const folder = dirname(file);
  const agentskills = options.format === 'agentskills';
  const stopped = { ...base, format: options.format, trigger: null, role: roleOf(options.format, null) };
  // Unreadable bytes or broken YAML stop the service before any field is looked at.
  if (problems.some((problem) => problem.effect !== 'none')) {
    const name = agentskills ? basename(folder) : (options.fallbackName ?? basename(file, '.md'));
    return { skill: { ...stopped, name, ...(agentskills ? { directory: folder } : {}) }, problems };
  }
  const context = agentskills
    ? { format: 'agentskills' as const, fallbackName: basename(folder), directoryName: basename(folder), strict: options.strict }
    : { format: 'legacy' as const, fallbackName: options.fallbackName ?? basename(file, '.md'), strict: false };
  const { fields, problems: fieldProblems } = interpretFrontmatter(read, context);
  // The name is checked before .mcp.json is read, and .mcp.json before the other fields.
  const nameProblems = fieldProblems.filter((problem) => problem.diagnostic.code.startsWith('skill-name-'));
  problems.push(...nameProblems);
  const skill: Skill = {
    ...base,
    name: fields.name,
    format: options.format,
    role: roleOf(options.format, fields.trigger),
    trigger: fields.trigger,
  };
  if (agentskills) {
    skill.directory = folder;
    const mcp = await readMcpConfig(walker, folder);
    problems.push(...mcp.problems);
    if (mcp.servers) skill.mcpServers = mcp.servers;
    const resources = await listResources(walker, folder);
    if (resources) skill.resources = resources;
  } else if (fields.mcpTools) skill.mcpServers = fields.mcpTools;
  problems.push(...fieldProblems.filter((problem) => !nameProblems.includes(problem)));
  const { name: _, trigger: __, mcpTools: ___, ...rest } = fields;
  Object.assign(skill, rest);
  if (fields.description !== undefined && pythonLength(fields.description) > DESCRIPTION_LIMIT) {
    const notice = `<response clipped><NOTE>Due to the max output limit, only part of the full description is shown. You can view the complete skill content at ${file.split('\\').join('/')}.</NOTE>`;
    skill.description = truncateMiddle(fields.description, DESCRIPTION_LIMIT, notice);
    const message = `The description is ${pythonLength(fields.description)} characters long: the service cuts it to ${DESCRIPTION_LIMIT} (its middle is replaced by a notice).`;
    problems.push({
      diagnostic: diagnostic(DESCRIPTION_TOO_LONG, { file, at: read.yaml?.locate(['description']), message }),
      effect: 'none',
    });
  }
  const raw = read.data.description;
  if (agentskills && (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))) {
    const message = 'The skill has no description: the agent sees the first line of its body instead.';
    problems.push({ diagnostic: diagnostic(DESCRIPTION_MISSING, { file, message }), effect: 'none' });
  }
  if (options.limits.scan === 'full' && read.complete && read.split && skill.role === 'skill') {
    for (const found of inlineCommandDiagnostics(read.split.body, read.split.bodyLine, file))
      problems.push({ diagnostic: found, effect: 'none' });
  }
  return { skill, problems };
}

/**
 * The service's `maybe_truncate`: keeps the head and the tail of a text longer than `limit` code
 * points, with `notice` between them.
 */
function truncateMiddle(text: string, limit: number, notice: string): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  const noticeChars = Array.from(notice);
  if (noticeChars.length >= limit) return noticeChars.slice(0, limit).join('');
  const available = limit - noticeChars.length;
  const head = Math.floor(available / 2) + (available % 2);
  const tail = available - head;
  return chars.slice(0, head).join('') + notice + (tail > 0 ? chars.slice(-tail).join('') : '');
}
