/**
 * The rules of launch links: what `createLaunchLink` warns about and what
 * `parseLaunchLink` reports, with what the app does in each case.
 * @module
 */
import type { Diagnostic, Severity } from '../../internal/diagnostic';
import { defineRule, type Rule } from '../../internal/rule';

/** Links longer than this many characters get a `launch-link-too-long` warning. */
export const LAUNCH_LINK_MAX_LENGTH = 8000;

/** How deeply `parameters` may nest (the parameters object counts as level 1). */
export const LAUNCH_LINK_MAX_DEPTH = 100;

/** The code of a launch-link rule. */
export type LaunchLinkRuleCode =
  | 'launch-link-too-long'
  | 'launch-link-missing-padding'
  | 'launch-link-raw-plus'
  | 'launch-link-base64url'
  | 'launch-link-latin1'
  | 'launch-link-invalid-payload'
  | 'launch-link-bad-element'
  | 'launch-link-too-deep'
  | 'launch-link-no-plugins'
  | 'launch-link-unknown-key'
  | 'launch-link-message-tags'
  | 'launch-link-message-cut'
  | 'launch-link-dev-form'
  | 'launch-link-wrong-path';

/** The `file` of launch-link diagnostics unless the caller names one (a link is one line). */
export const LAUNCH_LINK_FILE = '<launch-link>';

/** At most this many diagnostics per list: a hostile link could otherwise make millions. */
const NOTE_LIMIT = 50;

/**
 * Adds a finding (an error unless `severity` says otherwise), and past the limit one last one
 * saying that more were left out. Kept small so that links can be made and read in a few hundred
 * bytes of code: the diagnostic is at line 1 and `column` of {@link LAUNCH_LINK_FILE}, its message
 * a short phrase that names the value, its hint empty; `launchLinkDiagnostics` words it in full.
 */
export function addNote(list: Diagnostic[], code: LaunchLinkRuleCode, column: number, message: string, severity: Severity = 'error'): void {
  if (list.length <= NOTE_LIMIT) {
    list.push({
      severity,
      code,
      message: list.length < NOTE_LIMIT ? message : 'more findings left out',
      file: LAUNCH_LINK_FILE,
      line: 1,
      column,
      hint: '',
    });
  }
}

/** A link past 8,000 characters. */
export const LINK_TOO_LONG = /* @__PURE__ */ defineRule({
  code: 'launch-link-too-long',
  severity: 'warning',
  title: 'The link is longer than 8,000 characters',
  description:
    'The app sets no limit, but browsers, proxies, chat tools and QR codes cut or refuse long URLs, and a cut link no longer decodes.',
  hint: 'Carry fewer plugins or shorter parameter defaults; put long instructions in the plugin instead of the message.',
});

/** The base64 value has no (or the wrong) `=` padding. */
export const MISSING_PADDING = /* @__PURE__ */ defineRule({
  code: 'launch-link-missing-padding',
  severity: 'info',
  title: 'The plugins value lacks its base64 padding',
  description:
    "The app's atob accepts a value without any `=` padding but refuses one with the wrong number of `=`. Strict decoders (Python's b64decode) refuse both.",
  hint: 'Encode with standard base64 with padding, then percent-encode (`=` becomes `%3D`).',
  example: 'plugins=W3sic291cmNlIjoiYSJ9XQ',
});

/** A `+` of the base64 value was not percent-encoded and reads as a space. */
export const RAW_PLUS = /* @__PURE__ */ defineRule({
  code: 'launch-link-raw-plus',
  severity: 'error',
  title: 'A raw `+` in the plugins value reads as a space',
  description:
    'Query strings read `+` as a space; the app passes the spaced value to atob, which drops the spaces, so the link fails (invalid-format) or decodes to other bytes.',
  hint: 'Percent-encode the value (`+` as `%2B`, `/` as `%2F`, `=` as `%3D`), as URLSearchParams does.',
  example: 'plugins=W3sic291cmNlIjoiZ2l0aHViOm8vcj8/IiwicmVmIjoidj4+PiJ9XQ==',
});

/** The value is base64url (`-`, `_`), which the app's atob refuses. */
export const BASE64URL = /* @__PURE__ */ defineRule({
  code: 'launch-link-base64url',
  severity: 'error',
  title: 'The plugins value is base64url, not standard base64',
  description: 'The app decodes with atob, which refuses `-` and `_`: the link fails with invalid-format.',
  hint: 'Use standard base64 (`+` and `/`) with padding, then percent-encode it.',
});

/** The payload is Latin-1 (plain `btoa` before links were UTF-8). */
export const LATIN1 = /* @__PURE__ */ defineRule({
  code: 'launch-link-latin1',
  severity: 'error',
  title: 'The payload is Latin-1, not UTF-8',
  description:
    'Links made with plain btoa before the app encoded UTF-8 carry Latin-1 bytes; the app decodes UTF-8 without a fallback and shows U+FFFD for each such character.',
  hint: 'Make the link again with createLaunchLink (JSON, then UTF-8, then base64).',
});

