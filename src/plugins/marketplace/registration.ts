/**
 * Marketplace registrations: `{name, source, ref?, repo_path?, auto_load}` as the agent server
 * reads them, plus the app's backend-only `scope`, checked with the app's source patterns, the
 * agent server's source parser and `repo_path` rules, and a role check for the scope.
 * @module
 */
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import type { JsonPath } from '../../internal/python/json';
import type { ParseResult } from '../../internal/result';
import type { Rule } from '../../internal/rule';
import { parsePluginSource, redactSourceCredentials } from '../sources/plugin-source';
import { describe, repoPathProblems } from '../sources/reference-check';
import {
  REGISTRATION_AUTO_LOAD_LIST,
  REGISTRATION_DUPLICATE_NAME,
  REGISTRATION_FIELD_MISSING,
  REGISTRATION_NOT_OBJECT,
  REGISTRATION_REPO_PATH_INVALID,
  REGISTRATION_REPO_PATH_LOCAL,
  REGISTRATION_SCOPE_INVALID,
  REGISTRATION_SCOPE_REFUSED,
  REGISTRATION_SOURCE_LOCAL,
  REGISTRATION_SOURCE_PATTERN,
  REGISTRATION_SOURCE_UNPARSABLE,
  REGISTRATION_UNKNOWN_FIELD,
  REGISTRATION_WRONG_TYPE,
} from './registration-rules';

/** Who a registration applies to: every conversation of the instance, of an organization, or of its owner. */
export type RegistrationScope = 'instance' | 'org' | 'personal';

/** A registered marketplace. Wire names as the service spells them; `scope` is the app's and never reaches the agent server. */
export interface MarketplaceRegistration {
  name: string;
  /** `github:owner/repo`, a git URL, or a path on the agent server's machine. */
  source: string;
  ref?: string | null;
  /** The marketplace's folder inside the repository. */
  repo_path?: string | null;
  /** Load the marketplace's plugins (and standalone skills) into new conversations: all (`true`), none (`false`, `[]`) or the names listed. */
  auto_load: boolean | string[];
  scope?: RegistrationScope;
}

/** The app's three patterns for a registration's `source`: GitHub shorthand, a URL, a relative path. */
export const MARKETPLACE_SOURCE_PATTERNS: readonly RegExp[] = [
  /^github:[a-zA-Z0-9_.-]+\/[a-zA-Z0-9_.-]+$/,
  /^(https?:\/\/|git@|ssh:\/\/|git:\/\/)[a-zA-Z0-9_.-]+[:/][a-zA-Z0-9_./-]+$/,
  /^[a-zA-Z0-9_][a-zA-Z0-9_./-]*$/,
];

const SCOPES: readonly string[] = ['instance', 'org', 'personal'];
const KNOWN = /* @__PURE__ */ new Set(['name', 'source', 'ref', 'repo_path', 'auto_load', 'scope']);

/** Options of {@link parseMarketplaceRegistration}. */
export interface ParseMarketplaceRegistrationOptions {
  /**
   * The role check: whether the current user may register this at `scope`. Called only for a
   * registration that is otherwise valid and has a `scope`; `false` (or a throw) gives a
   * `registration-scope-refused` error. Without it every scope is allowed.
   */
  canRegister?: (scope: RegistrationScope, registration: MarketplaceRegistration) => boolean;
  /** The file named in diagnostics; `<input>` when omitted. */
  file?: string;
  /** The position of a field, by its path inside the registration (such as `['source']`); 1:1 when omitted. */
  locate?: (path: JsonPath) => Position;
}

