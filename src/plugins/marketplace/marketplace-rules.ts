/**
 * Every diagnostic `parseMarketplace` raises: the stable code, what the service does, and how to fix it.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

/** The file is JSON but not an object. */
export const MARKETPLACE_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'marketplace-not-object',
  severity: 'error',
  title: 'The marketplace file is not a JSON object',
  description: 'The service reads the file into its marketplace model and rejects anything but an object: no plugin of it loads.',
  hint: 'Write an object with `name`, `owner` and `plugins`.',
  example: '[{"name": "x", "source": "./x"}]',
});
/** A required field is missing. */
export const MARKETPLACE_FIELD_MISSING = /* @__PURE__ */ defineRule({
  code: 'marketplace-field-missing',
  severity: 'error',
  title: 'A required field is missing',
  description:
    'The service validates the whole file at once: a missing `name`, `owner`, `owner.name`, entry `name` or `source`, a source object without `source`, a `github` source without `repo` or a `url` source without `url` rejects the whole marketplace.',
  hint: 'Add the field named in the message.',
  example: '{"name": "tools", "plugins": []}',
});
/** A field has the wrong type. */
export const MARKETPLACE_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'marketplace-wrong-type',
  severity: 'error',
  title: 'A field has the wrong type',
  description:
    'The service validates every typed field (text, lists of text, booleans, objects) and a single wrong type rejects the whole marketplace.',
  hint: 'Write the value as the type the message names.',
  example: '{"name": "x", "source": "./x", "keywords": "a, b"}',
});
/** A source kind the service cannot load. */
export const MARKETPLACE_SOURCE_UNSUPPORTED = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-unsupported',
  severity: 'error',
  title: 'The service cannot load this source kind',
  description:
    'The service resolves only `github` and `url` source objects (and text paths); for `git-subdir`, `local`, `npm`, `pip` or any other kind it raises "missing required field" and that plugin does not load (in a conversation\u2019s Auto-Load the error stops plugin loading).',
  hint: 'Rewrite the source as the message shows (`git-subdir` → `url` with `path`; `local` → a relative path text).',
  example: '{"source": {"source": "git-subdir", "url": "https://github.com/o/r.git", "path": "plugins/x"}}',
});
/** The `lstrip("./")` bug changes which folder is opened. */
export const MARKETPLACE_SOURCE_LSTRIP = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-lstrip',
  severity: 'error',
  title: 'The service opens a different folder than the path says',
  description:
    'The service removes every leading `.` and `/` from a relative source before joining it to the marketplace root, so `./.claude/x` becomes `claude/x` and `.hidden` becomes `hidden`.',
  hint: 'Avoid folders whose names start with a dot at the start of a source, or move the plugin to a plain folder name.',
  example: '"./.plugins/formatter"',
});
/** A relative source leaves the marketplace root. */
export const MARKETPLACE_SOURCE_ESCAPES_ROOT = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-escapes-root',
  severity: 'error',
  title: 'A relative source leaves the marketplace root',
  description:
    'A source must name a folder inside the marketplace. The service strips leading `../` (opening another folder than meant) and follows inner `..` parts out of the root.',
  hint: 'Move the plugin inside the marketplace repository, or use a `github` / `url` source for another repository.',
  example: '"../other-repo/plugin"',
});
/** An absolute or home path. */
export const MARKETPLACE_SOURCE_ABSOLUTE = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-absolute',
  severity: 'error',
  title: 'A source is an absolute or home path',
  description:
    'The service opens an absolute or `~` path on the machine it runs on, outside the marketplace; it works only where that folder happens to exist.',
  hint: 'Write the source relative to the marketplace root (`./plugins/x`).',
  example: '"/opt/plugins/x"',
});
/** `github:o/r` written as a text source. */
export const MARKETPLACE_SOURCE_SHORTHAND_STRING = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-shorthand-string',
  severity: 'error',
  title: 'A `github:owner/repo` text is read as a folder name',
  description:
    'In a marketplace a text source is a path: the service opens a folder named `github:owner/repo` inside the marketplace root, which does not exist.',
  hint: 'Write `{"source": "github", "repo": "owner/repo"}`.',
  example: '"github:owner/repo"',
});
/** A URL written as a text source. */
export const MARKETPLACE_SOURCE_URL_STRING = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-url-string',
  severity: 'warning',
  title: 'A URL is written as a text source',
  description: 'The service passes a text containing `://` through as a git URL, but Claude Code reads text sources as paths only.',
  hint: 'Write `{"source": "url", "url": "…"}`.',
  example: '"https://github.com/o/r.git"',
});
/** The `repo` or `url` of a source object is not fetchable. */
export const MARKETPLACE_SOURCE_INVALID = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-invalid',
  severity: 'error',
  title: 'The repository of a source object cannot be fetched',
  description:
    'The service hands `github:` + `repo` or the `url` to its source parser; a `repo` that is not `owner/repo`, or a `url` that is no git URL, makes that plugin fail to load.',
  hint: 'Write `repo` as `owner/repo` and `url` as a git URL (`https://…`, `git@host:path`).',
  example: '{"source": "github", "repo": "owner/repo/plugins/x"}',
});
/** The `path` of a source object is unsafe. */
export const MARKETPLACE_SOURCE_PATH_INVALID = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-path-invalid',
  severity: 'error',
  title: 'The `path` of a source object is not a folder inside the repository',
  description:
    'The service refuses a `path` that starts with `/` or has a `..` part when it looks a plugin up by name, and a backslash names no folder on its Linux machine.',
  hint: 'Write the folder relative to the repository root with `/` separators.',
  example: '{"source": "url", "url": "https://github.com/o/r.git", "path": "../x"}',
});
/** `sha` is ignored. */
export const MARKETPLACE_SOURCE_SHA_IGNORED = /* @__PURE__ */ defineRule({
  code: 'marketplace-source-sha-ignored',
  severity: 'warning',
  title: 'The service ignores `sha`',
  description: 'The service checks out `ref` (or the default branch) and never reads `sha`, so the plugin is not pinned to that commit.',
  hint: 'Put the commit in `ref` (a 40-hex ref is checked out exactly).',
  example: '{"source": "url", "url": "https://github.com/o/r.git", "sha": "30287f5e…"}',
});
/** `metadata.pluginRoot` is ignored. */
export const MARKETPLACE_PLUGIN_ROOT_IGNORED = /* @__PURE__ */ defineRule({
  code: 'marketplace-plugin-root-ignored',
  severity: 'warning',
  title: 'The service ignores `metadata.pluginRoot`',
  description:
    'Claude Code prepends `metadata.pluginRoot` to bare source names; the service resolves them from the marketplace root, so the two open different folders.',
  hint: 'Write every source as a full relative path (`./plugins/x`) and drop `pluginRoot`.',
  example: '{"metadata": {"pluginRoot": "./plugins"}, "plugins": [{"name": "x", "source": "x"}]}',
});
/** Inline component definitions are ignored. */
export const MARKETPLACE_INLINE_COMPONENTS_IGNORED = /* @__PURE__ */ defineRule({
  code: 'marketplace-inline-components-ignored',
  severity: 'warning',
  title: 'The service ignores components defined in the entry',
  description:
    'The service loads a plugin only from its folder (`skills/`, `commands/`, `agents/`, `hooks/hooks.json`, `.mcp.json`); `commands`, `agents`, `hooks`, `mcpServers`, `lspServers` and `skills` written in the entry are kept and never used.',
  hint: 'Put the components into the plugin folder.',
  example: '{"name": "x", "source": "./x", "strict": false, "lspServers": {…}}',
});
/** `strict: false` has no effect. */
export const MARKETPLACE_STRICT_IGNORED = /* @__PURE__ */ defineRule({
  code: 'marketplace-strict-ignored',
  severity: 'info',
  title: '`strict: false` has no effect in the service',
  description:
    'Claude Code lets a `strict: false` entry stand in for the plugin manifest; the service loads the source folder as it is (a folder without a manifest is named after the folder).',
  hint: 'Give the plugin folder its own manifest.',
  example: '{"name": "x", "source": "./x", "strict": false}',
});
/** The same plugin name twice. */
export const MARKETPLACE_DUPLICATE_PLUGIN = /* @__PURE__ */ defineRule({
  code: 'marketplace-duplicate-plugin',
  severity: 'warning',
  title: 'Two plugin entries have the same name',
  description:
    'A lookup by name (`name@marketplace`) finds only the first; Auto-Load loads both, and the later one wins where their skills collide.',
  hint: 'Rename or remove one of the entries.',
  example: '[{"name": "x", "source": "./a"}, {"name": "x", "source": "./b"}]',
});
/** The same skill name twice. */
export const MARKETPLACE_DUPLICATE_SKILL = /* @__PURE__ */ defineRule({
  code: 'marketplace-duplicate-skill',
  severity: 'warning',
  title: 'Two standalone skill entries have the same name',
  description: 'Auto-Load loads both; the later one silently replaces the earlier.',
  hint: 'Rename or remove one of the entries.',
  example: '[{"name": "x", "source": "./skills/a"}, {"name": "x", "source": "./skills/b"}]',
});
/** A standalone skill source the service misreads. */
export const MARKETPLACE_SKILL_SOURCE_INVALID = /* @__PURE__ */ defineRule({
  code: 'marketplace-skill-source-invalid',
  severity: 'error',
  title: 'A standalone skill source is read as a wrong folder',
  description:
    'A skill source is a path, a `file://` URL or a GitHub `blob`/`tree` URL; any other URL or `github:` text is read as a folder name inside the marketplace, which does not exist.',
  hint: 'Use a relative path or `https://github.com/owner/repo/tree/branch/path`.',
  example: '{"name": "x", "source": "https://gitlab.com/o/r"}',
});
/** A field with a meaning elsewhere that the service ignores. */
export const MARKETPLACE_IGNORED_FIELD = /* @__PURE__ */ defineRule({
  code: 'marketplace-ignored-field',
  severity: 'info',
  title: 'The service ignores this field',
  description:
    'The field means something to another tool (`renames`), or the service drops or overwrites it (`path`, extra `owner` or `author` keys).',
  hint: 'Keep it if another tool needs it; nothing to fix for the service.',
  example: '{"renames": {"old": "new"}}',
});
/** A key no marketplace dialect defines. */
export const MARKETPLACE_UNKNOWN_FIELD = /* @__PURE__ */ defineRule({
  code: 'marketplace-unknown-field',
  severity: 'info',
  title: 'A field no marketplace format defines',
  description: 'The service keeps unknown keys without using them; a typo stays unnoticed.',
  hint: 'Check the spelling, or remove the key.',
  example: '{"name": "x", "sorce": "./x"}',
});

