/**
 * The JSON output of `agentwire validate`: one document with every diagnostic, the inventory and
 * the tool that wrote it.
 * @module
 */
import type { RelatedLocation } from '../../internal/diagnostic';
import type { BaselineComparison, BaselineState, Inventory, Profile, ProfileDiagnostic, ValidationReport } from '../../validate/index';

/** The version of the JSON document's shape: fields may be added; a field removed or changed raises it. */
export const JSON_FORMAT_VERSION = 1;

/** One diagnostic in the JSON document. */
export interface JsonDiagnostic {
  severity: ProfileDiagnostic['severity'];
  code: string;
  message: string;
  /** The file as agentwire found it: the path given on the command line joined with the path inside it. */
  file: string;
  /** From 1. */
  line: number;
  /** From 1, in UTF-16 code units. */
  column: number;
  hint: string;
  profile: Profile;
  /** Other places involved; absent when there are none. */
  related?: RelatedLocation[];
  /** With `--baseline`: `known` (in the baseline, does not fail) or `new`. */
  baseline?: BaselineState;
  /** With `--baseline`: the finding's fingerprint, as the baseline file holds it. */
  fingerprint?: string;
}

/** The JSON document `agentwire validate --format json` prints. */
export interface JsonReport {
  formatVersion: typeof JSON_FORMAT_VERSION;
  tool: { name: 'agentwire'; version: string };
  /** The paths validated, as given. */
  paths: string[];
  profiles: Profile[];
  summary: { errors: number; warnings: number; infos: number };
  inventory: Inventory;
  /** With `--baseline`: how many findings are known, new and fixed; the summary counts the new ones. */
  baseline?: BaselineComparison;
  /** How many findings suppression comments left out; absent when none. */
  suppressed?: number;
  /** The paths given that hold nothing themselves, with the packages below them that were checked; absent when none. */
  discovered?: { path: string; packages: string[] }[];
  /** The paths given that hold nothing to check (the command exits with 2); absent when none. */
  nothingFound?: string[];
  /** Sorted by file, line and column. */
  diagnostics: JsonDiagnostic[];
}

/** Options of {@link formatJson}. */
export interface JsonFormatOptions {
  /** agentwire's version. */
  version: string;
}

function toJsonDiagnostic(item: ProfileDiagnostic): JsonDiagnostic {
  const result: JsonDiagnostic = {
    severity: item.severity,
    code: item.code,
    message: item.message,
    file: item.file,
    line: item.line,
    column: item.column,
    hint: item.hint,
    profile: item.profile,
  };
  if (item.related && item.related.length > 0) {
    result.related = item.related.map(({ file, line, column, message }) => ({ file, line, column, message }));
  }
  if (item.baseline !== undefined) result.baseline = item.baseline;
  if (item.fingerprint !== undefined) result.fingerprint = item.fingerprint;
  return result;
}

/** The report as a {@link JsonReport}, with its keys in a fixed order. */
export function toJsonReport(report: ValidationReport, options: JsonFormatOptions): JsonReport {
  const { errors, warnings, infos } = report.summary;
  const inventory = report.inventory;
  return {
    formatVersion: JSON_FORMAT_VERSION,
    tool: { name: 'agentwire', version: options.version },
    paths: [...report.paths],
    profiles: [...report.profiles],
    summary: { errors, warnings, infos },
    inventory: {
      files: inventory.files,
      skills: inventory.skills,
      plugins: inventory.plugins,
      marketplaces: inventory.marketplaces,
      contextFiles: inventory.contextFiles,
      configRepositories: inventory.configRepositories,
      hooks: inventory.hooks,
      toolServers: inventory.toolServers,
    },
    ...(report.baseline ? { baseline: { known: report.baseline.known, new: report.baseline.new, fixed: report.baseline.fixed } } : {}),
    ...(report.suppressed ? { suppressed: report.suppressed } : {}),
    ...(report.discovered ? { discovered: report.discovered.map(({ path, packages }) => ({ path, packages: [...packages] })) } : {}),
    ...(report.nothingFound ? { nothingFound: [...report.nothingFound] } : {}),
    diagnostics: report.diagnostics.map(toJsonDiagnostic),
  };
}

/** The report as one JSON document (two-space indentation, ending with a newline). */
export function formatJson(report: ValidationReport, options: JsonFormatOptions): string {
  return `${JSON.stringify(toJsonReport(report, options), null, 2)}\n`;
}
