/**
 * The text output of `agentwire plugins inspect`: a plugin folder or a marketplace, as a
 * conversation gets it, for a terminal or a log.
 * @module
 */
import { isAbsolute, relative } from 'node:path';
import { redactSourceCredentials } from '../plugins/index';
import type { Styles } from './color';
import { AUTO_LOADED, type MarketplacePluginReport, type MarketplaceReport } from './marketplace-report';
import type { PluginReport, ProblemCount, ReportedSkill } from './plugin-report';
import { diagnosticLines, plural, printable } from './report-text';

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const firstLine = (text: string | null) => cut((text ?? '').trim().split(/\r?\n/)[0] ?? '', 80);

/** A path relative to `cwd` when it is inside it. */
export function showPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** `2 errors, 1 warning (run agentwire validate for details)`, or `none`. */
function problemText(problems: ProblemCount): string {
  const parts = [
    problems.errors && plural(problems.errors, 'error'),
    problems.warnings && plural(problems.warnings, 'warning'),
    problems.infos && plural(problems.infos, 'note'),
  ].filter(Boolean);
  return parts.length === 0 ? 'none' : `${parts.join(', ')} (run agentwire validate for details)`;
}

function triggerText(skill: ReportedSkill): string {
  return skill.trigger.kind === 'none' ? 'none' : `${skill.trigger.kind}: ${skill.trigger.keywords.join(', ')}`;
}

/** Rows of two or three columns, the first ones padded. */
function table(rows: string[][], indent: string): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    `${indent}${row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column] as number) : cell)).join('  ')}`.trimEnd(),
  );
}

function section(title: string, rows: string[][], indent: string): string[] {
  if (rows.length === 0) return [`${indent}${title}: none`];
  return [`${indent}${title} (${rows.length}):`, ...table(rows, `${indent}  `)];
}

/** What the plugin gives, line by line, under `indent`. */
function pluginBody(report: PluginReport, styles: Styles, cwd: string, indent: string): string[] {
  const lines = [`${indent}layout: ${printable(report.layoutReason)}`];
  if (!report.loaded) {
    lines.push(`${indent}${styles.red(`the service loads nothing (${report.failure})`)}:`);
    for (const error of report.errors)
      lines.push(...diagnosticLines(error, styles, `${indent}  `, `${showPath(error.file, cwd)}:${error.line}:${error.column}`));
    return lines;
  }
  const skill = (item: ReportedSkill) => [
    printable(cut(item.name, 40)),
    printable(cut(triggerText(item), 40)),
    printable(firstLine(item.description)),
  ];
  lines.push(...section('skills', report.skills.map(skill), indent));
  lines.push(
    ...section(
      'commands',
      report.commands.map((command) => [printable(command.trigger), printable(firstLine(command.description))]),
      indent,
    ),
  );
  lines.push(
    ...section(
      'agents',
      report.agents.map((agent) => [printable(agent.name), printable(firstLine(agent.description))]),
      indent,
    ),
  );
  const hooks = Object.entries(report.hooks).flatMap(([event, matchers]) =>
    matchers.flatMap((matcher) =>
      matcher.hooks.map((hook) => [event, `matcher ${printable(JSON.stringify(matcher.matcher))}`, printable(cut(hook, 80))]),
    ),
  );
  lines.push(...section('hooks', hooks, indent));
  lines.push(
    ...section(
      'tool servers',
      report.toolServers.map((server) => [printable(server.name), `${server.type}: ${printable(cut(server.target, 80))}`]),
      indent,
    ),
  );
  lines.push(`${indent}launch message: ${report.launchMessage === null ? 'none' : printable(report.launchMessage)}`);
  lines.push(`${indent}problems: ${problemText(report.problems)}`);
  return lines;
}

/** The report of one plugin folder. */
export function formatPluginReport(report: PluginReport, styles: Styles, cwd: string): string {
  const name = report.name === null ? '' : ` ${styles.bold(printable(report.name))}`;
  const head = `plugin${name} in ${printable(showPath(report.directory, cwd))}, as the service ${report.service} loads it`;
  return `${[head, ...pluginBody(report, styles, cwd, '  ')].join('\n')}\n`;
}

function referenceText(reference: { source: string; ref?: string | null; repo_path?: string | null }): string {
  const ref = reference.ref ? ` @ ${reference.ref}` : '';
  const path = reference.repo_path ? ` : ${reference.repo_path}` : '';
  return printable(`${redactSourceCredentials(reference.source)}${ref}${path}`);
}