/** Validates one registration. `ok: false` when the app or the agent server would refuse it. Never throws on bad input. */
export function parseMarketplaceRegistration(
  value: unknown,
  options: ParseMarketplaceRegistrationOptions = {},
): ParseResult<MarketplaceRegistration> {
  const file = options.file ?? '<input>';
  const diagnostics: Diagnostic[] = [];
  const report = (rule: Rule, path: JsonPath, message: string, hint?: string) =>
    diagnostics.push(diagnostic(rule, { file, at: options.locate?.(path), message, ...(hint === undefined ? {} : { hint }) }));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(REGISTRATION_NOT_OBJECT, [], `The registration is ${describe(value)}, not an object.`);
    return { ok: false, diagnostics };
  }
  const record = value as Record<string, unknown>;
  const get = (key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);
  const text = (key: string, required: boolean): string | null | undefined => {
    const v = get(key);
    if (v === undefined || (v === null && !required)) {
      if (required) report(REGISTRATION_FIELD_MISSING, [key], `The registration has no \`${key}\`.`);
      return v as null | undefined;
    }
    if (typeof v === 'string' && (v !== '' || !required)) return v;
    if (typeof v === 'string') report(REGISTRATION_FIELD_MISSING, [key], `The registration's \`${key}\` is empty.`);
    else report(REGISTRATION_WRONG_TYPE, [key], `\`${key}\` is ${describe(v)}; it must be text.`);
    return undefined;
  };
  const name = text('name', true);
  const source = text('source', true);
  const ref = text('ref', false);
  const repoPath = text('repo_path', false);
  let local = false;
  if (typeof source === 'string') local = checkSource(source, report);
  if (typeof repoPath === 'string') {
    for (const problem of repoPathProblems(repoPath)) {
      const why = {
        empty: 'is empty',
        backslash: 'uses backslashes',
        absolute: 'is absolute',
        'windows-drive': 'has a Windows drive',
        parent: 'has a ".." part',
      }[problem];
      report(REGISTRATION_REPO_PATH_INVALID, ['repo_path'], `\`repo_path\` "${repoPath}" ${why}; the service refuses the registration.`);
    }
    if (local)
      report(REGISTRATION_REPO_PATH_LOCAL, ['repo_path'], `\`repo_path\` is given for a local source; fetching the marketplace fails.`);
  }
  const autoLoad = readAutoLoad(get('auto_load'), report);
  const scope = get('scope');
  if (scope !== undefined && (typeof scope !== 'string' || !SCOPES.includes(scope))) {
    report(
      REGISTRATION_SCOPE_INVALID,
      ['scope'],
      `\`scope\` is ${typeof scope === 'string' ? `"${scope}"` : describe(scope)}; the app accepts "instance", "org" or "personal".`,
    );
  }
  for (const key of Object.keys(record)) {
    if (!KNOWN.has(key)) report(REGISTRATION_UNKNOWN_FIELD, [key], `\`${key}\` is not a registration field; the service drops it.`);
  }
  if (diagnostics.some((d) => d.severity === 'error') || name == null || source == null || autoLoad === undefined)
    return { ok: false, diagnostics };
  const registration: MarketplaceRegistration = { name, source, auto_load: autoLoad };
  if (ref !== undefined) registration.ref = ref;
  if (repoPath !== undefined) registration.repo_path = repoPath;
  if (typeof scope === 'string') {
    registration.scope = scope as RegistrationScope;
    const allowed = roleCheck(options, registration);
    if (allowed !== true) {
      report(
        REGISTRATION_SCOPE_REFUSED,
        ['scope'],
        `Registering "${name}" at scope "${scope}" is not allowed${allowed ? `: ${allowed}` : ''}.`,
      );
      return { ok: false, diagnostics };
    }
  }
  return { ok: true, value: registration, diagnostics };
}

function roleCheck(options: ParseMarketplaceRegistrationOptions, registration: MarketplaceRegistration): true | string {
  if (!options.canRegister || !registration.scope) return true;
  try {
    return options.canRegister(registration.scope, registration) === true ? true : '';
  } catch (error) {
    return `the role check failed (${error instanceof Error ? error.message : String(error)})`;
  }
}

