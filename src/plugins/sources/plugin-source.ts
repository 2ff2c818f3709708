/**
 * Plugin sources: `github:owner/repo`, a git URL or a local path, classified as the service's
 * source parser classifies them, with the canonical form it fetches and the credentials of a URL
 * kept out of every message and display form.
 * @module
 */
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import { isWindowsAbsolute } from '../../internal/python/path';
import type { ParseResult } from '../../internal/result';
import type { Rule } from '../../internal/rule';
import {
  SOURCE_CREDENTIALS,
  SOURCE_EMPTY,
  SOURCE_GITHUB_SHORTHAND_INVALID,
  SOURCE_LOCAL_PATH,
  SOURCE_LOOKS_LIKE_GITHUB,
  SOURCE_SSH_URL,
  SOURCE_UNRECOGNIZED,
  SOURCE_URL_GIT_SLASH,
  SOURCE_WHITESPACE,
  SOURCE_WINDOWS_PATH,
} from './plugin-source-rules';
import { redactSourceCredentials } from './source-redact';

export { SOURCE_RULES } from './plugin-source-rules';
export { redactSourceCredentials } from './source-redact';

/** `github:owner/repo`, fetched as `https://github.com/owner/repo.git`. */
export interface GitHubPluginSource {
  kind: 'github';
  /** The text as given, without surrounding whitespace. */
  source: string;
  owner: string;
  repo: string;
  /** The URL the service clones. */
  url: string;
  /** The canonical form with any credentials masked. */
  display: string;
}

/** A git URL: `https://`, `http://` (`.git` appended when missing), `user@host:path`, `ssh://`, `git://` or `file://`. */
export interface GitPluginSource {
  kind: 'git';
  source: string;
  /** Which URL form it is; `scp` is `user@host:path`. */
  form: 'https' | 'http' | 'scp' | 'ssh' | 'git' | 'file';
  /** The URL the service clones (credentials kept: it is the value, never printed). */
  url: string;
  display: string;
}

/** A folder on the machine the service runs on. */
export interface LocalPluginSource {
  kind: 'local';
  source: string;
  form: 'absolute' | 'home' | 'relative' | 'windows';
  path: string;
  display: string;
}

/** What {@link parsePluginSource} makes of a source. */
export type ParsedPluginSource = GitHubPluginSource | GitPluginSource | LocalPluginSource;

/** Where the source text came from, so diagnostics point at it. */
export interface PluginSourceOptions {
  /** The file named in diagnostics; `<input>` when omitted. */
  file?: string;
  /** The position of the source value; 1:1 when omitted. */
  at?: Position;
}

const SCP = /^[\p{L}\p{N}_.-]+@[\p{L}\p{N}_.-]+:/u;
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Classifies a plugin source the way the service's source parser does: `github:owner/repo`
 * (exactly one `/`) → `https://github.com/owner/repo.git`; `https://`/`http://` (`.git` appended
 * when missing), `user@host:path`, `git://`, `file://` → git; `/`, `~`, `.`-prefixed,
 * Windows-absolute, backslash- or slash-containing non-URL text → local; anything else → error.
 * `ssh://` URLs are typed as git with an error diagnostic: git clones them, the service refuses them.
 * `ok: false` only when the text is no source at all. Never throws.
 */
