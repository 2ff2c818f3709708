/**
 * Every diagnostic of marketplace registrations: the stable code, what the service does, and how to fix it.
 * @module
 */
import { defineRule, type Rule } from '../../internal/diagnostic';

/** Not an object. */
export const REGISTRATION_NOT_OBJECT = /* @__PURE__ */ defineRule(
  'registration-not-object',
  'error',
  'A registration is not an object',
  'The service reads a registration as `{name, source, ref?, repo_path?, auto_load}` and refuses anything else.',
  'Write an object with at least `name` and `source`.',
  '"github:o/r"',
);
/** `name` or `source` missing. */
export const REGISTRATION_FIELD_MISSING = /* @__PURE__ */ defineRule(
  'registration-field-missing',
  'error',
  'A registration lacks `name` or `source`',
  'The service requires both and refuses the registration.',
  'Add the field.',
  '{"source": "github:o/r"}',
);
/** A field has the wrong type. */
export const REGISTRATION_WRONG_TYPE = /* @__PURE__ */ defineRule(
  'registration-wrong-type',
  'error',
  'A registration field has the wrong type',
  '`name`, `source`, `ref` and `repo_path` are text, `auto_load` a boolean (or a list of plugin names), `scope` text; the service refuses other types.',
  'Write the value as the type the message names.',
  '{"name": "m", "source": "github:o/r", "auto_load": "yes"}',
);
/** `source` matches none of the app's patterns. */
export const REGISTRATION_SOURCE_PATTERN = /* @__PURE__ */ defineRule(
  'registration-source-pattern',
  'error',
  'The app refuses this marketplace source',
  'The app accepts only `github:owner/repo`, a URL starting `https://`, `http://`, `git@`, `ssh://` or `git://` made of letters, digits and `_.-/:` (so no credentials), or a plain relative path.',
  'Write `github:owner/repo` or a clean `https://` URL; give credentials to the service another way.',
  'https://user:token@gitlab.com/o/r.git',
);
/** The agent server cannot read the source. */
export const REGISTRATION_SOURCE_UNPARSABLE = /* @__PURE__ */ defineRule(
  'registration-source-unparsable',
  'error',
  'The agent server cannot fetch this source',
  'The source passes the app\u2019s pattern, but the agent server\u2019s source parser refuses it (an `ssh://` URL, a bare word): the marketplace never loads.',
  'Write `github:owner/repo`, an `https://` URL or `git@host:owner/repo.git`.',
  'my-marketplace',
);
/** A local path. */
export const REGISTRATION_SOURCE_LOCAL = /* @__PURE__ */ defineRule(
  'registration-source-local',
  'warning',
  'The marketplace source is a local path',
  'A path is read on the agent server\u2019s machine, relative to its working directory; it is rarely the folder the author means.',
  'Register the git repository that holds the marketplace instead.',
  'marketplaces/team',
);
/** `repo_path` unsafe. */
export const REGISTRATION_REPO_PATH_INVALID = /* @__PURE__ */ defineRule(
  'registration-repo-path-invalid',
  'error',
  '`repo_path` is not a folder inside the repository',
  'The service requires `repo_path` to be non-empty, `/`-separated, relative (not `/x`, not a Windows drive) and without `..`, and refuses the registration otherwise.',
  'Write the folder relative to the repository root, such as `marketplaces/team`.',
  '{"repo_path": "../x"}',
);
/** `repo_path` with a local source. */
export const REGISTRATION_REPO_PATH_LOCAL = /* @__PURE__ */ defineRule(
  'registration-repo-path-local',
  'error',
  '`repo_path` on a local source',
  'The service accepts `repo_path` only for git sources; fetching a local source with one fails.',
  'Put the folder into the path and remove `repo_path`.',
  '{"source": "marketplaces", "repo_path": "team"}',
);
/** `auto_load` as a list. */
export const REGISTRATION_AUTO_LOAD_LIST = /* @__PURE__ */ defineRule(
  'registration-auto-load-list',
  'warning',
  '`auto_load` is a list of names',
  'The agent server accepts a list of plugin names, but the app\u2019s settings accept only `true` or `false`.',
  'Use `true` in app settings, or pass the list to the agent server directly.',
  '{"auto_load": ["formatter"]}',
);
/** `scope` unknown. */
export const REGISTRATION_SCOPE_INVALID = /* @__PURE__ */ defineRule(
  'registration-scope-invalid',
  'error',
  '`scope` is not `instance`, `org` or `personal`',
  'The app refuses any other scope.',
  'Use `personal`, `org` or `instance`.',
  '{"scope": "team"}',
);
/** The caller may not register at this scope. */
export const REGISTRATION_SCOPE_REFUSED = /* @__PURE__ */ defineRule(
  'registration-scope-refused',
  'error',
  'Registering at this scope is not allowed',
  'The role check refused this scope for this registration (for example, only administrators register `org` or `instance` marketplaces).',
  'Register it as `personal`, or ask someone with the role.',
  '{"scope": "instance"}',
);
/** Two registrations with one name. */
export const REGISTRATION_DUPLICATE_NAME = /* @__PURE__ */ defineRule(
  'registration-duplicate-name',
  'error',
  'Two registrations have the same name',
  'The service refuses a list of registrations with a repeated name (`Duplicate marketplace registration`), and no marketplace of the list loads.',
  'Give every registration its own name.',
  '[{"name": "team", …}, {"name": "team", …}]',
);
/** A key the service does not know. */
export const REGISTRATION_UNKNOWN_FIELD = /* @__PURE__ */ defineRule(
  'registration-unknown-field',
  'info',
  'A registration field the service does not know',
  'The service drops unknown keys without a word.',
  'Check the spelling, or remove the key.',
  '{"autoload": true}',
);

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