/** The value is not base64, its bytes are not JSON, or the JSON is not an array. */
export const INVALID_PAYLOAD = /* @__PURE__ */ defineRule({
  code: 'launch-link-invalid-payload',
  severity: 'error',
  title: 'The plugins value does not decode to a JSON array',
  description: 'The app shows its invalid-format error and starts nothing.',
  hint: 'Build the value as base64 of the UTF-8 JSON array of plugins, e.g. with createLaunchLink.',
});

/** An element without a string `source`, or (tolerant mode) with a field of the wrong type. */
export const BAD_ELEMENT = /* @__PURE__ */ defineRule({
  code: 'launch-link-bad-element',
  severity: 'error',
  title: 'A plugin in the link is malformed',
  description:
    'An element that is not an object with a string `source` makes the app refuse the whole link (invalid-format). A `ref` or `repo_path` that is not a string, or `parameters` that are not an object, pass the app and fail when the server creates the conversation (creation-failed).',
  hint: 'Give each plugin a string `source`, string or null `ref` and `repo_path`, and an object or null `parameters`.',
});

/** `parameters` nested deeper than agentwire reads. */
export const TOO_DEEP = /* @__PURE__ */ defineRule({
  code: 'launch-link-too-deep',
  severity: 'error',
  title: 'The parameters nest too deeply',
  description:
    "agentwire's own limit: parameters are defaults the user edits, and agentwire refuses them nested deeper than 100 levels, well before the server's Python (recursion limit 1,000 by default) can no longer read or print them.",
  hint: 'Keep parameters flat: primitive values, or small objects and arrays.',
});

/** The link carries no plugin. */
export const NO_PLUGINS = /* @__PURE__ */ defineRule({
  code: 'launch-link-no-plugins',
  severity: 'error',
  title: 'The link carries no plugin',
  description:
    'Without a `plugins` value (or the development form `plugin_source`), or with an empty array, the app shows its no-plugins error.',
  hint: 'Add a `plugins` value with at least one plugin.',
});

/** A key of a plugin element that the app drops. */
export const UNKNOWN_KEY = /* @__PURE__ */ defineRule({
  code: 'launch-link-unknown-key',
  severity: 'warning',
  title: 'A plugin key the app does not read',
  description: 'The app keeps `source`, `ref`, `repo_path` and `parameters` of each plugin and drops every other key without a word.',
  hint: 'Remove the key, or move the value into `parameters`.',
});

/** The message holds HTML tags, which the app removes. */
export const MESSAGE_TAGS = /* @__PURE__ */ defineRule({
  code: 'launch-link-message-tags',
  severity: 'warning',
  title: 'The message holds text between < and >',
  description: 'The app removes everything matching <…> from the message before showing and sending it.',
  hint: 'Write the message as plain text without < and >.',
});

/** The message is longer than 500 UTF-16 units. */
export const MESSAGE_CUT = /* @__PURE__ */ defineRule({
  code: 'launch-link-message-cut',
  severity: 'warning',
  title: 'The message is longer than 500 characters',
  description:
    'The app keeps the first 500 UTF-16 code units of the message (after removing tags) and drops the rest; the cut can split an emoji.',
  hint: 'Shorten the message to 500 characters or fewer.',
});

/** The development form `plugin_source`, or a `plugin_source` the app ignores. */
export const DEV_FORM = /* @__PURE__ */ defineRule({
  code: 'launch-link-dev-form',
  severity: 'info',
  title: 'The link uses the development form plugin_source',
  description:
    'The app reads `plugin_source`, `plugin_ref` and `plugin_repo_path` (one plugin, no parameters) only when `plugins` is absent or empty.',
  hint: 'Use the `plugins` value for links you publish.',
});

/** The path does not end in `/launch`. */
export const WRONG_PATH = /* @__PURE__ */ defineRule({
  code: 'launch-link-wrong-path',
  severity: 'warning',
  title: 'The link does not open the launch page',
  description: 'The app reads launch links only on its `/launch` route; on any other path the plugins are ignored.',
  hint: 'Point the link at `{app_url}/launch`.',
});

/** Every launch-link rule. */
export const LAUNCH_LINK_RULES: readonly Rule[] = [
  LINK_TOO_LONG,
  MISSING_PADDING,
  RAW_PLUS,
  BASE64URL,
  LATIN1,
  INVALID_PAYLOAD,
  BAD_ELEMENT,
  TOO_DEEP,
  NO_PLUGINS,
  UNKNOWN_KEY,
  MESSAGE_TAGS,
  MESSAGE_CUT,
  DEV_FORM,
  WRONG_PATH,
];
