/**
 * Checking a plugin reference `{source, ref?, repo_path?}` (a conversation attachment, a launch
 * link element, a marketplace lookup's result) the way the service validates and fetches it.
 * @module
 */
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import { hasWindowsDrive } from '../../internal/python/path';
import type { ParseResult } from '../../internal/result';
import { defineRule, type Rule } from '../../internal/rule';
import type { PluginReference } from '../plugin-reference';
import { type ParsedPluginSource, parsePluginSource, redactSourceCredentials } from './plugin-source';

/** A field of the reference has the wrong JSON type. */
export const REFERENCE_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'reference-wrong-type',
  severity: 'error',
  title: 'A reference field has the wrong type',
  description: '`source` must be text, `ref` and `repo_path` text or null; the service refuses the reference otherwise.',
  hint: 'Write the value as a string (or leave it out).',
  example: '{"source": "github:o/r", "ref": 2}',
});
/** `repo_path` is absolute. */
export const REFERENCE_REPO_PATH_ABSOLUTE = /* @__PURE__ */ defineRule({
  code: 'reference-repo-path-absolute',
  severity: 'error',
  title: '`repo_path` is absolute',
  description:
    'The service refuses a `repo_path` starting with `/`; a Windows drive path passes its check but names no folder inside the repository.',
  hint: 'Write the folder relative to the repository root, such as `plugins/my-plugin`.',
  example: '{"source": "github:o/r", "repo_path": "/plugins/x"}',
});
/** `repo_path` has a `..` part. */
export const REFERENCE_REPO_PATH_PARENT = /* @__PURE__ */ defineRule({
  code: 'reference-repo-path-parent',
  severity: 'error',
  title: '`repo_path` climbs out with `..`',
  description: 'The service refuses a `repo_path` with a `..` part: it must stay inside the repository.',
  hint: 'Name the folder from the repository root without `..`.',
  example: '{"source": "github:o/r", "repo_path": "plugins/../../x"}',
});
/** `repo_path` uses backslashes. */
export const REFERENCE_REPO_PATH_BACKSLASH = /* @__PURE__ */ defineRule({
  code: 'reference-repo-path-backslash',
  severity: 'error',
  title: '`repo_path` uses backslashes',
  description: 'The service runs on Linux, where a backslash is part of a folder name: the folder is not found and the fetch fails.',
  hint: 'Use `/` separators.',
  example: '{"source": "github:o/r", "repo_path": "plugins\\\\x"}',
});
/** An empty `repo_path`. */
export const REFERENCE_REPO_PATH_EMPTY = /* @__PURE__ */ defineRule({
  code: 'reference-repo-path-empty',
  severity: 'info',
  title: '`repo_path` is empty',
  description: 'The service treats an empty `repo_path` as the repository root.',
  hint: 'Leave `repo_path` out.',
  example: '{"source": "github:o/r", "repo_path": ""}',
});
/** `repo_path` on a local source. */
export const REFERENCE_REPO_PATH_LOCAL = /* @__PURE__ */ defineRule({
  code: 'reference-repo-path-local',
  severity: 'error',
  title: '`repo_path` on a local source',
  description: 'The service accepts `repo_path` only for git sources and fails to fetch a local source that has one.',
  hint: 'Put the folder into the path itself (`/x/plugins/y`) and remove `repo_path`.',
  example: '{"source": "/x", "repo_path": "plugins/y"}',
});
/** `ref` on a local source. */
export const REFERENCE_REF_LOCAL = /* @__PURE__ */ defineRule({
  code: 'reference-ref-local',
  severity: 'warning',
  title: '`ref` on a local source',
  description: 'A local folder is read as it is: the service ignores `ref`.',
  hint: 'Remove `ref`, or publish the plugin in git to pin a version.',
  example: '{"source": "./x", "ref": "v1"}',
});
/** An empty `ref`. */
export const REFERENCE_REF_EMPTY = /* @__PURE__ */ defineRule({
  code: 'reference-ref-empty',
  severity: 'info',
  title: '`ref` is empty',
  description: 'The service treats an empty `ref` as none and checks out the default branch.',
  hint: 'Leave `ref` out, or name a branch, tag or commit.',
  example: '{"source": "github:o/r", "ref": ""}',
});

/** The rules of plugin references (sources are checked by the `source-*` rules). */
export const REFERENCE_RULES: readonly Rule[] = [
  REFERENCE_WRONG_TYPE,
  REFERENCE_REPO_PATH_ABSOLUTE,
  REFERENCE_REPO_PATH_PARENT,
  REFERENCE_REPO_PATH_BACKSLASH,
  REFERENCE_REPO_PATH_EMPTY,
  REFERENCE_REPO_PATH_LOCAL,
  REFERENCE_REF_LOCAL,
  REFERENCE_REF_EMPTY,
];

/** What is wrong with a `repo_path`, independent of who reports it. */
export type RepoPathProblem = 'empty' | 'backslash' | 'absolute' | 'windows-drive' | 'parent';

