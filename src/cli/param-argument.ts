/**
 * The `--param PLUGIN.KEY=VALUE` argument of `agentwire launch-link create`: which `--plugin` it
 * belongs to, the key, and the value typed as the user means it.
 * @module
 */

import type { PluginParameterValue, PluginSpec } from '../plugins/index';
import { pluginDisplayName } from '../plugins/index';
import { UsageError } from './io';
import { printable } from './report-text';

/** The rules, as `--help` prints them. */
export const PARAM_ARGUMENT_HELP = `How --param PLUGIN.KEY=VALUE is read: PLUGIN names one of the --plugin options by the name
the service shows in the parameter block (the text after the last "/" of the source: "repo" for
github:owner/repo, "repo.git" for https://host/owner/repo.git), by the last folder of its
repository path, or by its position (1 for the first --plugin); the longest name that fits wins.
KEY runs to the first "=". VALUE true, false and null and JSON numbers are typed; a value in
double quotes ("\\"42\\"") is the text inside them; anything else is text as written.`;

/** The names a plugin can be called by in `--param`, each once. */
function namesOf(plugin: PluginSpec, index: number): string[] {
  const names = [pluginDisplayName(plugin.source), String(index + 1)];
  if (typeof plugin.repo_path === 'string') {
    const last = plugin.repo_path.replace(/\/+$/, '').split('/').pop();
    if (last) names.push(last);
  }
  return [...new Set(names.filter((name) => name !== ''))];
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A value as the user means it: `true`, `false`, `null`, numbers typed; `"…"` the text inside; the rest text. */
export function parseParamValue(text: string): PluginParameterValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const inner = JSON.parse(text) as unknown;
      if (typeof inner === 'string') return inner;
    } catch {
      // Not a JSON string: kept as written.
    }
  }
  return text;
}

function listPlugins(plugins: readonly PluginSpec[]): string {
  return plugins
    .map(
      (plugin, index) =>
        `  ${namesOf(plugin, index)
          .map((name) => printable(name, 80))
          .join(' | ')}`,
    )
    .join('\n');
}

/**
 * Adds each `--param` to the parameters of the plugin it names (in the order given, so the block
 * the service prints keeps that order). Throws a {@link UsageError} for a malformed argument, a
 * plugin name that fits none or several plugins, or a key given twice.
 */
export function applyParamArguments(plugins: PluginSpec[], params: readonly string[]): void {
  const seen = new Set<string>();
  for (const param of params) {
    let best: { name: string; indexes: number[] } | undefined;
    plugins.forEach((plugin, index) => {
      for (const name of namesOf(plugin, index)) {
        if (!param.startsWith(`${name}.`)) continue;
        if (!best || name.length > best.name.length) best = { name, indexes: [index] };
        else if (name.length === best.name.length && !best.indexes.includes(index)) best.indexes.push(index);
      }
    });
    const shown = printable(param, 200);
    if (!best) {
      throw new UsageError(
        `--param ${shown}: write PLUGIN.KEY=VALUE, where PLUGIN is one of the --plugin options, named by any of:\n${listPlugins(plugins)}`,
      );
    }
    if (best.indexes.length > 1) {
      throw new UsageError(
        `--param ${shown}: "${printable(best.name, 80)}" names ${best.indexes.length} plugins; use their position or repository folder:\n${listPlugins(plugins)}`,
      );
    }
    const rest = param.slice(best.name.length + 1);
    const equals = rest.indexOf('=');
    if (equals <= 0)
      throw new UsageError(`--param ${shown}: write ${printable(best.name, 80)}.KEY=VALUE (the key is empty or "=" is missing)`);
    const index = best.indexes[0] as number;
    const key = rest.slice(0, equals);
    if (seen.has(`${index}\u0000${key}`))
      throw new UsageError(`--param ${shown}: the key ${JSON.stringify(key)} of plugin ${index + 1} is given twice`);
    seen.add(`${index}\u0000${key}`);
    const plugin = plugins[index] as PluginSpec;
    // An own property even for `__proto__`: parameters are data.
    const parameters = plugin.parameters ?? {};
    Object.defineProperty(parameters, key, {
      value: parseParamValue(rest.slice(equals + 1)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    plugin.parameters = parameters;
  }
}
