/**
 * The rules of the plugin manifest parsers: the Agent Plugins 1.0.0 root `plugin.json`
 * (`parsePluginManifest`) and the legacy `.plugin/plugin.json` / `.claude-plugin/plugin.json`
 * (`parseLegacyPluginManifest`).
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

/** The manifest is valid JSON but not an object. */
export const MANIFEST_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'manifest-not-object',
  severity: 'error',
  title: 'The manifest is not a JSON object',
  description: 'The service requires plugin.json to hold one JSON object and rejects the plugin otherwise.',
  hint: 'Make the whole file one object: { "name": "my-plugin", … }.',
  example: '["my-plugin"]',
});

/** A root plugin.json without `$schema`. */
export const MANIFEST_SCHEMA_MISSING = /* @__PURE__ */ defineRule({
  code: 'manifest-schema-missing',
  severity: 'error',
  title: 'The Agent Plugins manifest has no $schema',
  description:
    'An Agent Plugins manifest must name the specification version it targets in `$schema`; the service checks it before anything else and rejects the plugin without it.',
  hint: 'Add "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json" as the first key.',
  example: '{ "name": "my-plugin" }',
});

/** A `$schema` that is not the 1.0.0 plugin schema. */
export const MANIFEST_SCHEMA_UNSUPPORTED = /* @__PURE__ */ defineRule({
  code: 'manifest-schema-unsupported',
  severity: 'error',
  title: 'The manifest targets a version the service does not support',
  description:
    'The service supports exactly one `$schema` value, the Agent Plugins 1.0.0 identifier, compared as text; any other value (another version, a typo, the mcp.json schema) rejects the plugin. The schema is never fetched.',
  hint: 'Set "$schema" to exactly "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json".',
  example: '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.json", "name": "my-plugin" }',
});

/** A key the manifest's schema does not define. */
export const MANIFEST_UNKNOWN_KEY = /* @__PURE__ */ defineRule({
  code: 'manifest-unknown-key',
  severity: 'warning',
  title: 'A top-level key the manifest does not define',
  description:
    'The Agent Plugins manifest is closed: an unknown top-level key is reported and ignored, and the plugin still loads. In a legacy manifest the service keeps unknown keys as extra data it never reads.',
  hint: 'Remove the key, or move client-specific data under "extensions" with a reverse-domain namespace.',
  example: '{ "$schema": "…", "name": "my-plugin", "entry_command": "run" }',
});

/** `extensions` that is not an object. */
export const MANIFEST_EXTENSIONS_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'manifest-extensions-not-object',
  severity: 'warning',
  title: '"extensions" is not an object',
  description: 'A non-object "extensions" field is reported and ignored as a whole; the plugin still loads without any extension data.',
  hint: 'Make "extensions" an object keyed by namespace: { "dev.openhands": { … } }.',
  example: '{ "$schema": "…", "name": "my-plugin", "extensions": ["dev.openhands"] }',
});

/** A namespace inside `extensions` whose value is not an object. */
export const MANIFEST_EXTENSION_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'manifest-extension-not-object',
  severity: 'error',
  title: 'An extension namespace holds something other than an object',
  description: 'Every value inside "extensions" must be an object; anything else is a schema violation and rejects the plugin.',
  hint: 'Wrap the namespace data in an object: "com.example.client": { "setting": true }.',
  example: '{ "$schema": "…", "name": "my-plugin", "extensions": { "dev.openhands": "run" } }',
});

/** A namespace the service does not implement. */
export const MANIFEST_EXTENSION_UNUSED = /* @__PURE__ */ defineRule({
  code: 'manifest-extension-unused',
  severity: 'info',
  title: 'An extension namespace the service does not read',
  description:
    'The service implements only the "dev.openhands" namespace and ignores the others without validating them, as the specification asks.',
  hint: 'Nothing to fix if another client reads this namespace; the service\'s own data goes under "dev.openhands".',
  example: '{ "extensions": { "com.example.client": { "setting": true } } }',
});

/** Data under `extensions["dev.openhands"]` that the service ignores. */
export const MANIFEST_OPENHANDS_EXTENSION_IGNORED = /* @__PURE__ */ defineRule({
  code: 'manifest-openhands-extension-ignored',
  severity: 'warning',
  title: 'Data in the "dev.openhands" namespace that the service ignores',
  description:
    'The service reads only "entry_command" (a non-empty string: the command launched with the plugin) from extensions["dev.openhands"]; any other key, or an entry_command of another type, is ignored.',
  hint: 'Keep only "entry_command": "<command name>" in the namespace; hooks, agents and commands go in the dev.openhands/ folder.',
  example: '{ "extensions": { "dev.openhands": { "entry_command": 1 } } }',
});

