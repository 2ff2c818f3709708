/**
 * Each case's question put to the agentwire function the corpus names for it, through the public
 * entries only. A name agentwire does not export is reported as a missing API, never stood in for.
 */
import { join, resolve } from 'node:path';
import type { Diagnostic } from 'agentwire/plugins';
import * as pluginsNode from 'agentwire/plugins/node';
import type { Skill } from 'agentwire/skills';
import * as skillsApi from 'agentwire/skills';
import type { CatalogEntry, ProbeCase, TreeCase } from './corpus';
import type { Materialized } from './materialize';
import { agentRecord, commandRecord, manifestRecord, type OurSkill, relativeToRoot, skillRecords } from './records';

/** A diagnostic with its file (and related files) relative to the root. */
export type OurDiagnostic = Diagnostic;

/** A loaded plugin in the reference's shape. */
export interface OurPlugin {
  ok: boolean;
  manifest?: Record<string, unknown>;
  commandSkills: OurSkill[];
  commands: (Record<string, unknown> & { file: string })[];
  agents: (Record<string, unknown> & { file: string })[];
  hooks?: unknown;
  mcp?: unknown;
}

/** What agentwire answered for a tree. */
export interface TreeOutcome {
  /** Rule 1: the call threw (`Name: message`). */
  threw?: string;
  /** The corpus names a function agentwire does not export. */
  missingApi?: string;
  /** The skills loaded (a plugin's own skills). */
  skills: OurSkill[];
  plugin?: OurPlugin;
  diagnostics: OurDiagnostic[];
}

// biome-ignore lint/suspicious/noExplicitAny: functions looked up by the name the corpus gives
type AnyFunction = (...args: any[]) => any;

/** The exported agentwire function of that name, if there is one. */
export function agentwireFunction(name: string): AnyFunction | undefined {
  const found = (skillsApi as Record<string, unknown>)[name] ?? (pluginsNode as Record<string, unknown>)[name];
  return typeof found === 'function' ? (found as AnyFunction) : undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function relativeDiagnostics(root: string, diagnostics: readonly Diagnostic[]): OurDiagnostic[] {
  return diagnostics.map((found) => ({
    ...found,
    file: relativeToRoot(root, found.file),
    ...(found.related && { related: found.related.map((place) => ({ ...place, file: relativeToRoot(root, place.file) })) }),
  }));
}

/** The arguments of the call for a tree case, `"."` in the options meaning the root. */
function treeArguments(entry: TreeCase, tree: Materialized): unknown[] {
  const options = entry.options;
  switch (entry.kind) {
    case 'project':
      return [tree.work, options];
    case 'public': {
      const { directory, nameBase, ...rest } = options as { directory: string; nameBase: string };
      return [join(tree.root, directory), { ...rest, nameBase: resolve(tree.root, nameBase), root: tree.root }];
    }
    default:
      return [tree.root, options];
  }
}

interface LoadedSkills {
  skills: Skill[];
  diagnostics: Diagnostic[];
}
type LoadedPlugin = pluginsNode.PluginDirectory;

/** Runs a tree case through agentwire. */
export async function runTree(entry: TreeCase, tree: Materialized): Promise<TreeOutcome> {
  const fn = agentwireFunction(entry.agentwire);
  if (!fn) return { missingApi: entry.agentwire, skills: [], diagnostics: [] };
  let result: unknown;
  try {
    result = await fn(...treeArguments(entry, tree));
  } catch (error) {
    return { threw: describeError(error), skills: [], diagnostics: [] };
  }
  const { root } = tree;
  if (entry.kind !== 'plugin') {
    const loaded = result as LoadedSkills | skillsApi.SkillSet;
    const skills = 'context' in loaded ? [...loaded.context, ...loaded.skills, ...loaded.rules] : loaded.skills;
    return { skills: await skillRecords(root, skills), diagnostics: relativeDiagnostics(root, loaded.diagnostics) };
  }
  const plugin = result as LoadedPlugin;
  const diagnostics = relativeDiagnostics(root, plugin.diagnostics);
  if (!plugin.ok) return { skills: [], plugin: { ok: false, commandSkills: [], commands: [], agents: [] }, diagnostics };
  return {
    skills: await skillRecords(root, plugin.skills),
    plugin: {
      ok: true,
      manifest: manifestRecord(plugin),
      commandSkills: await skillRecords(root, plugin.commandSkills),
      commands: plugin.commands.map((command) => commandRecord(root, command)),
      agents: plugin.agents.map((agent) => agentRecord(root, agent)),
      hooks: plugin.hooks,
      mcp: plugin.mcpServers,
    },
    diagnostics,
  };
}

/** A catalog entry as the skill the matchers take. */
function catalogSkill(entry: CatalogEntry): Skill {
  return {
    name: entry.name,
    format: 'legacy',
    role: entry.trigger.type === 'path' ? 'rule' : 'skill',
    trigger: entry.trigger,
    file: `${entry.name}.md`,
    scope: 'project',
    disableModelInvocation: entry.trigger.type === 'path',
    inputs: [],
  };
}

/** One input of a probe: the first keyword or glob agentwire matches, or what it threw. */
export type ProbeAnswer = { match: string | null } | { threw: string } | { missingApi: string };

/** Runs each text (or path) of a probe case through the matcher the corpus names. */
export function runProbe(entry: ProbeCase): ProbeAnswer[] {
  const inputs = entry.kind === 'triggers' ? entry.texts : entry.paths;
  const fn = agentwireFunction(entry.agentwire);
  if (!fn) return inputs.map(() => ({ missingApi: entry.agentwire }));
  const catalog = entry.catalog.map(catalogSkill);
  return inputs.map((input) => {
    try {
      const [first] = fn(input, catalog) as ({ keyword: string } | { pattern: string })[];
      if (!first) return { match: null };
      return { match: 'keyword' in first ? first.keyword : first.pattern };
    } catch (error) {
      return { threw: describeError(error) };
    }
  });
}
