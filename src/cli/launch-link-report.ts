/**
 * What `agentwire launch-link inspect` reports about a link in each decoding mode, and where the
 * two modes differ: the data behind both its text and its JSON output.
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';
import {
  checkPluginReference,
  formatPluginParameters,
  type LaunchLinkFailureCode,
  type LaunchLinkMode,
  launchLinkDiagnostics,
  type PluginSpec,
  parseLaunchLink,
} from '../plugins/index';

/** A plugin the link carries, its fields as decoded (unchecked in service mode), and the checks of its reference. */
export interface InspectedPlugin {
  source: string;
  ref: unknown;
  repo_path: unknown;
  parameters: unknown;
  /** What the service thinks of `{source, ref, repo_path}` (`checkPluginReference`). */
  checks: Diagnostic[];
}

/** One mode's reading of the link. */
export interface ModeReport {
  mode: LaunchLinkMode;
  /** Whether this mode reads plugins from the link. */
  ok: boolean;
  plugins: InspectedPlugin[];
  /** The message as the app keeps it (tags removed, 500 characters), or `null`. */
  message: string | null;
  /** The block the server appends to the first message (`''` when no plugin has parameters); `null` when the server refuses the plugins' field types. */
  block: string | null;
  /** The first message the conversation starts with: the message and the block, or the block trimmed when there is no message. */
  firstMessage: string | null;
  /** The app's error code and the first problem in short words, when the mode reads nothing. */
  error: { code: LaunchLinkFailureCode; message: string } | null;
  /** Why it reads nothing (its errors first), and the repairs and findings that did not stop decoding. */
  diagnostics: Diagnostic[];
}

const isPlainObject = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether the server takes the plugin's fields (it refuses other types with `creation-failed`). */
function fieldsFit(plugin: InspectedPlugin): boolean {
  const text = (value: unknown) => value === null || typeof value === 'string';
  return text(plugin.ref) && text(plugin.repo_path) && (plugin.parameters === null || isPlainObject(plugin.parameters));
}

/** A mode that reads nothing: `errors` (short, as `parseLaunchLink` gives them) first, then `others`. */
function refused(mode: LaunchLinkMode, code: LaunchLinkFailureCode, errors: Diagnostic[], others: Diagnostic[]): ModeReport {
  const error = { code, message: (errors[0] as Diagnostic).message };
  const diagnostics = launchLinkDiagnostics([...errors, ...others]);
  return { mode, ok: false, plugins: [], message: null, block: null, firstMessage: null, error, diagnostics };
}

/**
 * Reads `link` in one mode. Parameters nested past `LAUNCH_LINK_MAX_DEPTH` are refused in both
 * modes (`launch-link-too-deep`, as the tolerant reading finds them): the app passes them on, but
 * agentwire reads no deeper, and the server's Python cannot read or print them either.
 */
export function inspectLaunchLink(link: string, mode: LaunchLinkMode): ModeReport {
  const parsed = parseLaunchLink(link, { mode });
  if (!parsed.ok) return refused(mode, parsed.code, parsed.diagnostics.slice(0, 1), parsed.diagnostics.slice(1));
  if (mode === 'service') {
    const tooDeep = parseLaunchLink(link).diagnostics.filter((found) => found.code === 'launch-link-too-deep');
    if (tooDeep.length > 0) return refused(mode, 'invalid-format', tooDeep, parsed.diagnostics);
  }
  const diagnostics = launchLinkDiagnostics(parsed.diagnostics);
  const plugins: InspectedPlugin[] = parsed.value.plugins.map((plugin, index) => {
    const reference = { source: plugin.source, ref: plugin.ref, repo_path: plugin.repo_path } as PluginSpec;
    const checks = checkPluginReference(reference, { file: `plugins[${index}]` }).diagnostics;
    return { source: plugin.source, ref: plugin.ref, repo_path: plugin.repo_path, parameters: plugin.parameters, checks };
  });
  const message = parsed.value.message ?? null;
  const block = plugins.every(fieldsFit) ? formatPluginParameters(plugins as PluginSpec[]) : null;
  const firstMessage = block === null ? null : message !== null ? message + block : block.trim() || null;
  return { mode, ok: true, plugins, message, block, firstMessage, error: null, diagnostics };
}

const json = (value: unknown) => JSON.stringify(value) ?? 'undefined';
const FIELDS = ['source', 'ref', 'repo_path', 'parameters'] as const;

/** Where the tolerant reading differs from the app's, in sentences; empty when they agree. */
export function modeDifferences(service: ModeReport, tolerant: ModeReport): string[] {
  const repairs = [...new Set(tolerant.diagnostics.map((found) => found.code))].filter((code) =>
    ['launch-link-raw-plus', 'launch-link-base64url', 'launch-link-latin1', 'launch-link-missing-padding'].includes(code),
  );
  const repaired = repairs.length > 0 ? ` after repairs (${repairs.join(', ')})` : '';
  if (!service.ok && tolerant.ok) {
    return [`The app refuses the link (${service.error?.code}); the tolerant reading opens it${repaired}.`];
  }
  if (service.ok && !tolerant.ok) {
    return [
      `The app opens the link, but the tolerant reading refuses it: ${tolerant.error?.message}; the server then refuses to create the conversation (creation-failed).`,
    ];
  }
  if (!service.ok || !tolerant.ok) {
    return service.error?.code === tolerant.error?.code
      ? []
      : [`The app answers ${service.error?.code}; the tolerant reading ${tolerant.error?.code}.`];
  }
  const out: string[] = [];
  if (service.plugins.length !== tolerant.plugins.length) {
    out.push(`The app reads ${service.plugins.length} plugins; the tolerant reading ${tolerant.plugins.length}${repaired}.`);
  }
  service.plugins.forEach((plugin, index) => {
    const other = tolerant.plugins[index];
    if (!other) return;
    for (const field of FIELDS) {
      if (json(plugin[field]) !== json(other[field])) {
        out.push(
          `Plugin ${index + 1} ${field}: the app reads ${json(plugin[field])}, the tolerant reading ${json(other[field])}${repaired}.`,
        );
      }
    }
  });
  if (service.message !== tolerant.message) {
    out.push(`The message: the app reads ${json(service.message)}, the tolerant reading ${json(tolerant.message)}.`);
  }
  return out;
}