/** The rules of marketplace files. */
export const MARKETPLACE_RULES: readonly Rule[] = [
  MARKETPLACE_NOT_OBJECT,
  MARKETPLACE_FIELD_MISSING,
  MARKETPLACE_WRONG_TYPE,
  MARKETPLACE_SOURCE_UNSUPPORTED,
  MARKETPLACE_SOURCE_LSTRIP,
  MARKETPLACE_SOURCE_ESCAPES_ROOT,
  MARKETPLACE_SOURCE_ABSOLUTE,
  MARKETPLACE_SOURCE_SHORTHAND_STRING,
  MARKETPLACE_SOURCE_URL_STRING,
  MARKETPLACE_SOURCE_INVALID,
  MARKETPLACE_SOURCE_PATH_INVALID,
  MARKETPLACE_SOURCE_SHA_IGNORED,
  MARKETPLACE_PLUGIN_ROOT_IGNORED,
  MARKETPLACE_INLINE_COMPONENTS_IGNORED,
  MARKETPLACE_STRICT_IGNORED,
  MARKETPLACE_DUPLICATE_PLUGIN,
  MARKETPLACE_DUPLICATE_SKILL,
  MARKETPLACE_SKILL_SOURCE_INVALID,
  MARKETPLACE_IGNORED_FIELD,
  MARKETPLACE_UNKNOWN_FIELD,
];