type Report = (rule: Rule, path: JsonPath, message: string, hint?: string) => void;

/** Checks the source against the app's patterns and the agent server's parser; `true` when it is a local path. */
function checkSource(source: string, report: Report): boolean {
  const shown = redactSourceCredentials(source);
  if (!MARKETPLACE_SOURCE_PATTERNS.some((pattern) => pattern.test(source))) {
    const credentials = shown !== source ? ' (credentials are not allowed in it)' : '';
    report(
      REGISTRATION_SOURCE_PATTERN,
      ['source'],
      `The app refuses the source "${shown}"${credentials}: it matches none of its patterns.`,
    );
    return false;
  }
  const parsed = parsePluginSource(source);
  const failure = parsed.diagnostics.find((d) => d.severity === 'error');
  if (!parsed.ok || failure) {
    report(
      REGISTRATION_SOURCE_UNPARSABLE,
      ['source'],
      failure?.message ?? `The agent server cannot read the source "${shown}".`,
      failure?.hint,
    );
    return false;
  }
  if (parsed.value.kind !== 'local') return false;
  report(
    REGISTRATION_SOURCE_LOCAL,
    ['source'],
    `"${shown}" is a path; the agent server reads it on its own machine, relative to its working directory.`,
  );
  return true;
}

function readAutoLoad(value: unknown, report: Report): boolean | string[] | undefined {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    report(
      REGISTRATION_AUTO_LOAD_LIST,
      ['auto_load'],
      '`auto_load` lists plugin names; the agent server honours it, the app\u2019s settings accept only true or false.',
    );
    return [...value];
  }
  report(REGISTRATION_WRONG_TYPE, ['auto_load'], `\`auto_load\` is ${describe(value)}; it must be a boolean or a list of plugin names.`);
  return undefined;
}

/**
 * Validates a list of registrations, each as {@link parseMarketplaceRegistration} does, and refuses
 * repeated names as the service does. `ok: false` when any of them is refused; `value` then holds nothing.
 */
export function parseMarketplaceRegistrations(
  values: unknown,
  options: ParseMarketplaceRegistrationOptions = {},
): ParseResult<MarketplaceRegistration[]> {
  const file = options.file ?? '<input>';
  if (!Array.isArray(values)) {
    return {
      ok: false,
      diagnostics: [
        diagnostic(REGISTRATION_NOT_OBJECT, {
          file,
          at: options.locate?.([]),
          message: `The registrations are ${describe(values)}, not a list.`,
        }),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const registrations: MarketplaceRegistration[] = [];
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const locate = options.locate;
    const result = parseMarketplaceRegistration(value, {
      ...options,
      ...(locate ? { locate: (path: JsonPath) => locate([index, ...path]) } : {}),
    });
    diagnostics.push(...result.diagnostics);
    if (!result.ok) return;
    if (seen.has(result.value.name)) {
      const message = `The name "${result.value.name}" is registered twice; the service refuses the whole list.`;
      diagnostics.push(diagnostic(REGISTRATION_DUPLICATE_NAME, { file, at: locate?.([index, 'name']), message }));
    }
    seen.add(result.value.name);
    registrations.push(result.value);
  });
  if (diagnostics.some((d) => d.severity === 'error')) return { ok: false, diagnostics };
  return { ok: true, value: registrations, diagnostics };
}

/** The registration as the agent server receives it: the app's `scope` removed. */
export function toAgentServerRegistration(registration: MarketplaceRegistration): Omit<MarketplaceRegistration, 'scope'> {
  const { scope: _scope, ...rest } = registration;
  return rest;
}

/** Whether Auto-Load of this registration takes the named plugin or skill (`true`: all; a list: those names). */
export function autoLoads(registration: Pick<MarketplaceRegistration, 'auto_load'>, name: string): boolean {
  return Array.isArray(registration.auto_load) ? registration.auto_load.includes(name) : registration.auto_load === true;
}
