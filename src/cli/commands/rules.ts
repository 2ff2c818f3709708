/**
 * `agentwire rules [rule]`: the rules `agentwire validate` reports, as a list, or one rule's page
 * in the terminal (what it finds, what the service does, how to fix it, an example).
 * @module
 */
import { suggest } from '../../internal/did-you-mean';
import { type CatalogRule, PROFILES, type Profile, ruleCatalog } from '../../validate/index';
import { parseCommandArgs } from '../args';
import { createStyles, type Styles } from '../color';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { printable, readFormat, severityLabel } from '../report-text';
import { formatRulePage, ruleOrUsageError } from '../rule-page';

const USAGE = `Usage: agentwire rules [rule] [options]

Without a rule, lists every rule agentwire validate can report: its code, default severity, the
profiles that raise it, and what it finds. With a rule code, prints that rule's page: what it
finds, what happens in the service, how to fix it, an example, and how to turn it off.

Options:
  --profile <name>   only the rules this profile raises (${PROFILES.join(', ')}); repeatable
  --format <format>  text (default) or json (the rules as a JSON array)
  -h, --help         show this help

Exit codes: 0 printed, 2 bad usage or a rule code that does not exist.
`;

/** The rules as a table: code, severity, profiles, title. */
function formatRuleList(rules: readonly CatalogRule[], styles: Styles): string {
  const codeWidth = Math.max(4, ...rules.map((rule) => rule.code.length));
  const profileWidth = Math.max(8, ...rules.map((rule) => rule.profiles.join(',').length));
  const lines = [styles.bold(`${'CODE'.padEnd(codeWidth)}  SEVERITY  ${'PROFILES'.padEnd(profileWidth)}  WHAT IT FINDS`)];
  for (const rule of rules)
    lines.push(
      `${rule.code.padEnd(codeWidth)}  ${severityLabel(rule.severity, styles)}   ${rule.profiles.join(',').padEnd(profileWidth)}  ${rule.title}`,
    );
  lines.push('', `${rules.length} rules; agentwire rules <code> explains one.`);
  return `${lines.join('\n')}\n`;
}

/** The `rules` command. */
export const rules: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      argv,
      { profile: { type: 'string', multiple: true }, format: { type: 'string' } },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = readFormat(values.format);
    if (positionals.length > 1) throw new UsageError(`expected at most one rule code\n\n${USAGE}`);
    const styles = createStyles(io.colorOutput === true);
    if (positionals[0] !== undefined) {
      const rule = ruleOrUsageError(positionals[0]);
      io.out(format === 'json' ? `${JSON.stringify(rule, null, 2)}\n` : formatRulePage(rule, styles));
      return 0;
    }
    const profiles = (values.profile ?? []).map((name) => {
      if ((PROFILES as readonly string[]).includes(name)) return name as Profile;
      const close = suggest(name, PROFILES);
      throw new UsageError(
        `--profile must be one of ${PROFILES.join(', ')}, not ${printable(name, 80)}${close ? ` (did you mean ${close}?)` : ''}`,
      );
    });
    const listed = ruleCatalog().filter((rule) => profiles.length === 0 || rule.profiles.some((profile) => profiles.includes(profile)));
    io.out(format === 'json' ? `${JSON.stringify(listed, null, 2)}\n` : formatRuleList(listed, styles));
    return 0;
  },
};
