/**
 * The "Plugin Configuration Parameters" block the server appends to the first message of a
 * conversation started with plugin parameters (a launch link, the app's conversation API).
 * @module
 */
import { pythonStr } from '../../internal/python/repr';
import type { PluginParameterValue, PluginSpec } from '../plugin-reference';

const HEADING = '\n\nPlugin Configuration Parameters:\n';

/** Python truthiness of `parameters` as the server holds them (a dict): a plain object with at least one key. */
function hasParameters(parameters: unknown): parameters is Record<string, PluginParameterValue> {
  return parameters !== null && typeof parameters === 'object' && !Array.isArray(parameters) && Object.keys(parameters).length > 0;
}

/** The text after the last `/` of the source (all of it when there is none): `github:o/r` → `r`. */
export function pluginDisplayName(source: string): string {
  return source.slice(source.lastIndexOf('/') + 1);
}

function lines(parameters: Record<string, PluginParameterValue>, indent: string): string {
  return Object.entries(parameters)
    .map(([key, value]) => `${indent}- ${key}: ${pythonStr(value)}`)
    .join('\n');
}

/**
 * The block the server appends to the last text of the first message (or sends as the message,
 * trimmed, when there is none), byte for byte: only plugins whose `parameters` hold at least one
 * key count (`null`, absent and `{}` do not); for one such plugin, `- key: value` lines; for
 * several, each plugin's lines indented under its display name (the text after the last `/` of
 * `source`; `repo_path` plays no part). Values print as Python's `str()` does: `True`, `None`,
 * `{'a': 1}`; integral numbers as ints, as the JSON the app sends makes them. Keys keep the
 * object's order, which is the order the app sends. Gives `''` when no plugin has parameters.
 */
export function formatPluginParameters(plugins: readonly PluginSpec[]): string {
  const withParameters = plugins.filter((plugin) => hasParameters(plugin.parameters));
  const [only] = withParameters;
  if (!only) return '';
  if (withParameters.length === 1) return HEADING + lines(only.parameters as Record<string, PluginParameterValue>, '');
  return (
    HEADING +
    withParameters
      .map((plugin) => `${pluginDisplayName(plugin.source)}:\n${lines(plugin.parameters as Record<string, PluginParameterValue>, '  ')}`)
      .join('\n')
  );
}
