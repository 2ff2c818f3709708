/**
 * `agentwire launch-link create`: makes a launch link, byte for byte as the app's own encoder
 * makes it, from `--plugin` and `--param` arguments.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import type { PluginSpec } from '../../plugins/index';
import { checkPluginReference, createLaunchLink, LaunchLinkError, launchLinkDiagnostics } from '../../plugins/index';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { applyParamArguments, PARAM_ARGUMENT_HELP } from '../param-argument';
import { PLUGIN_ARGUMENT_HELP, parsePluginArgument } from '../plugin-argument';
import { printable, readFormat } from '../report-text';

const USAGE = `Usage: agentwire launch-link create --app-url URL --plugin SOURCE[@REF][:PATH]... [options]

Prints a launch link that opens the app with the plugins ready to load (and a first message),
exactly as the app's own encoder makes it: {app_url}/launch?plugins=<value>&message=<text>.
Findings that do not stop the link (too long, a message the app changes, a source the service
reads as a local folder) go to standard error.

Options:
  --app-url URL               the app's address (http or https; a path prefix is kept)
  --plugin SOURCE[@REF][:PATH]  a plugin to load; repeat for several (at least one)
  --param PLUGIN.KEY=VALUE    a parameter the user may edit before launching; repeatable
  --message TEXT              the first message (the app removes <…> and keeps 500 characters)
  --format text|json          text (default): the link alone on one line;
                              json: { url, length, payload, warnings } (warnings are diagnostics;
                              url and payload are null when no link is made)
  -h, --help                  show this help

${PLUGIN_ARGUMENT_HELP}

${PARAM_ARGUMENT_HELP}

Examples:
  agentwire launch-link create --app-url https://app.example.com \\
    --plugin github:acme/agent-plugins@v1.2.0:plugins/city-weather \\
    --param city-weather.city=Zürich --param city-weather.days=3 --message "What is the weather?"
  agentwire launch-link create --app-url https://app.example.com --plugin git@gitlab.com:acme/tools.git@main

Exit codes: 0 the link is printed, 1 a plugin the service would refuse (nothing printed on
standard output), 2 bad usage.
`;

/** The checks of each plugin reference, named after its `--plugin` position. */
function checkReferences(plugins: readonly PluginSpec[]): Diagnostic[] {
  return plugins.flatMap((plugin, index) => checkPluginReference(plugin, { file: `--plugin ${index + 1}` }).diagnostics);
}

/** A finding for standard error: `warning: --plugin 2: <message> [code]`, then the hint. */
function noteText(item: Diagnostic): string {
  const where = item.file.startsWith('--plugin') ? `${item.file}: ` : '';
  const hint = item.hint === '' ? '' : `\n  ${printable(item.hint)}`;
  return `${item.severity}: ${where}${printable(item.message)} [${item.code}]${hint}\n`;
}

/** The `launch-link create` command. */
export const launchLinkCreate: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      argv,
      {
        'app-url': { type: 'string' },
        plugin: { type: 'string', multiple: true },
        param: { type: 'string', multiple: true },
        message: { type: 'string' },
        format: { type: 'string' },
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = readFormat(values.format);
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}\n\n${USAGE}`);
    if (values['app-url'] === undefined) throw new UsageError(`--app-url is required\n\n${USAGE}`);
    if (!values.plugin || values.plugin.length === 0) throw new UsageError(`at least one --plugin is required\n\n${USAGE}`);
    const plugins = values.plugin.map(parsePluginArgument);
    applyParamArguments(plugins, values.param ?? []);
    const checks = checkReferences(plugins);
    const errors = checks.filter((item) => item.severity === 'error');
    if (errors.length > 0) {
      if (format === 'json') io.out(`${JSON.stringify({ url: null, length: 0, payload: null, warnings: checks }, null, 2)}\n`);
      else for (const item of checks) io.err(noteText(item));
      io.err(`agentwire launch-link create: no link made: the service would refuse ${errors.length === 1 ? 'a plugin' : 'plugins'}\n`);
      return 1;
    }
    let link: ReturnType<typeof createLaunchLink>;
    try {
      link = createLaunchLink({ appUrl: values['app-url'], plugins, message: values.message });
    } catch (error) {
      if (error instanceof LaunchLinkError)
        throw new UsageError(`--${error.code === 'invalid-app-url' ? 'app-url' : 'plugin'}: ${error.message}`);
      throw error;
    }
    const warnings = [...checks, ...launchLinkDiagnostics(link.warnings)];
    if (format === 'json') {
      io.out(`${JSON.stringify({ url: link.url, length: link.length, payload: link.payload, warnings }, null, 2)}\n`);
      return 0;
    }
    io.out(`${link.url}\n`);
    for (const item of warnings) io.err(noteText(item));
    return 0;
  },
};
