/**
 * Reading a launch link: the plugins and message the app takes from it, or the error it shows.
 * @module
 */
import { checkLaunchMessage, sanitizeLaunchMessage } from './launch-link-message';
import { decodeLaunchPayload, type LaunchPlugin, type UncheckedLaunchPlugin } from './launch-link-payload';
import { addNote, LAUNCH_LINK_MAX_LENGTH, type LaunchLinkNote } from './launch-link-rules';

/** `service`: exactly what today's app does. `tolerant`: also repairs links met in the wild, and checks field types. */
export type LaunchLinkMode = 'service' | 'tolerant';

/** The errors the app shows for a link it cannot open. */
export type LaunchLinkFailureCode = 'invalid_format' | 'no_plugins';

/** What {@link parseLaunchLink} takes besides the link. */
export interface ParseLaunchLinkOptions {
  /** `tolerant` unless `'service'`. */
  mode?: LaunchLinkMode;
}

/** Why a link opens nothing: the app's error code, the first problem in words, and every problem found. */
export interface LaunchLinkFailure {
  code: LaunchLinkFailureCode;
  message: string;
  problems: LaunchLinkNote[];
}

/**
 * The result of {@link parseLaunchLink}. `app` is what today's app answers for the same link
 * (`ok`, or its error code): it differs from `ok` when the tolerant mode repaired the link or
 * refused a field type the app lets through. `notes` hold repairs and findings that did not stop
 * decoding (a `launch-link-dev-form` note says the plugin came from `plugin_source`).
 */
export type ParsedLaunchLink<P = LaunchPlugin> =
  | {
      ok: true;
      plugins: P[];
      message: string | undefined;
      app: 'ok' | LaunchLinkFailureCode;
      notes: LaunchLinkNote[];
    }
  | { ok: false; error: LaunchLinkFailure; app: 'ok' | LaunchLinkFailureCode; notes: LaunchLinkNote[] };

type Unchecked = ParsedLaunchLink<UncheckedLaunchPlugin>;

/** The link's text (for columns), its query and its path (when it has one). */
function split(input: unknown): { text: string; query: string; path?: string } | undefined {
  if (input instanceof URL) return split(input.href);
  if (typeof input !== 'string') return undefined;
  try {
    const url = new URL(input);
    return { text: input, query: url.search, path: url.pathname };
  } catch {
    // Not an absolute URL: a path and query, or a bare query.
  }
  const head = input.split('#', 1)[0] as string;
  const mark = head.indexOf('?');
  return mark < 0 ? { text: input, query: head } : { text: input, query: head.slice(mark + 1), path: head.slice(0, mark) };
}

/** The column where the value of query parameter `name` starts in `text` (1 when not found). */
function columnOf(text: string, name: string): number {
  const index = `&${text}`.search(new RegExp(`[?&]${name}=`));
  return index < 0 ? 1 : index + name.length + 2;
}

function decode(input: unknown, tolerant: boolean): Unchecked {
  const notes: LaunchLinkNote[] = [];
  const errors: LaunchLinkNote[] = [];
  const parts = split(input);
  let plugins: UncheckedLaunchPlugin[] | undefined;
  let message: string | undefined;
  if (!parts) addNote(errors, 'launch-link-invalid-payload', 1, 'the link is not a string or URL');
  else {
    const { text, path } = parts;
    if (text.length > LAUNCH_LINK_MAX_LENGTH) {
      addNote(notes, 'launch-link-too-long', LAUNCH_LINK_MAX_LENGTH + 1, `the link is ${text.length} characters long`, 'warning');
    }
    if (path && !/\/launch\/?$/.test(path)) addNote(notes, 'launch-link-wrong-path', 1, 'the link does not open /launch', 'warning');
    const params = new URLSearchParams(parts.query);
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
    message = params.get('message') ?? undefined;
    if (plugins && message) notes.push(...checkLaunchMessage(message, columnOf(text, 'message')));
  }
  if (!plugins) {
    const [first] = errors as [LaunchLinkNote];
    const code = first.code === 'launch-link-no-plugins' ? 'no_plugins' : 'invalid_format';
    return { ok: false, error: { code, message: first.message, problems: errors }, app: code, notes };
  }
  return { ok: true, plugins, message: sanitizeLaunchMessage(message), app: 'ok', notes };
}

/**
 * Reads a launch link: a full URL (`https://app.example.com/launch?plugins=…`), a path and query
 * (`/launch?plugins=…`), or a bare query (`plugins=…&message=…`, with or without the leading
 * `?`); a fragment is ignored. Gives the plugins and message the app takes from it, or the error
 * the app shows (`invalid_format`, `no_plugins`), with a note for each finding (worded in full
 * by `launchLinkDiagnostics`).
 *
 * `mode: 'service'` reproduces today's app exactly: `atob`, UTF-8 decoded with U+FFFD for bad
 * bytes, elements kept as `{source, ref, repo_path, parameters}` without type checks.
 * `mode: 'tolerant'` (the default) also reads a raw `+`, base64url, wrong padding and Latin-1
 * payloads (and says so in `notes`), and refuses elements whose `ref`, `repo_path` or
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
  if (options?.mode === 'service') return decode(url, false);
  const result = decode(url, true);
  result.app = decode(url, false).app;
  return result;
}
