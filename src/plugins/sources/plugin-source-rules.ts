/**
 * Every diagnostic of plugin sources (`github:owner/repo`, git URLs, paths): the stable code, what
 * the service does, and how to fix it.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

/** The source is empty. */
export const SOURCE_EMPTY = /* @__PURE__ */ defineRule({
  code: 'source-empty',
  severity: 'error',
  title: 'The plugin source is empty',
  description: 'The service cannot classify an empty source and refuses the plugin.',
  hint: 'Write `github:owner/repo`, a git URL or a path.',
  example: '""',
});
/** `github:` shorthand without exactly one slash, or with an empty part. */
export const SOURCE_GITHUB_SHORTHAND_INVALID = /* @__PURE__ */ defineRule({
  code: 'source-github-shorthand-invalid',
  severity: 'error',
  title: 'A `github:` source is not `github:owner/repo`',
  description:
    'The service requires exactly one `/` after `github:` and refuses anything else; an empty owner or repository passes its parser and fails at the clone.',
  hint: 'Write `github:owner/repo`; put a folder inside the repository in `repo_path`.',
  example: 'github:owner/repo/plugins/x',
});
/** Text the service's parser does not recognise. */
export const SOURCE_UNRECOGNIZED = /* @__PURE__ */ defineRule({
  code: 'source-unrecognized',
  severity: 'error',
  title: 'The source is neither a GitHub shorthand, a git URL nor a path',
  description: 'The service refuses a source it cannot classify (a bare word, an unknown URL scheme).',
  hint: 'Write `github:owner/repo`, a git URL (`https://…`, `git@host:path`, `git://…`) or a path (`./x`, `/x`).',
  example: 'my-plugin',
});
/** `ssh://` URLs: git clones them, the service's parser refuses them. */
export const SOURCE_SSH_URL = /* @__PURE__ */ defineRule({
  code: 'source-ssh-url',
  severity: 'error',
  title: 'The service does not recognise `ssh://` URLs',
  description:
    'Git can clone an `ssh://` URL, but the service\u2019s source parser knows only `https://`, `http://`, `user@host:path`, `git://` and `file://` and refuses it.',
  hint: 'Write the scp form `git@host:owner/repo.git`, or an `https://` URL.',
  example: 'ssh://git@github.com/owner/repo.git',
});
/** `https://host/r.git/`: the service appends `.git` again. */
export const SOURCE_URL_GIT_SLASH = /* @__PURE__ */ defineRule({
  code: 'source-url-git-slash',
  severity: 'error',
  title: 'A URL ends in `.git/`',
  description:
    'The service appends `.git` to an http(s) URL that does not end in `.git` after removing trailing slashes, so `r.git/` becomes `r.git.git` and the clone fails.',
  hint: 'Remove the trailing slash.',
  example: 'https://github.com/owner/repo.git/',
});
/** Credentials written into a URL. */
export const SOURCE_CREDENTIALS = /* @__PURE__ */ defineRule({
  code: 'source-credentials',
  severity: 'warning',
  title: 'The URL carries credentials',
  description:
    'A token in a source travels with every conversation, link or registration that holds it; the service masks it when it stores the conversation, so the stored form cannot be fetched again without the cache.',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: names the service's own placeholder syntax
  hint: 'Give the service the credentials another way (a `${VAR}` placeholder it expands from secrets, or the provider token) and keep the URL clean.',
  example: 'https://oauth2:TOKEN@gitlab.com/org/repo.git',
});
/** Windows paths on a service that runs on Linux. */
export const SOURCE_WINDOWS_PATH = /* @__PURE__ */ defineRule({
  code: 'source-windows-path',
  severity: 'warning',
  title: 'A local source is written in Windows syntax',
  description: 'The service runs on Linux: a drive letter or a backslash is part of a file name there, so the folder is not found.',
  hint: 'Use a POSIX path with `/` separators.',
  example: 'C:\\plugins\\x',
});
/** Local sources are read on the service's machine. */
export const SOURCE_LOCAL_PATH = /* @__PURE__ */ defineRule({
  code: 'source-local-path',
  severity: 'info',
  title: 'A local source is read on the service\u2019s machine',
  description:
    'A path (or `~`) names a folder on the machine the conversation runs on (the sandbox or agent server), not on the author\u2019s computer; a relative path is read from that process\u2019s working directory.',
  hint: 'Publish the plugin in a git repository and use `github:owner/repo` or a git URL to share it.',
  example: './plugins/x',
});
/** `owner/repo` without `github:`: a folder on the service's machine, though it reads like a repository. */
export const SOURCE_LOOKS_LIKE_GITHUB = /* @__PURE__ */ defineRule({
  code: 'source-looks-like-github',
  severity: 'warning',
  title: 'A source written like a GitHub repository is read as a folder',
  description:
    'Without `github:` or a URL, `owner/repo` is a relative path: the service looks for that folder on the machine the conversation runs on, and loads nothing when it is not there.',
  hint: 'Write `github:owner/repo` for the repository, or `./owner/repo` for a folder.',
  example: 'acme/formatter',
});
/** Whitespace around the source. */
export const SOURCE_WHITESPACE = /* @__PURE__ */ defineRule({
  code: 'source-whitespace',
  severity: 'info',
  title: 'The source has whitespace around it',
  description: 'The service strips leading and trailing whitespace before reading the source.',
  hint: 'Remove the whitespace.',
  example: '" github:owner/repo"',
});

/** The rules of plugin sources. */
export const SOURCE_RULES: readonly Rule[] = [
  SOURCE_EMPTY,
  SOURCE_GITHUB_SHORTHAND_INVALID,
  SOURCE_UNRECOGNIZED,
  SOURCE_SSH_URL,
  SOURCE_URL_GIT_SLASH,
  SOURCE_CREDENTIALS,
  SOURCE_WINDOWS_PATH,
  SOURCE_LOCAL_PATH,
  SOURCE_LOOKS_LIKE_GITHUB,
  SOURCE_WHITESPACE,
];
