/**
 * `agentwire plugins inspect <dir|marketplace>`: what a conversation gets from a plugin folder or
 * a marketplace, and why.
 * @module
 */
import { resolve } from 'node:path';
import { nodeFileSystem } from '../../internal/node/file-system';
import { parseCommandArgs } from '../args';
import { createStyles } from '../color';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { explicitLaunchNeedsTrust, findMarketplaceFile, inspectMarketplace, type MarketplaceReport } from '../marketplace-report';
import { inspectPluginFolder, type PluginReport } from '../plugin-report';
import { formatMarketplaceReport, formatPluginReport } from '../plugins-inspect-text';
import { printable, readFormat } from '../report-text';

const USAGE = `Usage: agentwire plugins inspect <dir|marketplace> [--service 1.49|1.43] [--format text|json]

Prints what a conversation gets from a plugin folder or a marketplace, and why.

A plugin folder: the layout the service sees and why (a root plugin.json is an Agent Plugins
package from 1.49; .plugin/plugin.json, then .claude-plugin/plugin.json, or no manifest at all, is
the legacy layout), the plugin's name, its skills, its commands (as /<plugin>:<command>), agents,
hooks by event, tool servers, the launch message, and the problems found, counted.

A marketplace (a folder holding .plugin/marketplace.json or .claude-plugin/marketplace.json, or the
file itself): every plugin entry with its source kind, what the service resolves and whether it can
load it, what each plugin folder inside the marketplace's repository gives (read here; remote
sources are not fetched), the standalone skills, and how the plugins reach a conversation:
Auto-Load (no trust prompt) or an explicit launch (a trust prompt).

Options:
  --service 1.49|1.43  the service version whose plugin loader to follow (default 1.49: the first
                       that reads Agent Plugins packages)
  --format text|json   text (default), or one JSON document: { kind: "plugin" | "marketplace", … }
  -h, --help           show this help

Problems are only counted: agentwire validate reports each one with its file, line and fix.

Exit codes: 0 everything loads without errors, 1 the service rejects or drops something (a
manifest, a marketplace, an entry it cannot load, a skill), 2 bad usage.
`;

/** Whether a report holds anything the service rejects or drops. */
function failed(report: PluginReport | MarketplaceReport): boolean {
  if (!report.loaded || report.problems.errors > 0) return true;
  if (!('root' in report)) return false;
  return (
    report.plugins.some((entry) => !entry.canLoad || (entry.plugin !== null && failed(entry.plugin))) ||
    report.skills.some((skill) => skill.problems.errors > 0)
  );
}

/** The `plugins inspect` command. */
export const pluginsInspect: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, { service: { type: 'string' }, format: { type: 'string' } }, USAGE);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = readFormat(values.format);
    const service = values.service ?? '1.49';
    if (service !== '1.49' && service !== '1.43') throw new UsageError(`--service must be 1.49 or 1.43, not ${printable(service, 80)}`);
    if (positionals.length !== 1) throw new UsageError(`expected one plugin folder or marketplace\n\n${USAGE}`);
    const given = positionals[0] as string;
    const path = resolve(io.cwd, given);
    const kind = (await nodeFileSystem.kind(path))?.kind;
    if (kind !== 'file' && kind !== 'directory') throw new UsageError(`cannot read ${given}: no such file or folder`);
    const marketplaceFile = kind === 'file' ? path : await findMarketplaceFile(path);
    const styles = createStyles(io.colorOutput === true);
    let report: PluginReport | MarketplaceReport;
    let text: string;
    if (marketplaceFile !== undefined) {
      io.progress?.(`reading ${given}`);
      const marketplace = await inspectMarketplace(marketplaceFile, service);
      io.progress?.('');
      report = marketplace;
      text = format === 'json' ? '' : formatMarketplaceReport(marketplace, styles, io.cwd, explicitLaunchNeedsTrust());
      if (format === 'json') io.out(`${JSON.stringify({ kind: 'marketplace', ...marketplace }, null, 2)}\n`);
    } else {
      const plugin = await inspectPluginFolder(path, service);
      report = plugin;
      text = format === 'json' ? '' : formatPluginReport(plugin, styles, io.cwd);
      if (format === 'json') io.out(`${JSON.stringify({ kind: 'plugin', ...plugin }, null, 2)}\n`);
    }
    if (format === 'text') io.out(text);
    return failed(report) ? 1 : 0;
  },
};
