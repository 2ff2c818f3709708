/**
 * One skill file to one skill, as the service builds it: instruction files whole, SKILL.md with
 * its name rules, tool servers and resources, legacy files with their derived names.
 * @module
 */
import { basename, dirname, join } from 'node:path';
import { type Diagnostic, diagnostic, type Position } from '../internal/diagnostic';
import { isJsonObject, setOwn } from '../internal/json-checks';
import { type ReadLimits, readSkillFile } from '../internal/node/read-skill-file';
import type { SafeWalker } from '../internal/node/walk';
import type { Problem } from '../internal/problem';
import { pythonLength } from '../internal/python/text';
import { parseLegacyMcpConfig } from '../internal/tool-servers/legacy-mcp-config';
import { expandMcpVariables } from '../internal/tool-servers/legacy-mcp-variables';
import { MCP_SERVER_MODEL_REFUSED } from '../internal/tool-servers/rules';
import { decodeUtf8 } from '../internal/utf8';
import { inlineCommandDiagnostics } from './content';
import { interpretFrontmatter } from './frontmatter-fields';
import { instructionSkillName } from './instruction-names';
import { DESCRIPTION_MISSING, DESCRIPTION_TOO_LONG, INVALID_UTF8 } from './rules';
import type { Skill, SkillFormat, SkillResources, SkillRole, SkillScope } from './types';

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

/**
 * A description as the service's `Skill` model keeps it: past 1,024 characters its middle is
 * replaced by a notice naming `file`.
 */
export function clipDescription(description: string, file: string): string {
  if (pythonLength(description) <= DESCRIPTION_LIMIT) return description;
  const notice = `<response clipped><NOTE>Due to the max output limit, only part of the full description is shown. You can view the complete skill content at ${file.split('\\').join('/')}.</NOTE>`;
  return truncateMiddle(description, DESCRIPTION_LIMIT, notice);
}

/** The `description-too-long` warning for a description the service cuts. */
export function descriptionTooLong(description: string, file: string, at: Position | undefined): Diagnostic {
  const message = `The description is ${pythonLength(description)} characters long: the service cuts it to ${DESCRIPTION_LIMIT} (its middle is replaced by a notice).`;
  return diagnostic(DESCRIPTION_TOO_LONG, { file, at, message });
}

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
 * makes it drop the skill, and a server FastMCP accepts but the service's own model refuses (an
 * empty `command`, an env value not text) raises past the loader's per-file catch, as invalid UTF-8 does: the folder is
 * lost. The servers come back as the service keeps them: `${SKILL_ROOT}` and `${VAR:-default}`
 * expanded (the service's environment is not known here, so other placeholders stay), and env or
 * header entries left empty dropped.
 */
async function readMcpConfig(walker: SafeWalker, folder: string): Promise<{ servers?: Record<string, unknown>; problems: Problem[] }> {
  const file = join(folder, '.mcp.json');
  if ((await walker.entry(folder, '.mcp.json'))?.kind !== 'file') return { problems: [] };
  const decoded = decodeUtf8(await walker.fs.read(file, 0, 8 * 1024 * 1024));
  if (!decoded.ok) {
    const message = `The tool-server file is not valid UTF-8 at line ${decoded.at.line}, column ${decoded.at.column}: reading it raises an error the service's skill loader does not catch.`;
    return { problems: [{ diagnostic: diagnostic(INVALID_UTF8, { file, at: decoded.at, message }), effect: 'directory' }] };
  }
  const parsed = parseLegacyMcpConfig(decoded.text, { file });
  const failure = parsed.ok ? undefined : parsed.diagnostics.find((found) => found.severity === 'error');
  const problems = parsed.diagnostics.map(
    (found): Problem => ({
      diagnostic: found,
      effect: found !== failure ? 'none' : found.code === MCP_SERVER_MODEL_REFUSED.code ? 'directory' : 'skill',
    }),
  );
  if (!parsed.ok) return { problems };
  const expanded = expandMcpVariables(parsed.value, { variables: { SKILL_ROOT: folder } });
  return { servers: withoutEmptySecrets(expanded.mcpServers), problems };
}

/** Servers without the env and header entries whose value is empty, which the service's model drops. */
export function withoutEmptySecrets<T extends object>(servers: Record<string, T>): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const name of Object.keys(servers)) {
    const server = { ...servers[name] } as Record<string, unknown>;
    for (const key of ['env', 'headers']) {
      const record = server[key];
      if (!isJsonObject(record)) continue;
      const values: Record<string, unknown> = {};
      for (const entry of Object.keys(record)) if (record[entry] !== '') setOwn(values, entry, record[entry]);
      server[key] = values;
    }
    setOwn(kept, name, server as T);
  }
  return kept;
}

/**
 * The servers of a legacy file's `mcp_tools`, as the service keeps them: the `mcpServers` map
 * when the key holds one (servers written directly under `mcp_tools` load too), and an empty
 * `command` or `url`, or an env value that is not text, refused by the service's server model in a
 * way its loader does not catch.
 */
function legacyToolServers(
  tools: Record<string, unknown>,
  file: string,
  yaml: { locate(path: (string | number)[]): Position } | undefined,
): { servers: Record<string, unknown>; problems: Problem[] } {
  const wrapped = Object.hasOwn(tools, 'mcpServers') && isJsonObject(tools.mcpServers);
  const servers = wrapped ? (tools.mcpServers as Record<string, unknown>) : tools;
  const problems: Problem[] = [];
  for (const name of Object.keys(servers)) {
    const server = servers[name];
    if (!isJsonObject(server)) continue;
    const base = wrapped ? ['mcp_tools', 'mcpServers', name] : ['mcp_tools', name];
    const refused = (path: (string | number)[], what: string) => {
      const message = `${what} in the tool server "${name}": the service's own server model refuses it, with an error its skill loader does not catch.`;
      problems.push({
        diagnostic: diagnostic(MCP_SERVER_MODEL_REFUSED, { file, at: yaml?.locate([...base, ...path]), message }),
        effect: 'directory',
      });
    };
    for (const key of ['command', 'url']) if (server[key] === '') refused([key], `"${key}" is empty`);
    const env = server.env;
    if (isJsonObject(env))
      for (const key of Object.keys(env)) if (typeof env[key] !== 'string') refused(['env', key], `The env value ${key} is not text`);
  }
  return { servers, problems };
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
  }
  problems.push(...fieldProblems.filter((problem) => !nameProblems.includes(problem)));
  if (!agentskills && fields.mcpTools) {
    const tools = legacyToolServers(fields.mcpTools, file, read.yaml);
    skill.mcpServers = tools.servers;
    problems.push(...tools.problems);
  }
  const { name: _, trigger: __, mcpTools: ___, ...rest } = fields;
  Object.assign(skill, rest);
  if (fields.description !== undefined && pythonLength(fields.description) > DESCRIPTION_LIMIT) {
    skill.description = clipDescription(fields.description, file);
    problems.push({ diagnostic: descriptionTooLong(fields.description, file, read.yaml?.locate(['description'])), effect: 'none' });
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
