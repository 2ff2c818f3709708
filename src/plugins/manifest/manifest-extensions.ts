/**
 * The `extensions` field of an Agent Plugins manifest and the service's own namespace,
 * `dev.openhands`, whose `entry_command` names the command a plugin launches with.
 * @module
 */

import { copyObject, hasOwn, isJsonObject, type JsonCheckContext, jsonTypeOf, report, setOwn } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import {
  MANIFEST_ENTRY_COMMAND_INVALID,
  MANIFEST_EXTENSION_NOT_OBJECT,
  MANIFEST_EXTENSION_UNUSED,
  MANIFEST_EXTENSIONS_NOT_OBJECT,
  MANIFEST_OPENHANDS_EXTENSION_IGNORED,
} from './manifest-rules';

/** The service's client-extension namespace: the `extensions` key and the top-level folder of its hooks, agents and commands. */
export const OPENHANDS_NAMESPACE = 'dev.openhands';

/**
 * Checks `extensions`: a non-object field is reported and left out; a namespace whose value is not
 * an object is an error (it rejects the plugin); `dev.openhands` is checked as the service reads it;
 * other namespaces are noted and passed through unvalidated. Returns the extensions that load.
 */
export function checkManifestExtensions(
  context: JsonCheckContext,
  data: Record<string, unknown>,
): Record<string, Record<string, unknown>> | undefined {
  if (!hasOwn(data, 'extensions')) return undefined;
  const written = data.extensions;
  if (!isJsonObject(written)) {
    report(
      context,
      MANIFEST_EXTENSIONS_NOT_OBJECT,
      ['extensions'],
      'value',
      `"extensions" is ${jsonTypeOf(written)}, not an object; the service reports it, ignores the whole field and loads the plugin without extension data.`,
    );
    return undefined;
  }
  const extensions: Record<string, Record<string, unknown>> = {};
  for (const namespace of Object.keys(written)) {
    const value = written[namespace];
    if (!isJsonObject(value)) {
      report(
        context,
        MANIFEST_EXTENSION_NOT_OBJECT,
        ['extensions', namespace],
        'value',
        `extensions["${namespace}"] is ${jsonTypeOf(value)}, not an object; the service rejects the plugin.`,
      );
      continue;
    }
    if (namespace === OPENHANDS_NAMESPACE) checkOpenHandsExtension(context, value);
    else {
      report(
        context,
        MANIFEST_EXTENSION_UNUSED,
        ['extensions', namespace],
        'key',
        `The service does not implement the namespace "${namespace}" and ignores it without validating it.`,
      );
    }
    setOwn(extensions, namespace, copyObject(value));
  }
  return extensions;
}

function checkOpenHandsExtension(context: JsonCheckContext, extension: Record<string, unknown>): void {
  const base = ['extensions', OPENHANDS_NAMESPACE];
  for (const key of Object.keys(extension)) {
    const path = [...base, key];
    if (key !== 'entry_command') {
      report(
        context,
        MANIFEST_OPENHANDS_EXTENSION_IGNORED,
        path,
        'key',
        `The service reads only "entry_command" from extensions["${OPENHANDS_NAMESPACE}"]; it ignores "${key}".`,
      );
      continue;
    }
    const value = extension[key];
    if (value === null) continue;
    if (typeof value !== 'string' || value === '') {
      const what = typeof value === 'string' ? 'an empty string' : jsonTypeOf(value);
      report(
        context,
        MANIFEST_OPENHANDS_EXTENSION_IGNORED,
        path,
        'value',
        `entry_command is ${what}; the service ignores it and launches the plugin without an entry command.`,
        { hint: 'Write the command name as a non-empty string: "entry_command": "run".' },
      );
      continue;
    }
    checkEntryCommand(context, path, value);
  }
}

/** Warns about an `entry_command` that cannot form the `/<plugin>:<command>` launch message. */
export function checkEntryCommand(context: JsonCheckContext, path: JsonPath, command: string): void {
  if (command.startsWith('/')) {
    report(
      context,
      MANIFEST_ENTRY_COMMAND_INVALID,
      path,
      'value',
      `entry_command "${command}" starts with "/"; the service launches "/<plugin>:${command}", which triggers no command.`,
      { hint: `Write it without the slash: "${command.replace(/^\/+/, '')}".` },
    );
  } else if (/\s/.test(command)) {
    report(
      context,
      MANIFEST_ENTRY_COMMAND_INVALID,
      path,
      'value',
      `entry_command "${command}" has whitespace; the service launches "/<plugin>:${command}", whose first word is not a command name.`,
    );
  }
}

/** The entry command the service reads from an Agent Plugins manifest (`extensions["dev.openhands"].entry_command`), if it uses one. */
export function pluginEntryCommand(manifest: { extensions?: Record<string, Record<string, unknown>> }): string | undefined {
  const extension = manifest.extensions?.[OPENHANDS_NAMESPACE];
  if (!extension || !hasOwn(extension, 'entry_command')) return undefined;
  const command = extension.entry_command;
  return typeof command === 'string' && command !== '' ? command : undefined;
}