export function parsePluginSource(source: string, options: PluginSourceOptions = {}): ParseResult<ParsedPluginSource> {
  const file = options.file ?? '<input>';
  const at = options.at;
  const diagnostics: Diagnostic[] = [];
  const report = (r: Rule, message: string, hint?: string) =>
    diagnostics.push(diagnostic(r, hint === undefined ? { file, at, message } : { file, at, message, hint }));
  const text = typeof source === 'string' ? source.trim() : '';
  const shown = redactSourceCredentials(text);
  if (typeof source === 'string' && text !== source && text !== '') {
    report(SOURCE_WHITESPACE, `The source "${redactSourceCredentials(source)}" has whitespace around it; the service reads "${shown}".`);
  }
  if (text === '') {
    report(SOURCE_EMPTY, 'The plugin source is empty; the service refuses it.');
    return { ok: false, diagnostics };
  }
  const value = classify(text);
  if (value === undefined) {
    report(
      text.startsWith('github:') ? SOURCE_GITHUB_SHORTHAND_INVALID : SOURCE_UNRECOGNIZED,
      text.startsWith('github:')
        ? `"${shown}" does not have exactly one "/" after "github:"; the service refuses it.`
        : `"${shown}" is neither "github:owner/repo", a git URL nor a path; the service refuses it.`,
    );
    return { ok: false, diagnostics };
  }
  if (value.kind === 'github' && (value.owner === '' || value.repo === '')) {
    report(
      SOURCE_GITHUB_SHORTHAND_INVALID,
      `"${shown}" has an empty owner or repository; the service tries to clone ${value.url} and fails.`,
    );
  }
  if (value.kind === 'git' && value.form === 'ssh') {
    report(SOURCE_SSH_URL, `The service's source parser does not recognise "${shown}" and refuses it.`, sshHint(text));
  }
  if (value.kind === 'git' && /\.git\/+$/.test(text) && (value.form === 'https' || value.form === 'http')) {
    report(SOURCE_URL_GIT_SLASH, `"${shown}" ends in ".git/"; the service clones ${value.display} instead.`);
  }
  if (value.kind === 'git' && shown !== text) {
    report(SOURCE_CREDENTIALS, `The URL "${shown}" carries credentials (masked here).`);
  }
  if (value.kind === 'local') {
    if (value.form === 'windows' || text.includes('\\')) {
      report(SOURCE_WINDOWS_PATH, `"${shown}" is a Windows path; on the service's Linux machine no such folder exists.`);
    } else if (GITHUB_LIKE.test(text)) {
      report(
        SOURCE_LOOKS_LIKE_GITHUB,
        `"${shown}" is read as a folder on the machine the conversation runs on, not as the GitHub repository github:${shown}.`,
        `Write "github:${shown}" for the repository, or "./${shown}" for a folder.`,
      );
    } else {
      report(SOURCE_LOCAL_PATH, `"${shown}" is read as a folder on the machine the conversation runs on.`);
    }
  }
  return { ok: true, value, diagnostics };
}

/** `owner/repo` as GitHub names them: a relative path of two names, the first a possible user or organization. */
const GITHUB_LIKE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]+$/;

function classify(text: string): ParsedPluginSource | undefined {
  if (text.startsWith('github:')) {
    const rest = text.slice(7);
    const slash = rest.indexOf('/');
    if (slash < 0 || rest.indexOf('/', slash + 1) >= 0) return undefined;
    const url = `https://github.com/${rest}.git`;
    return { kind: 'github', source: text, owner: rest.slice(0, slash), repo: rest.slice(slash + 1), url, display: text };
  }
  const form = gitForm(text);
  if (form !== undefined) {
    const url = (form === 'https' || form === 'http') && !text.endsWith('.git') ? `${text.replace(/\/+$/, '')}.git` : text;
    return { kind: 'git', source: text, form, url, display: redactSourceCredentials(url) };
  }
  const local = localForm(text);
  if (local === undefined) return undefined;
  return { kind: 'local', source: text, form: local, path: text, display: text };
}

function gitForm(text: string): GitPluginSource['form'] | undefined {
  if (text.startsWith('https://')) return 'https';
  if (text.startsWith('http://')) return 'http';
  if (SCP.test(text)) return 'scp';
  if (text.startsWith('git://')) return 'git';
  if (text.startsWith('file://')) return 'file';
  if (text.startsWith('ssh://')) return 'ssh';
  return undefined;
}

function localForm(text: string): LocalPluginSource['form'] | undefined {
  if (text.startsWith('~')) return 'home';
  if (text.startsWith('.')) return 'relative';
  if (text.startsWith('/')) return 'absolute';
  if (text.startsWith('\\') || isWindowsAbsolute(text)) return 'windows';
  if (text.includes('\\') && !URL_SCHEME.test(text)) return 'windows';
  if (text.includes('/') && !text.includes('://')) return 'relative';
  return undefined;
}

function sshHint(text: string): string {
  const match = /^ssh:\/\/([^@/]+@)?([^/:]+)\/(.+)$/.exec(text);
  if (!match) return SOURCE_SSH_URL.hint;
  // The scp form carries a user name but never a password.
  const user = match[1] ? `${match[1].split(':')[0]?.replace(/@$/, '')}@` : 'git@';
  return `Write it as "${user}${match[2]}:${match[3]}" (the scp form the service reads).`;
}

/** Options of {@link formatPluginSource}. */
export interface FormatPluginSourceOptions {
  /** Mask credentials in URLs (for logs and displays). Default `false`: the value as it must be fetched. */
  redact?: boolean;
}

/**
 * The canonical text of a parsed source: `github:owner/repo`, the git URL the service clones
 * (`.git` appended to http(s) URLs), or the path. `parsePluginSource(formatPluginSource(x))`
 * gives `x` back.
 */
export function formatPluginSource(parsed: ParsedPluginSource, options: FormatPluginSourceOptions = {}): string {
  const text = parsed.kind === 'github' ? `github:${parsed.owner}/${parsed.repo}` : parsed.kind === 'git' ? parsed.url : parsed.path;
  return options.redact ? redactSourceCredentials(text) : text;
}
