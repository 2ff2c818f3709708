/**
 * What `agentwire plugins inspect` says about one plugin folder: the layout the service sees and
 * why, and what a conversation gets from it (skills, commands, agents, hooks, tool servers, the
 * launch message), with the problems counted.
 * @module
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Diagnostic } from '../internal/diagnostic';
import { HOOK_EVENTS, type HooksConfig, hookEventField, redactSourceCredentials } from '../plugins/index';
import { loadPluginDirectory, type PluginDirectory, type PluginServiceVersion } from '../plugins/node';
import type { Skill } from '../skills/index';

/** A skill as the report lists it. */
export interface ReportedSkill {
  name: string;
  trigger: { kind: 'keyword' | 'task' | 'path' | 'none'; keywords: string[] };
  description: string | null;
}

/** The problems of a load, counted. */
export interface ProblemCount {
  errors: number;
  warnings: number;
  infos: number;
}

/** One plugin folder, as a conversation gets it. */
export interface PluginReport {
  directory: string;
  service: PluginServiceVersion;
  /** Whether the service loads the plugin at all. */
  loaded: boolean;
  layout: 'agent-plugins' | 'legacy' | null;
  /** Why this layout, and what the other service version makes of the folder. */
  layoutReason: string;
  /** Why nothing loads (`loadPluginDirectory`'s failure), when `loaded` is false. */
  failure: string | null;
  name: string | null;
  manifestFile: string | null;
  skills: ReportedSkill[];
  commands: { name: string; trigger: string; description: string }[];
  agents: { name: string; description: string }[];
  /** Hooks by event (the service's event names), each matcher with its hooks' commands or prompts. */
  hooks: Record<string, { matcher: string; hooks: string[] }[]>;
  toolServers: { name: string; type: string; target: string }[];
  launchMessage: string | null;
  problems: ProblemCount;
  /** When the plugin does not load: the errors that stop it. */
  errors: Diagnostic[];
}

/** Diagnostics counted by severity. */
export function countProblems(diagnostics: readonly Diagnostic[]): ProblemCount {
  const count = (severity: Diagnostic['severity']) => diagnostics.filter((item) => item.severity === severity).length;
  return { errors: count('error'), warnings: count('warning'), infos: count('info') };
}

/** A skill's trigger kind and keywords. */
export function reportSkill(skill: Skill): ReportedSkill {
  const trigger = skill.trigger;
  const kind = trigger === null ? { kind: 'none' as const, keywords: [] } : { kind: trigger.type, keywords: triggerWords(trigger) };
  return { name: skill.name, trigger: kind, description: skill.description ?? null };
}

function triggerWords(trigger: NonNullable<Skill['trigger']>): string[] {
  if (trigger.type === 'keyword') return trigger.keywords;
  return trigger.type === 'task' ? trigger.triggers : trigger.paths;
}

function hookLines(hooks: HooksConfig | null): PluginReport['hooks'] {
  const out: PluginReport['hooks'] = {};
  for (const event of HOOK_EVENTS) {
    const matchers = (hooks as Record<string, HooksConfig['stop']> | null)?.[hookEventField(event)] ?? [];
    if (matchers.length === 0) continue;
    out[event] = matchers.map((matcher) => ({
      matcher: matcher.matcher,
      hooks: matcher.hooks.map((hook) =>
        hook.type === 'command' ? `command: ${hook.command}` : `${hook.type}: ${hook.prompt ?? hook.name ?? ''}`,
      ),
    }));
  }
  return out;
}

function serverLines(servers: Record<string, unknown>): PluginReport['toolServers'] {
  return Object.entries(servers).map(([name, value]) => {
    const server = value as { type?: string; transport?: string | null; command?: string; args?: string[]; url?: string };
    if (server.command !== undefined) return { name, type: 'stdio', target: [server.command, ...(server.args ?? [])].join(' ') };
    return { name, type: server.type ?? server.transport ?? 'http', target: redactSourceCredentials(server.url ?? '') };
  });
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** Why the service sees this layout, and what the other version makes of the folder. */
function layoutReason(result: PluginDirectory, other: PluginDirectory | undefined): string {
  const folder = basename(result.directory);
  const otherName = other?.ok ? `"${other.name}"` : 'nothing (it rejects it)';
  if (result.layout === 'agent-plugins') {
    return `root plugin.json: an Agent Plugins 1.0.0 package, read by 1.49 and later; 1.43 and earlier ignore it and load the folder as a legacy plugin named ${otherName}`;
  }
  if (result.layout === null) return 'not a folder';
  const manifest = result.manifestFile ? relative(result.directory, result.manifestFile) : undefined;
  const legacy = manifest
    ? `legacy layout: ${manifest}${manifest.startsWith('.plugin') ? ' (read before .claude-plugin/)' : ''}`
    : `legacy layout without a manifest: the service names the plugin after its folder "${result.ok ? result.name : folder}"`;
  if (result.service === '1.43' && isFile(join(result.directory, 'plugin.json'))) {
    return `${legacy}; the root plugin.json is ignored before 1.49 (1.49 and later read it as an Agent Plugins package and load ${otherName})`;
  }
  return legacy;
}

/** Loads a plugin folder as `service` does (and as the other version does, when their layouts differ) and reports it. */
export async function inspectPluginFolder(directory: string, service: PluginServiceVersion, root?: string): Promise<PluginReport> {
  const options = root === undefined ? {} : { root };
  const result = await loadPluginDirectory(directory, { service, ...options });
  const hasRoot = isFile(join(directory, 'plugin.json'));
  const other = hasRoot ? await loadPluginDirectory(directory, { service: service === '1.49' ? '1.43' : '1.49', ...options }) : undefined;
  const base = {
    directory,
    service,
    loaded: result.ok,
    layout: result.layout,
    layoutReason: layoutReason(result, other),
    manifestFile: result.manifestFile,
    problems: countProblems(result.diagnostics),
  };
  if (!result.ok) {
    const errors = result.diagnostics.filter((item) => item.severity === 'error');
    const empty = { skills: [], commands: [], agents: [], hooks: {}, toolServers: [], launchMessage: null };
    return { ...base, failure: result.failure, name: null, ...empty, errors };
  }
  return {
    ...base,
    failure: null,
    name: result.name,
    skills: result.skills.map(reportSkill),
    commands: result.commands.map((command) => ({ name: command.name, trigger: command.trigger, description: command.description })),
    agents: result.agents.map((agent) => ({ name: agent.name, description: agent.description })),
    hooks: hookLines(result.hooks),
    toolServers: serverLines(result.mcpServers),
    launchMessage: result.launchMessage,
    errors: [],
  };
}
