/**
 * Every `agentwire` command, in the order `--help` lists them. A command's module is imported only
 * when that command runs or prints its help: a run loads what it uses and not what the other
 * commands use (the event schemas, the stores, the HTTP client, the viewer).
 * @module
 */
import type { CommandEntry } from './command';

/** The registered commands. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'check skill, plugin and marketplace repositories (for CI)',
    load: async () => (await import('./commands/validate')).validate,
  },
  {
    name: 'rules',
    summary: 'list the rules of agentwire validate, or explain one',
    load: async () => (await import('./commands/rules')).rules,
  },
  {
    name: 'init skill',
    summary: 'write a new skill folder that validates clean',
    load: async () => (await import('./commands/init-skill')).initSkill,
  },
  {
    name: 'init plugin',
    summary: 'write a new plugin folder that validates clean',
    load: async () => (await import('./commands/init-plugin')).initPlugin,
  },
  {
    name: 'launch-link create',
    summary: 'print a launch link for plugins, parameters and a first message',
    load: async () => (await import('./commands/launch-link-create')).launchLinkCreate,
  },
  {
    name: 'launch-link inspect',
    summary: 'print what a launch link carries, or why it does not open',
    load: async () => (await import('./commands/launch-link-inspect')).launchLinkInspect,
  },
  {
    name: 'skills list',
    summary: 'print the resolved skills of a project and its configuration repositories',
    load: async () => (await import('./commands/skills-list')).skillsList,
  },
  {
    name: 'plugins inspect',
    summary: 'print what a conversation gets from a plugin folder or a marketplace',
    load: async () => (await import('./commands/plugins-inspect')).pluginsInspect,
  },
  {
    name: 'serve',
    summary: 'receive the event webhook and store every event durably',
    load: async () => (await import('./commands/serve')).serve,
  },
  {
    name: 'conversations',
    summary: 'list the conversations agentwire serve stored',
    load: async () => (await import('./commands/conversations')).conversations,
  },
  {
    name: 'events list',
    summary: 'print the events stored for a conversation',
    load: async () => (await import('./commands/events-list')).eventsList,
  },
  {
    name: 'events tail',
    summary: 'print events as they are stored, until stopped',
    load: async () => (await import('./commands/events-tail')).eventsTail,
  },
  {
    name: 'events validate',
    summary: 'check a webhook body or JSON Lines file of events',
    load: async () => (await import('./commands/events-validate')).eventsValidate,
  },
];

/** Finds the command whose name matches the start of `argv`; returns it and the remaining arguments. */
export function findCommand(argv: readonly string[]): { command: CommandEntry; rest: string[] } | undefined {
  let best: { command: CommandEntry; rest: string[] } | undefined;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((word, at) => argv[at] === word) && (!best || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}
