/**
 * Launch-link diagnostics in full words: each short diagnostic of `parseLaunchLink` or
 * `createLaunchLink` with what the app does about it and how to fix it. Kept apart from the
 * decoder so that a page which only makes or reads links does not ship these sentences.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import { LAUNCH_LINK_RULES, type LaunchLinkRuleCode } from './launch-link-rules';

/**
 * What the app (or agentwire) does in each case; a function where the case decides. Plain
 * strings only: a template with a value in it would keep this table in every bundle.
 */
const CONSEQUENCES: Record<LaunchLinkRuleCode, string | ((found: Diagnostic) => string)> = {
  'launch-link-too-long': 'browsers, proxies and chat tools may cut links past 8,000 characters, and a cut link no longer decodes',
  'launch-link-missing-padding': (found) =>
    found.severity === 'error'
      ? "the app's atob refuses it (invalid-format); agentwire corrected the padding"
      : "the app's atob accepts it, strict base64 decoders (Python's b64decode) refuse it",
  'launch-link-raw-plus':
    "the query reads it as a space and the app's atob drops spaces, so the link fails (invalid-format) or decodes to other bytes; agentwire read it as `+`",
  'launch-link-base64url': "the app's atob refuses `-` and `_` (invalid-format); agentwire read it as standard base64",
  'launch-link-latin1':
    'agentwire read it as Latin-1, as links made with plain btoa before UTF-8 were; the app decodes UTF-8 without a fallback and shows U+FFFD for each such character',
  'launch-link-invalid-payload': 'the app shows its invalid-format error and starts nothing',
  'launch-link-bad-element': (found) =>
    found.message.endsWith('string source')
      ? 'the app refuses the whole link (invalid-format)'
      : 'the app passes it on and the server refuses to create the conversation (creation-failed)',
  'launch-link-too-deep':
    "agentwire reads at most 100 levels (its own limit, well before the server's Python can no longer read or print them)",
  'launch-link-no-plugins': 'the app shows its no-plugins error and starts nothing',
  'launch-link-unknown-key': 'the app keeps only source, ref, repo_path and parameters and drops it without a word',
  'launch-link-message-tags': 'the app removes everything between < and > before showing and sending the message',
  'launch-link-message-cut': 'the app keeps the first 500 UTF-16 code units and drops the rest (a cut can split an emoji in two)',
  'launch-link-dev-form': (found) =>
    `${found.severity === 'info' ? 'it is the development form: one plugin, no parameters' : 'plugins is given'}; the app reads plugin_source, plugin_ref and plugin_repo_path only when plugins is absent or empty`,
  'launch-link-wrong-path': 'the app reads plugins only on its /launch page',
};

/**
 * Words the diagnostics of `parseLaunchLink` and `createLaunchLink` in full, for a validator or a
 * command line: the short finding, then what the app does about it, with the rule's hint, in
 * `file` when given. Give it each diagnostic once, as those functions return it; a diagnostic of
 * another rule is returned as it is.
 */
export function launchLinkDiagnostics(diagnostics: readonly Diagnostic[], file?: string): Diagnostic[] {
  return diagnostics.map((found) => {
    const rule = LAUNCH_LINK_RULES.find((candidate) => candidate.code === found.code);
    const consequence = CONSEQUENCES[found.code as LaunchLinkRuleCode];
    const where = { ...found, file: file ?? found.file };
    if (!rule || !consequence) return where;
    // A sentence starts with a capital, except where it starts with a name (`plugins[0].ref`).
    const finding = found.message.startsWith('plugins[') ? found.message : found.message.charAt(0).toUpperCase() + found.message.slice(1);
    const message = found.message.startsWith('more findings')
      ? `${finding}.`
      : `${finding}: ${typeof consequence === 'function' ? consequence(found) : consequence}.`;
    return { ...where, message, hint: rule.hint };
  });
}
