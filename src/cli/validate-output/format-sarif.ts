/**
 * The `sarif` output of `agentwire validate`: a SARIF 2.1.0 log with one run, for code scanning
 * (GitHub's `upload-sarif` and other tools that read SARIF).
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RelatedLocation } from '../../internal/diagnostic';
import { findRule, PROFILES, type Profile, type ProfileDiagnostic, type ValidationReport } from '../../validate/index';
import { isInside, relativeToCwd } from './format-shared';

/** The schema the log names in `$schema`: SARIF 2.1.0 Errata 01, OASIS Standard. */
export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** Where the driver points for more about agentwire. */
export const AGENTWIRE_INFORMATION_URI = 'https://www.npmjs.com/package/agentwire';

/** The id of the base directory artifact URIs are relative to. */
export const SRCROOT = 'SRCROOT';

/** The key of agentwire's fingerprint in a result's `partialFingerprints`. */
export const FINGERPRINT_KEY = 'agentwire/v1';

/** Options of {@link formatSarif}. */
export interface SarifFormatOptions {
  /** agentwire's version. */
  version: string;
  /** The directory artifact URIs are relative to (the repository's root): `originalUriBaseIds.SRCROOT`. */
  cwd: string;
}

// The SARIF objects are plain JSON; their shape is checked against the SARIF schema in the tests.
type Json = Record<string, unknown>;

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** `skill-name-invalid` → `SkillNameInvalid`: the rule's `name`, as SARIF suggests. */
const pascalCase = (code: string) =>
  code
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** A relative path as a URI reference: every segment percent-encoded, `/` between them. */
const uriReference = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The directory as a `file:` URI ending with `/`, as `originalUriBaseIds` needs. */
const directoryUri = (dir: string) => {
  const href = pathToFileURL(resolve(dir)).href;
  return href.endsWith('/') ? href : `${href}/`;
};

/** A location in a file: relative to {@link SRCROOT} inside `cwd`, an absolute `file:` URI outside it. */
function physicalLocation(file: string, line: number, column: number, cwd: string): Json {
  const artifactLocation = isInside(file, cwd)
    ? { uri: uriReference(relativeToCwd(file, cwd) || '.'), uriBaseId: SRCROOT }
    : { uri: pathToFileURL(resolve(cwd, file)).href };
  return { artifactLocation, region: { startLine: line, startColumn: column } };
}

/** The `reportingDescriptor` of a code: from the rule catalog, or from the diagnostics when the catalog lacks it. */
function ruleDescriptor(code: string, diagnostics: ProfileDiagnostic[]): Json {
  const rule = findRule(code);
  const seen = new Set<Profile>(diagnostics.filter((item) => item.code === code).map((item) => item.profile));
  const profiles = PROFILES.filter((profile) => seen.has(profile) || rule?.profiles.includes(profile));
  const first = diagnostics.find((item) => item.code === code) as ProfileDiagnostic;
  const descriptor: Json = {
    id: code,
    name: pascalCase(code),
    shortDescription: { text: rule?.title ?? code },
  };
  if (rule) descriptor.fullDescription = { text: rule.description };
  descriptor.help = { text: rule?.hint ?? first.hint };
  descriptor.defaultConfiguration = { level: LEVEL[rule?.severity ?? first.severity] };
  descriptor.properties = { profiles };
  return descriptor;
}

function relatedLocations(related: RelatedLocation[], cwd: string): Json[] {
  return related.map((place, at) => ({
    id: at + 1,
    physicalLocation: physicalLocation(place.file, place.line, place.column, cwd),
    message: { text: place.message === '' ? `${place.file}:${place.line}:${place.column}` : place.message },
  }));
}

/**
 * The report as a SARIF 2.1.0 log: `tool.driver` with agentwire's name, version and the rules
 * whose codes appear (title, description, hint, default level, profiles); one result per
 * diagnostic with its rule, level (`note` for infos), message and hint, location, related places
 * and profile. With a baseline, each result has its `baselineState` (`unchanged` for a known
 * finding, `new`) and its fingerprint in `partialFingerprints`. Columns count UTF-16 code units. Two-space indentation, ending with a newline.
 */
export function formatSarif(report: ValidationReport, options: SarifFormatOptions): string {
  const codes = [...new Set(report.diagnostics.map((item) => item.code))].sort();
  const ruleIndex = new Map(codes.map((code, at) => [code, at]));
  const results = report.diagnostics.map((item): Json => {
    const result: Json = {
      ruleId: item.code,
      ruleIndex: ruleIndex.get(item.code),
      level: LEVEL[item.severity],
      message: { text: item.hint === '' ? item.message : `${item.message}\n${item.hint}` },
      locations: [{ physicalLocation: physicalLocation(item.file, item.line, item.column, options.cwd) }],
    };
    if (item.related && item.related.length > 0) result.relatedLocations = relatedLocations(item.related, options.cwd);
    if (item.fingerprint !== undefined) result.partialFingerprints = { [FINGERPRINT_KEY]: item.fingerprint };
    if (item.baseline !== undefined) result.baselineState = item.baseline === 'known' ? 'unchanged' : 'new';
    result.properties = { profile: item.profile };
    return result;
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agentwire',
            version: options.version,
            informationUri: AGENTWIRE_INFORMATION_URI,
            rules: codes.map((code) => ruleDescriptor(code, report.diagnostics)),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(options.cwd) } },
        columnKind: 'utf16CodeUnits',
        results,
        properties: { profiles: [...report.profiles] },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