/** A key in `author` other than name, email, url. */
export const MANIFEST_AUTHOR_EXTRA_KEY = /* @__PURE__ */ defineRule({
  code: 'manifest-author-extra-key',
  severity: 'error',
  title: '"author" has a key other than name, email and url',
  description:
    'The Agent Plugins author object is closed: any other key rejects the plugin. In a legacy manifest the service ignores the extra key.',
  hint: 'Keep only "name", "email" and "url" in "author".',
  example: '{ "author": { "name": "Ada", "github": "ada" } }',
});

/** A name that breaks the Agent Plugins name rules. */
export const MANIFEST_NAME_INVALID = /* @__PURE__ */ defineRule({
  code: 'manifest-name-invalid',
  severity: 'error',
  title: 'The plugin name breaks the naming rules',
  description:
    'An Agent Plugins name is 1–64 characters of a-z, 0-9, "-" and ".", starts and ends with a letter or digit, and has no "--" or ".."; any other name rejects the plugin.',
  hint: 'Use a lowercase name such as "my-plugin" or "acme.tools".',
  example: '{ "$schema": "…", "name": "My Plugin" }',
});

/** No `name`. */
export const MANIFEST_NAME_MISSING = /* @__PURE__ */ defineRule({
  code: 'manifest-name-missing',
  severity: 'error',
  title: 'The manifest has no name',
  description: '"name" is required in both manifest formats; without it the service rejects the plugin.',
  hint: 'Add "name": "<plugin-name>".',
  example: '{ "$schema": "…", "version": "1.0.0" }',
});

/** A field of the wrong JSON type. */
export const MANIFEST_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'manifest-wrong-type',
  severity: 'error',
  title: 'A manifest field has the wrong JSON type',
  description:
    'Metadata is checked by JSON type only (any string is a fine version, URL or licence), but a field of the wrong type (a number for a string, an object for a list) rejects the plugin.',
  hint: 'Write the field with the JSON type the manifest defines.',
  example: '{ "$schema": "…", "name": "my-plugin", "version": 1.2 }',
});

/** A Claude Code component field in a legacy manifest. */
export const MANIFEST_FIELD_NOT_HONOURED = /* @__PURE__ */ defineRule({
  code: 'manifest-field-not-honoured',
  severity: 'warning',
  title: 'A Claude Code manifest field the service does not honour',
  description:
    'The service keeps Claude Code\'s component fields ("commands", "agents", "skills", "hooks", "mcpServers", "userConfig"…) as extra data but never reads them: it only scans the default folders (skills/, commands/, agents/, hooks/hooks.json, .mcp.json).',
  hint: 'Put the component in its default location instead of pointing at it from the manifest.',
  example: '{ "name": "my-plugin", "hooks": "./config/hooks.json" }',
});

/** An `entry_command` that cannot form a slash command. */
export const MANIFEST_ENTRY_COMMAND_INVALID = /* @__PURE__ */ defineRule({
  code: 'manifest-entry-command-invalid',
  severity: 'warning',
  title: 'entry_command does not name a command',
  description:
    'The service launches the plugin with the message "/<plugin>:<entry_command>"; a value that starts with "/" or holds spaces gives a message that triggers no command.',
  hint: 'Write the command\'s file name without ".md" and without a slash: "entry_command": "now" for commands/now.md.',
  example: '{ "name": "weather", "entry_command": "/now" }',
});

/** Older servers ignore a root plugin.json. */
export const MANIFEST_ROOT_IGNORED_BEFORE_1_49 = /* @__PURE__ */ defineRule({
  code: 'manifest-root-ignored-before-1.49',
  severity: 'warning',
  title: 'Servers before 1.49 ignore a root plugin.json',
  description:
    'Before 1.49 the service has no Agent Plugins support: it loads the folder as a legacy plugin named after the folder, reading .plugin/plugin.json or .claude-plugin/plugin.json if present, and ignores the root plugin.json. A warning when judged for 1.43 (`--service 1.43`); worth knowing (info) when judged for 1.49.',
  hint: 'To support older servers too, also ship .plugin/plugin.json with the same "name".',
});

/** The rules of the manifest parsers. */
export const MANIFEST_RULES: readonly Rule[] = [
  MANIFEST_NOT_OBJECT,
  MANIFEST_SCHEMA_MISSING,
  MANIFEST_SCHEMA_UNSUPPORTED,
  MANIFEST_UNKNOWN_KEY,
  MANIFEST_EXTENSIONS_NOT_OBJECT,
  MANIFEST_EXTENSION_NOT_OBJECT,
  MANIFEST_EXTENSION_UNUSED,
  MANIFEST_OPENHANDS_EXTENSION_IGNORED,
  MANIFEST_AUTHOR_EXTRA_KEY,
  MANIFEST_NAME_INVALID,
  MANIFEST_NAME_MISSING,
  MANIFEST_WRONG_TYPE,
  MANIFEST_FIELD_NOT_HONOURED,
  MANIFEST_ENTRY_COMMAND_INVALID,
  MANIFEST_ROOT_IGNORED_BEFORE_1_49,
];