function entryLines(entry: MarketplacePluginReport, index: number, styles: Styles, cwd: string): string[] {
  const lines = [`  ${index + 1}. ${styles.bold(printable(entry.name))}  [${printable(entry.sourceKind)}] ${printable(entry.source)}`];
  const pad = '     ';
  if (!entry.service.ok) lines.push(`${pad}service: ${styles.red('cannot load it')}: ${printable(entry.service.message)}`);
  else if (entry.service.opens !== null) lines.push(`${pad}service: opens ${printable(showPath(entry.service.opens, cwd))}`);
  else lines.push(`${pad}service: fetches ${referenceText(entry.service.reference)}`);
  if (entry.differs) {
    const other = entry.correct.ok
      ? entry.correct.folder !== null
        ? `the folder ${showPath(entry.correct.folder, cwd)}`
        : referenceText(entry.correct.reference)
      : `nothing: ${entry.correct.message}`;
    lines.push(`${pad}${styles.yellow('differs')}: read correctly, the entry names ${printable(other)}`);
  }
  if (entry.note) lines.push(`${pad}${printable(entry.note)}`);
  if (entry.plugin) {
    const name = entry.plugin.name === null ? '' : ` "${printable(entry.plugin.name)}"`;
    lines.push(`${pad}gives the plugin${name}:`, ...pluginBody(entry.plugin, styles, cwd, `${pad}  `));
  }
  lines.push(`${pad}Auto-Load: ${printable(entry.autoLoad)}`);
  return lines;
}

/** The report of a marketplace and everything it lists. */
export function formatMarketplaceReport(report: MarketplaceReport, styles: Styles, cwd: string, trustPrompt: boolean): string {
  const file = printable(showPath(report.file, cwd));
  if (!report.loaded) {
    const lines = [`marketplace ${file}: ${styles.red('the service rejects the file')}`];
    for (const error of report.errors) lines.push(...diagnosticLines(error, styles, '  ', `${error.line}:${error.column}`));
    return `${lines.join('\n')}\n`;
  }
  const owner = report.owner === null ? '' : ` (owner ${printable(report.owner)})`;
  const lines = [
    `marketplace ${styles.bold(printable(report.name ?? ''))}${owner} in ${file}, as the service ${report.service} loads it`,
    `  ${plural(report.plugins.length, 'plugin')}, ${plural(report.skills.length, 'standalone skill')}; relative sources resolve against ${printable(showPath(report.root, cwd))}`,
  ];
  if (report.description) lines.push(`  ${printable(firstLine(report.description))}`);
  if (report.plugins.length > 0)
    lines.push('', 'plugins:', ...report.plugins.flatMap((entry, index) => entryLines(entry, index, styles, cwd)));
  if (report.skills.length > 0) {
    lines.push('', 'standalone skills:');
    for (const skill of report.skills) {
      const what = skill.skill ? `${triggerText(skill.skill)}  ${firstLine(skill.skill.description)}` : (skill.note ?? '');
      lines.push(
        `  ${styles.bold(printable(skill.name))}  ${printable(skill.source)} -> ${printable(showPath(skill.location, cwd))}: ${printable(what)}`,
      );
      if (skill.problems.errors + skill.problems.warnings > 0) lines.push(`    problems: ${problemText(skill.problems)}`);
    }
  }
  const autoLoaded = report.plugins.filter((entry) => entry.autoLoad === AUTO_LOADED).map((entry) => printable(entry.name));
  const example = report.plugins[0]
    ? `${printable(report.plugins[0].name)}@${printable(report.name ?? '')}`
    : `<plugin>@${printable(report.name ?? '')}`;
  lines.push(
    '',
    'How the plugins reach a conversation:',
    `  registered with Auto-Load: every new conversation in its scope gets ${autoLoaded.length === 0 ? 'none of them' : autoLoaded.join(', ')}, without a trust prompt`,
    `  registered without Auto-Load: none until one is attached by name (${example}) or a launch link, ${trustPrompt ? 'which asks the user to confirm trust' : 'without a trust prompt'}`,
    '',
    `problems in the marketplace file: ${problemText(report.problems)}`,
  );
  return `${lines.join('\n')}\n`;
}