/** The problems of a `repo_path` value, in the order the service finds them. */
export function repoPathProblems(value: string): RepoPathProblem[] {
  if (value === '') return ['empty'];
  const problems: RepoPathProblem[] = [];
  if (value.includes('\\')) problems.push('backslash');
  if (value.startsWith('/')) problems.push('absolute');
  else if (hasWindowsDrive(value)) problems.push('windows-drive');
  if (value.split('/').includes('..')) problems.push('parent');
  return problems;
}

/** A reference that passed {@link checkPluginReference}, with its parsed source. */
export interface CheckedPluginReference {
  reference: PluginReference;
  source: ParsedPluginSource;
}

/** Where the reference came from, so diagnostics point at its fields. */
export interface CheckPluginReferenceOptions {
  /** The file named in diagnostics; `<input>` when omitted. */
  file?: string;
  /** The position of a field's value; 1:1 when omitted or when it gives `undefined`. */
  locate?: (field: 'source' | 'ref' | 'repo_path') => Position | undefined;
}

/**
 * Checks a plugin reference: the source (see `parsePluginSource`), `ref` and `repo_path` types,
 * `repo_path` relative, without `..`, not Windows-absolute, with `/` separators, and only for git
 * sources; `ref` only meaningful for git sources. `ok: false` when the service would refuse or fail
 * to fetch the reference. Never throws.
 */
export function checkPluginReference(
  reference: PluginReference,
  options: CheckPluginReferenceOptions = {},
): ParseResult<CheckedPluginReference> {
  const file = options.file ?? '<input>';
  const where = (field: 'source' | 'ref' | 'repo_path') => options.locate?.(field);
  const diagnostics: Diagnostic[] = [];
  let refused = false;
  const report = (r: Rule, field: 'source' | 'ref' | 'repo_path', message: string) => {
    diagnostics.push(diagnostic(r, { file, at: where(field), message }));
    if (r.severity === 'error') refused = true;
  };
  const value = (reference ?? {}) as unknown as Record<string, unknown>;
  for (const field of ['ref', 'repo_path'] as const) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string')
      report(REFERENCE_WRONG_TYPE, field, `\`${field}\` is ${describe(v)}; it must be text or null.`);
  }
  if (typeof value.source !== 'string') {
    report(REFERENCE_WRONG_TYPE, 'source', `\`source\` is ${describe(value.source)}; it must be text.`);
    return { ok: false, diagnostics };
  }
  const parsed = parsePluginSource(value.source, withAt(file, where('source')));
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.ok || parsed.diagnostics.some((d) => d.severity === 'error')) refused = true;
  const ref = typeof value.ref === 'string' ? value.ref : undefined;
  const repoPath = typeof value.repo_path === 'string' ? value.repo_path : undefined;
  const local = parsed.ok && parsed.value.kind === 'local';
  if (ref === '') report(REFERENCE_REF_EMPTY, 'ref', '`ref` is empty; the service checks out the default branch.');
  else if (ref !== undefined && local) report(REFERENCE_REF_LOCAL, 'ref', `\`ref\` "${ref}" is ignored: the source is a local folder.`);
  if (repoPath !== undefined) {
    if (local) {
      report(
        REFERENCE_REPO_PATH_LOCAL,
        'repo_path',
        `\`repo_path\` "${repoPath}" is given for the local source "${redactSourceCredentials(value.source)}"; the service fails to fetch it.`,
      );
    }
    for (const problem of repoPathProblems(repoPath)) {
      const [r, message] = REPO_PATH_MESSAGES[problem];
      report(
        r,
        'repo_path',
        message.replace('%s', () => repoPath),
      );
    }
  }
  if (!parsed.ok || refused) return { ok: false, diagnostics };
  return { ok: true, value: { reference, source: parsed.value }, diagnostics };
}

const REPO_PATH_MESSAGES: Record<RepoPathProblem, [Rule, string]> = {
  empty: [REFERENCE_REPO_PATH_EMPTY, '`repo_path` is empty; the service reads the repository root.'],
  backslash: [
    REFERENCE_REPO_PATH_BACKSLASH,
    '`repo_path` "%s" uses backslashes; on the service\u2019s Linux machine that folder does not exist.',
  ],
  absolute: [REFERENCE_REPO_PATH_ABSOLUTE, '`repo_path` "%s" starts with "/"; the service refuses it.'],
  'windows-drive': [REFERENCE_REPO_PATH_ABSOLUTE, '`repo_path` "%s" is a Windows drive path; no such folder exists inside the repository.'],
  parent: [REFERENCE_REPO_PATH_PARENT, '`repo_path` "%s" has a ".." part; the service refuses it.'],
};

function withAt(file: string, at: Position | undefined): { file: string; at?: Position } {
  return at === undefined ? { file } : { file, at };
}

/** A short description of a JSON value's type, for messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return `the ${typeof value} ${String(value)}`;
}
