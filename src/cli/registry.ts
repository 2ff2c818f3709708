/**
 * Every `agentwire` command, in the order `--help` lists them.
 * @module
 */
import type { Command } from './command';
import { conversations } from './commands/conversations';
import { eventsList } from './commands/events-list';
import { eventsTail } from './commands/events-tail';
import { eventsValidate } from './commands/events-validate';
import { initPlugin } from './commands/init-plugin';
import { initSkill } from './commands/init-skill';
import { launchLinkCreate } from './commands/launch-link-create';
import { launchLinkInspect } from './commands/launch-link-inspect';
import { pluginsInspect } from './commands/plugins-inspect';
import { rules } from './commands/rules';
import { serve } from './commands/serve';
import { skillsList } from './commands/skills-list';
import { validate } from './commands/validate';

/** The registered commands. */
export const COMMANDS: readonly Command[] = [
  validate,
  rules,
  initSkill,
  initPlugin,
  launchLinkCreate,
  launchLinkInspect,
  skillsList,
  pluginsInspect,
  serve,
  conversations,
  eventsList,
  eventsTail,
  eventsValidate,
];

/** Finds the command whose name matches the start of `argv`; returns it and the remaining arguments. */
export function findCommand(argv: readonly string[]): { command: Command; rest: string[] } | undefined {
  let best: { command: Command; rest: string[] } | undefined;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((word, at) => argv[at] === word) && (!best || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}
