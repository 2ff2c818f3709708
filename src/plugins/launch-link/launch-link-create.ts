/**
 * Building a launch link, byte for byte as the app's own encoder builds it.
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';
import { bytesToBase64 } from '../../internal/base64';
import type { Diagnostic } from '../../internal/diagnostic';
import type { PluginSpec } from '../plugin-reference';
import { checkLaunchMessage } from './launch-link-message';
import { fieldProblem, jsonProblem, KEYS, unknownKeys } from './launch-link-payload';
import { addNote, LAUNCH_LINK_MAX_DEPTH, LAUNCH_LINK_MAX_LENGTH } from './launch-link-rules';

/** Why {@link createLaunchLink} refused its input. */
export type LaunchLinkErrorCode = 'invalid-app-url' | 'no-plugins' | 'invalid-plugin' | 'invalid-parameters' | 'invalid-message';

/** A programmer error in the input of {@link createLaunchLink}. */
export class LaunchLinkError extends AgentwireError {
  override readonly name = 'LaunchLinkError';
  /** What was wrong, as a stable code. */
  declare readonly code: LaunchLinkErrorCode;
  constructor(code: LaunchLinkErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** What {@link createLaunchLink} takes. */
export interface CreateLaunchLinkOptions {
  /** The app's address, such as `https://app.example.com` or `https://example.com/app/` (a path prefix is kept). */
  appUrl: string | URL;
  /** At least one plugin. Keys other than `source`, `ref`, `repo_path` and `parameters` are left out, with a warning. */
  plugins: readonly PluginSpec[];
  /** The first message, prefilled in the app (which removes `<…>` and keeps 500 UTF-16 units). */
  message?: string | undefined;
}

/** A launch link. `String(link)` and template literals give its URL. */
export interface LaunchLink {
  /** `{app_url}/launch?plugins=<value>[&message=<text>]`. */
  url: string;
  /** The URL's length in characters (browsers and proxies may cut links past 8,000). */
  length: number;
  /** The `plugins` value before percent-encoding: standard base64, with padding, of the UTF-8 JSON. */
  payload: string;
  /** Findings that do not stop the link, as short warnings at a column of `url`: too long, keys the app drops, a message the app changes (`launchLinkDiagnostics` words them in full). */
  warnings: Diagnostic[];
  /** The URL. */
  toString(): string;
}

function fail(code: LaunchLinkErrorCode, message: string): never {
  throw new LaunchLinkError(code, message);
}

function launchBase(appUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(String(appUrl));
  } catch {
    // Refused below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    fail('invalid-app-url', 'appUrl must be an absolute http(s) URL without credentials, query or fragment.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/launch`;
}

/** The plugin as it goes into the link: its known keys, in the app's order, those left undefined omitted. */
function cleanPlugin(plugin: PluginSpec, index: number, warnings: Diagnostic[]): PluginSpec {
  const at = `plugins[${index}]`;
  if (!plugin || typeof plugin !== 'object' || typeof plugin.source !== 'string' || !plugin.source) {
    fail('invalid-plugin', `${at} needs a non-empty string source.`);
  }
  const clean: PluginSpec = { source: plugin.source };
  for (const key of KEYS) {
    const value = plugin[key];
    const problem = fieldProblem(at, key, value);
    if (problem) fail(key === 'parameters' ? 'invalid-parameters' : 'invalid-plugin', `${problem}.`);
    if (value !== undefined) clean[key] = value as never;
  }
  unknownKeys(plugin, at, 1, warnings);
  return clean;
}

/**
 * Builds `{app_url}/launch?plugins=<value>&message=<text>`, where the value is the JSON array of
 * plugins, UTF-8 encoded, in standard base64 with padding, percent-encoded as `URLSearchParams`
 * does (`+`, `/`, `=` escaped), exactly as the app's own encoder makes it. The app URL keeps its
 * path prefix; a trailing slash does not matter. `message` is encoded the same way (a space as
 * `+`) and left out when empty.
 *
 * Returns the link with `warnings`, diagnostics (longer than 8,000 characters, keys the app drops, a message
 * the app changes). Throws {@link LaunchLinkError} for input that cannot make a link: no plugins,
 * an element without a string `source`, a `ref`/`repo_path` that is not a string or null,
 * parameters that are not plain JSON, an `appUrl` that is not an absolute http(s) URL.
 */
export function createLaunchLink(options: CreateLaunchLinkOptions): LaunchLink {
  const { appUrl, plugins, message } = options;
  const base = launchBase(appUrl);
  if (!Array.isArray(plugins) || plugins.length === 0) fail('no-plugins', 'plugins must be a non-empty array.');
  if (message !== undefined && typeof message !== 'string') fail('invalid-message', 'message must be a string.');
  const warnings: Diagnostic[] = [];
  const clean = plugins.map((plugin, index) => cleanPlugin(plugin, index, warnings));
  let json = '';
  try {
    json = JSON.stringify(clean);
  } catch (error) {
    fail('invalid-parameters', `The plugins cannot be written as JSON (${(error as Error).message}).`);
  }
  clean.forEach((plugin, index) => {
    const problem = jsonProblem(plugin.parameters ?? null, LAUNCH_LINK_MAX_DEPTH);
    if (problem) fail('invalid-parameters', `plugins[${index}].parameters ${problem}.`);
  });
  const payload = bytesToBase64(new TextEncoder().encode(json));
  const query = new URLSearchParams({ plugins: payload });
  if (message) query.set('message', message);
  const url = `${base}?${query}`;
  if (message) checkLaunchMessage(message, url.indexOf('&message=') + 10, warnings);
  if (url.length > LAUNCH_LINK_MAX_LENGTH) {
    addNote(warnings, 'launch-link-too-long', LAUNCH_LINK_MAX_LENGTH + 1, `the link is ${url.length} characters long`, 'warning');
  }
  return { url, length: url.length, payload, warnings, toString: () => url };
}
