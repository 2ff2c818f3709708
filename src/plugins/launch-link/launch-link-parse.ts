/**
 * Reading a launch link: the plugins and message the app takes from it, or the error it shows.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import { checkLaunchMessage, sanitizeLaunchMessage } from './launch-link-message';
import { decodeLaunchPayload, type LaunchPlugin, type UncheckedLaunchPlugin } from './launch-link-payload';
import { addNote, LAUNCH_LINK_MAX_LENGTH } from './launch-link-rules';

/** `service`: exactly what today's app does. `tolerant`: also repairs links met in the wild, and checks field types. */
export type LaunchLinkMode = 'service' | 'tolerant';

/** The errors the app shows for a link it cannot open. */
export type LaunchLinkFailureCode = 'invalid-format' | 'no-plugins';

/** What today's app answers for a link: `ok` when it opens it, or the error it shows. */
export type LaunchLinkAnswer = 'ok' | LaunchLinkFailureCode;

/** What {@link parseLaunchLink} takes besides the link. */
export interface ParseLaunchLinkOptions {
  /** `tolerant` unless `'service'`. */
  mode?: LaunchLinkMode;
}

/**
 * What a link opens with: its plugins, the message as the app keeps it (`undefined` when none),
 * and what today's app answers for the same link (`ok`, or its error code: it differs from `ok`
 * when the tolerant mode repaired the link).
 */
export interface LaunchLinkContent<P = LaunchPlugin> {
  plugins: P[];
  message: string | undefined;
  app: LaunchLinkAnswer;
}

/**
 * Why a link opens nothing: the error the app shows (`code`, from this mode's reading), what
 * today's app answers (`app`: `ok` when only the tolerant mode refuses a field type the app lets
 * through), and the diagnostics, errors first.
 */
export interface LaunchLinkFailure {
  ok: false;
  code: LaunchLinkFailureCode;
  app: LaunchLinkAnswer;
  diagnostics: Diagnostic[];
}

/**
 * The result of {@link parseLaunchLink}, the toolkit's one result shape (`ParseResult`) with the
 * app's error code on failure. The diagnostics are short, at line 1 and a column of the link
 * (`launchLinkDiagnostics` words them in full): on success the repairs and findings that did not
 * stop decoding (a `launch-link-dev-form` one says the plugin came from `plugin_source`); on
 * failure why the link opens nothing, then those.
 */
export type ParsedLaunchLink<P = LaunchPlugin> = { ok: true; value: LaunchLinkContent<P>; diagnostics: Diagnostic[] } | LaunchLinkFailure;

type Unchecked = ParsedLaunchLink<UncheckedLaunchPlugin>;

/** The query of a link and its path (when it has one). */
function split(link: string): { query: string; path?: string } {
  try {
    const url = new URL(link);
    return { query: url.search, path: url.pathname };
  } catch {
    // Not an absolute URL: a path and query, or a bare query.
  }
  const head = link.split('#', 1)[0] as string;
  const mark = head.indexOf('?');
  return mark < 0 ? { query: head } : { query: head.slice(mark + 1), path: head.slice(0, mark) };
}

/** The column where the value of query parameter `name` starts in `text` (1 when not found). */
function columnOf(text: string, name: string): number {
  const index = `&${text}`.search(new RegExp(`[?&]${name}=`));
  return index < 0 ? 1 : index + name.length + 2;
}

/** Reads `input` in one mode; `app` is today's app's answer when already known (the tolerant mode asks the service mode first). */
function decode(input: unknown, tolerant: boolean, app?: LaunchLinkAnswer): Unchecked {
  const notes: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const text = input instanceof URL ? input.href : input;
  let plugins: UncheckedLaunchPlugin[] | undefined;
  let message: string | null = null;
  if (typeof text !== 'string') addNote(errors, 'launch-link-invalid-payload', 1, 'the link is not a string or URL');
  else {
    const { query, path } = split(text);
    if (text.length > LAUNCH_LINK_MAX_LENGTH) {
      addNote(notes, 'launch-link-too-long', LAUNCH_LINK_MAX_LENGTH + 1, `the link is ${text.length} characters long`, 'warning');
    }
    if (path && !/\/launch\/?$/.test(path)) addNote(notes, 'launch-link-wrong-path', 1, 'the link does not open /launch', 'warning');
    const params = new URLSearchParams(query);
    const value = params.get('plugins');
    const source = params.get('plugin_source');
    if (source) {
      const why = value ? 'plugin_source is ignored' : 'the link uses plugin_source';
      addNote(notes, 'launch-link-dev-form', columnOf(text, 'plugin_source'), why, value ? 'warning' : 'info');
    }
    if (value) plugins = decodeLaunchPayload(value, tolerant, { notes, errors, column: columnOf(text, 'plugins') });
    else if (source)
      plugins = [{ source, ref: params.get('plugin_ref') ?? null, repo_path: params.get('plugin_repo_path') ?? null, parameters: null }];
    else addNote(errors, 'launch-link-no-plugins', 1, 'the link has no plugins value and no plugin_source');
    message = params.get('message');
    if (plugins && message) checkLaunchMessage(message, columnOf(text, 'message'), notes);
  }
  if (!plugins) {
    const code = errors[0]?.code === 'launch-link-no-plugins' ? 'no-plugins' : 'invalid-format';
    return { ok: false, code, app: app ?? code, diagnostics: [...errors, ...notes] };
  }
  return { ok: true, value: { plugins, message: sanitizeLaunchMessage(message), app: app ?? 'ok' }, diagnostics: notes };
}

/**
 * Reads a launch link: a full URL (`https://app.example.com/launch?plugins=…`), a path and query
 * (`/launch?plugins=…`), or a bare query (`plugins=…&message=…`, with or without the leading
 * `?`); a fragment is ignored. Gives `{ ok: true, value: { plugins, message, app }, diagnostics }`
 * with the plugins and message the app takes from it, or `{ ok: false, code, app, diagnostics }`
 * with the error the app shows (`invalid-format`, `no-plugins`); a short diagnostic for each
 * finding, worded in full by `launchLinkDiagnostics`.
 *
 * `mode: 'service'` reproduces today's app exactly: `atob`, UTF-8 decoded with U+FFFD for bad
 * bytes, elements kept as `{source, ref, repo_path, parameters}` without type checks.
 * `mode: 'tolerant'` (the default) also reads a raw `+`, base64url, wrong padding and Latin-1
 * payloads (and says so in `diagnostics`), and refuses elements whose `ref`, `repo_path` or
 * `parameters` have the wrong type. Never throws, whatever the input.
 */
export function parseLaunchLink(url: string | URL, options: { mode: 'service' }): ParsedLaunchLink<UncheckedLaunchPlugin>;
export function parseLaunchLink(url: string | URL, options?: { mode?: 'tolerant' }): ParsedLaunchLink<LaunchPlugin>;
export function parseLaunchLink(
  url: string | URL,
  options?: ParseLaunchLinkOptions,
): ParsedLaunchLink<LaunchPlugin> | ParsedLaunchLink<UncheckedLaunchPlugin>;
export function parseLaunchLink(
  url: string | URL,
  options?: ParseLaunchLinkOptions,
): ParsedLaunchLink<LaunchPlugin | UncheckedLaunchPlugin> {
  const service = decode(url, false);
  return options?.mode === 'service' ? service : decode(url, true, service.ok ? 'ok' : service.code);
}
