/**
 * Every diagnostic of marketplace registrations: the stable code, what the service does, and how to fix it.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

/** Not an object. */
export const REGISTRATION_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'registration-not-object',
  severity: 'error',
  title: 'A registration is not an object',
  description: 'The service reads a registration as `{name, source, ref?, repo_path?, auto_load}` and refuses anything else.',
  hint: 'Write an object with at least `name` and `source`.',
  example: '"github:o/r"',
});
/** `name` or `source` missing. */
export const REGISTRATION_FIELD_MISSING = /* @__PURE__ */ defineRule({
  code: 'registration-field-missing',
  severity: 'error',
  title: 'A registration lacks `name` or `source`',
  description: 'The service requires both and refuses the registration.',
  hint: 'Add the field.',
  example: '{"source": "github:o/r"}',
});
/** A field has the wrong type. */
export const REGISTRATION_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'registration-wrong-type',
  severity: 'error',
  title: 'A registration field has the wrong type',
  description:
    '`name`, `source`, `ref` and `repo_path` are text, `auto_load` a boolean (or a list of plugin names), `scope` text; the service refuses other types.',
  hint: 'Write the value as the type the message names.',
  example: '{"name": "m", "source": "github:o/r", "auto_load": "yes"}',
});
/** `source` matches none of the app's patterns. */
export const REGISTRATION_SOURCE_PATTERN = /* @__PURE__ */ defineRule({
  code: 'registration-source-pattern',
  severity: 'error',
  title: 'The app refuses this marketplace source',
  description:
    'The app accepts only `github:owner/repo`, a URL starting `https://`, `http://`, `git@`, `ssh://` or `git://` made of letters, digits and `_.-/:` (so no credentials), or a plain relative path.',
  hint: 'Write `github:owner/repo` or a clean `https://` URL; give credentials to the service another way.',
  example: 'https://user:token@gitlab.com/o/r.git',
});
/** The agent server cannot read the source. */
export const REGISTRATION_SOURCE_UNPARSABLE = /* @__PURE__ */ defineRule({
  code: 'registration-source-unparsable',
  severity: 'error',
  title: 'The agent server cannot fetch this source',
  description:
    'The source passes the app\u2019s pattern, but the agent server\u2019s source parser refuses it (an `ssh://` URL, a bare word): the marketplace never loads.',
  hint: 'Write `github:owner/repo`, an `https://` URL or `git@host:owner/repo.git`.',
  example: 'my-marketplace',
});
/** A local path. */
export const REGISTRATION_SOURCE_LOCAL = /* @__PURE__ */ defineRule({
  code: 'registration-source-local',
  severity: 'warning',
  title: 'The marketplace source is a local path',
  description:
    'A path is read on the agent server\u2019s machine, relative to its working directory; it is rarely the folder the author means.',
  hint: 'Register the git repository that holds the marketplace instead.',
  example: 'marketplaces/team',
});
/** `repo_path` unsafe. */
export const REGISTRATION_REPO_PATH_INVALID = /* @__PURE__ */ defineRule({
  code: 'registration-repo-path-invalid',
  severity: 'error',
  title: '`repo_path` is not a folder inside the repository',
  description:
    'The service requires `repo_path` to be non-empty, `/`-separated, relative (not `/x`, not a Windows drive) and without `..`, and refuses the registration otherwise.',
  hint: 'Write the folder relative to the repository root, such as `marketplaces/team`.',
  example: '{"repo_path": "../x"}',
});
/** `repo_path` with a local source. */
export const REGISTRATION_REPO_PATH_LOCAL = /* @__PURE__ */ defineRule({
  code: 'registration-repo-path-local',
  severity: 'error',
  title: '`repo_path` on a local source',
  description: 'The service accepts `repo_path` only for git sources; fetching a local source with one fails.',
  hint: 'Put the folder into the path and remove `repo_path`.',
  example: '{"source": "marketplaces", "repo_path": "team"}',
});
/** `auto_load` as a list. */
export const REGISTRATION_AUTO_LOAD_LIST = /* @__PURE__ */ defineRule({
  code: 'registration-auto-load-list',
  severity: 'warning',
  title: '`auto_load` is a list of names',
  description: 'The agent server accepts a list of plugin names, but the app\u2019s settings accept only `true` or `false`.',
  hint: 'Use `true` in app settings, or pass the list to the agent server directly.',
  example: '{"auto_load": ["formatter"]}',
});
/** `scope` unknown. */
export const REGISTRATION_SCOPE_INVALID = /* @__PURE__ */ defineRule({
  code: 'registration-scope-invalid',
  severity: 'error',
  title: '`scope` is not `instance`, `org` or `personal`',
  description: 'The app refuses any other scope.',
  hint: 'Use `personal`, `org` or `instance`.',
  example: '{"scope": "team"}',
});
/** The caller may not register at this scope. */
export const REGISTRATION_SCOPE_REFUSED = /* @__PURE__ */ defineRule({
  code: 'registration-scope-refused',
  severity: 'error',
  title: 'Registering at this scope is not allowed',
  description:
    'The role check refused this scope for this registration (for example, only administrators register `org` or `instance` marketplaces).',
  hint: 'Register it as `personal`, or ask someone with the role.',
  example: '{"scope": "instance"}',
});
/** Two registrations with one name. */
export const REGISTRATION_DUPLICATE_NAME = /* @__PURE__ */ defineRule({
  code: 'registration-duplicate-name',
  severity: 'error',
  title: 'Two registrations have the same name',
  description:
    'The service refuses a list of registrations with a repeated name (`Duplicate marketplace registration`), and no marketplace of the list loads.',
  hint: 'Give every registration its own name.',
  example: '[{"name": "team", …}, {"name": "team", …}]',
});
/** A key the service does not know. */
export const REGISTRATION_UNKNOWN_FIELD = /* @__PURE__ */ defineRule({
  code: 'registration-unknown-field',
  severity: 'info',
  title: 'A registration field the service does not know',
  description: 'The service drops unknown keys without a word.',
  hint: 'Check the spelling, or remove the key.',
  example: '{"autoload": true}',
});

/** The rules of marketplace registrations. */
export const REGISTRATION_RULES: readonly Rule[] = [
  REGISTRATION_NOT_OBJECT,
  REGISTRATION_FIELD_MISSING,
  REGISTRATION_WRONG_TYPE,
  REGISTRATION_SOURCE_PATTERN,
  REGISTRATION_SOURCE_UNPARSABLE,
  REGISTRATION_SOURCE_LOCAL,
  REGISTRATION_REPO_PATH_INVALID,
  REGISTRATION_REPO_PATH_LOCAL,
  REGISTRATION_AUTO_LOAD_LIST,
  REGISTRATION_SCOPE_INVALID,
  REGISTRATION_SCOPE_REFUSED,
  REGISTRATION_DUPLICATE_NAME,
  REGISTRATION_UNKNOWN_FIELD,
];
