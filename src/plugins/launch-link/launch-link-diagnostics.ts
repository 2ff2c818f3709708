/**
 * Launch-link notes in full words: each note of `parseLaunchLink` or `createLaunchLink` as a
 * {@link Diagnostic} that says what the app does with it and how to fix it. Kept apart from the
 * decoder so that a page which only makes or reads links does not ship these sentences.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import { LAUNCH_LINK_RULES, type LaunchLinkNote, type LaunchLinkRuleCode } from './launch-link-rules';

/** The `file` of launch-link diagnostics unless the caller names one (a link is one line). */
export const LAUNCH_LINK_FILE = '<launch-link>';

/**
 * What the app (or agentwire) does in each case; a function where the case decides. Plain
 * strings only: a template with a value in it would keep this table in every bundle.
 */
const CONSEQUENCES: Record<LaunchLinkRuleCode, string | ((note: LaunchLinkNote) => string)> = {
  'launch-link-too-long': 'browsers, proxies and chat tools may cut links past 8,000 characters, and a cut link no longer decodes',
  'launch-link-missing-padding': (note) =>
    note.severity === 'error'
      ? "the app's atob refuses it (invalid_format); agentwire corrected the padding"
      : "the app's atob accepts it, strict base64 decoders (Python's b64decode) refuse it",
  'launch-link-raw-plus':
    "the query reads it as a space and the app's atob drops spaces, so the link fails (invalid_format) or decodes to other bytes; agentwire read it as `+`",
  'launch-link-base64url': "the app's atob refuses `-` and `_` (invalid_format); agentwire read it as standard base64",
  'launch-link-latin1':
    'agentwire read it as Latin-1, as links made with plain btoa before UTF-8 were; the app decodes UTF-8 without a fallback and shows U+FFFD for each such character',
  'launch-link-invalid-payload': 'the app shows its invalid_format error and starts nothing',
  'launch-link-bad-element': (note) =>
    note.message.endsWith('string source')
      ? 'the app refuses the whole link (invalid_format)'
      : 'the app passes it on and the server refuses to create the conversation (creation_failed)',
  'launch-link-too-deep':
    "agentwire reads at most 100 levels (its own limit, well before the server's Python can no longer read or print them)",
  'launch-link-no-plugins': 'the app shows its no_plugins error and starts nothing',
  'launch-link-unknown-key': 'the app keeps only source, ref, repo_path and parameters and drops it without a word',
  'launch-link-message-tags': 'the app removes everything between < and > before showing and sending the message',
  'launch-link-message-cut': 'the app keeps the first 500 UTF-16 code units and drops the rest (a cut can split an emoji in two)',
  'launch-link-dev-form': (note) =>
    `${note.severity === 'info' ? 'it is the development form: one plugin, no parameters' : 'plugins is given'}; the app reads plugin_source, plugin_ref and plugin_repo_path only when plugins is absent or empty`,
  'launch-link-wrong-path': 'the app reads plugins only on its /launch page',
};

/**
 * Turns launch-link notes (`parseLaunchLink`'s `notes` and `error.problems`, `createLaunchLink`'s
 * `warnings`) into diagnostics: the note's finding, then what the app does with it, with the
 * rule's hint, at line 1 and the note's column of `file`.
 */
export function launchLinkDiagnostics(notes: readonly LaunchLinkNote[], file = LAUNCH_LINK_FILE): Diagnostic[] {
  return notes.map((note) => {
    const rule = LAUNCH_LINK_RULES.find((candidate) => candidate.code === note.code);
    const consequence = CONSEQUENCES[note.code];
    // A sentence starts with a capital, except where it starts with a name (`plugins[0].ref`).
    const finding = note.message.startsWith('plugins[') ? note.message : note.message.charAt(0).toUpperCase() + note.message.slice(1);
    const message = note.message.startsWith('more findings')
      ? `${finding}.`
      : `${finding}: ${typeof consequence === 'function' ? consequence(note) : consequence}.`;
    return { severity: note.severity, code: note.code, message, file, line: 1, column: note.column, hint: rule?.hint ?? '' };
  });
}
