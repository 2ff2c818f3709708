/**
 * The rules of the `claude-code` profile: Claude Code's plugin and marketplace rules as
 * `claude plugin validate` applies them, checked for every plugin a marketplace lists inside the
 * repository (not only the marketplace file).
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

export const CLAUDE_CODE_UNREADABLE = /* @__PURE__ */ defineRule({
  code: 'claude-code-unreadable',
  severity: 'error',
  title: 'A plugin file cannot be read as UTF-8 text',
  description:
    'Claude Code reads manifests, marketplaces, hooks and Markdown components as UTF-8 text; a file that cannot be read fails validation.',
  hint: 'Save the file as UTF-8.',
  example: 'A plugin.json saved as UTF-16.',
});
export const CLAUDE_CODE_MANIFEST_LOCATION = /* @__PURE__ */ defineRule({
  code: 'claude-code-manifest-location',
  severity: 'warning',
  title: 'A manifest or marketplace Claude Code does not read',
  description:
    'Claude Code reads a plugin manifest only from .claude-plugin/plugin.json and a marketplace only from .claude-plugin/marketplace.json. A .plugin/ file (the service reads it) or a root plugin.json (Agent Plugins) is not read: the plugin loads without metadata, named after its folder or its marketplace entry.',
  hint: 'Add .claude-plugin/ beside .plugin/ (a symbolic link to .plugin works) so both read the same file.',
  example: 'my-plugin/.plugin/plugin.json and no my-plugin/.claude-plugin/',
});
export const CLAUDE_CODE_FIELD_MISSING = /* @__PURE__ */ defineRule({
  code: 'claude-code-field-missing',
  severity: 'error',
  title: 'A required field is missing',
  description:
    'Claude Code requires "name" in plugin.json; "name", "owner" (with "name") and "plugins" in marketplace.json; "name" and "source" in every plugin entry. Validation fails without them.',
  hint: 'Add the field.',
  example: '{ "name": "tools", "owner": { "name": "Ada" } }',
});
export const CLAUDE_CODE_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'claude-code-wrong-type',
  severity: 'error',
  title: 'A field has the wrong JSON type',
  description:
    'Claude Code validates manifests and marketplaces against typed schemas; a field of the wrong type (a string author, a keywords string, an object for a path) fails validation.',
  hint: 'Write the field with the type Claude Code expects.',
  example: '{ "name": "my-plugin", "author": "Ada <ada@example.com>" }',
});
export const CLAUDE_CODE_NAME_INVALID = /* @__PURE__ */ defineRule({
  code: 'claude-code-name-invalid',
  severity: 'error',
  title: 'A plugin or marketplace name Claude Code refuses',
  description: 'Claude Code refuses an empty name or one with spaces.',
  hint: 'Use a kebab-case name such as "my-plugin".',
  example: '{ "name": "My Plugin" }',
});
export const CLAUDE_CODE_NAME_NOT_KEBAB_CASE = /* @__PURE__ */ defineRule({
  code: 'claude-code-name-not-kebab-case',
  severity: 'warning',
  title: 'A name that is not kebab-case',
  description:
    "Claude Code names plugins and marketplaces in kebab-case (lowercase letters, digits, single hyphens); `claude plugin validate` warns about other names, which Claude Desktop's managed marketplace sync rejects.",
  hint: 'Rename it to lowercase words joined by single hyphens.',
  example: '{ "name": "My_Plugin" }',
});
export const CLAUDE_CODE_MARKETPLACE_NAME_RESERVED = /* @__PURE__ */ defineRule({
  code: 'claude-code-marketplace-name-reserved',
  severity: 'error',
  title: 'A marketplace name reserved for Anthropic',
  description:
    "Claude Code reserves the names of Anthropic's own marketplaces (claude-code-marketplace, claude-code-plugins, claude-plugins-official, anthropic-marketplace, anthropic-plugins, agent-skills, knowledge-work-plugins, life-sciences) and refuses them; names that look like an official marketplace (anthropic-…, official-claude-…) may be refused too (a warning).",
  hint: 'Choose a name of your own, such as "<team>-plugins".',
  example: '{ "name": "claude-plugins-official", "owner": { "name": "Ada" }, "plugins": [] }',
});
export const CLAUDE_CODE_UNKNOWN_KEY = /* @__PURE__ */ defineRule({
  code: 'claude-code-unknown-key',
  severity: 'warning',
  title: 'A key Claude Code does not define',
  description:
    "Claude Code strips unknown top-level keys of plugin.json, unknown marketplace keys and unknown plugin-entry keys at load, and `claude plugin validate` reports each as a warning. Keys of other dialects (the service's entry_command or skills[]) are among them.",
  hint: 'Remove the key, or keep it if another client reads it.',
  example: '{ "name": "my-plugin", "entry_command": "run" }',
});
export const CLAUDE_CODE_METADATA_MISSING = /* @__PURE__ */ defineRule({
  code: 'claude-code-metadata-missing',
  severity: 'warning',
  title: 'plugin.json has no version, description or author',
  description: '`claude plugin validate` passes with warnings when a manifest lacks "version", "description" or "author".',
  hint: 'Add the missing fields.',
  example: '{ "name": "my-plugin" }',
});
export const CLAUDE_CODE_EXPERIMENTAL_FIELD = /* @__PURE__ */ defineRule({
  code: 'claude-code-experimental-field',
  severity: 'warning',
  title: 'themes or monitors at the top level of plugin.json',
  description:
    'Claude Code expects "themes" and "monitors" under "experimental"; at the top level they still work, but `claude plugin validate` warns.',
  hint: 'Move the field into "experimental": { "themes": … }.',
  example: '{ "name": "my-plugin", "themes": "./themes" }',
});
export const CLAUDE_CODE_PATH_INVALID = /* @__PURE__ */ defineRule({
  code: 'claude-code-path-invalid',
  severity: 'error',
  title: 'A component path that does not start with ./ or leaves the plugin',
  description:
    'Component paths in plugin.json are relative to the plugin root, start with "./" and must stay inside the plugin (symbolic links included); validation fails otherwise.',
  hint: 'Write the path as "./<folder>/…" inside the plugin.',
  example: '{ "name": "my-plugin", "commands": "commands/" }',
});
export const CLAUDE_CODE_PATH_MISSING = /* @__PURE__ */ defineRule({
  code: 'claude-code-path-missing',
  severity: 'error',
  title: 'A component path that does not exist',
  description: 'A path in plugin.json (commands, agents, skills, hooks, mcpServers, outputStyles…) must exist; validation fails otherwise.',
  hint: 'Create the file or folder, or fix the path.',
  example: '{ "name": "my-plugin", "agents": "./agent/" }',
});
export const CLAUDE_CODE_SKILLS_PATH_FILE = /* @__PURE__ */ defineRule({
  code: 'claude-code-skills-path-file',
  severity: 'error',
  title: 'A skills entry that points at a file',
  description:
    'Each "skills" entry in plugin.json names a skill folder (holding SKILL.md) or a folder of skill folders; a file fails validation.',
  hint: 'Point at the folder that holds the SKILL.md.',
  example: '{ "name": "my-plugin", "skills": ["./skills/pdf/SKILL.md"] }',
});
export const CLAUDE_CODE_SOURCE_INVALID = /* @__PURE__ */ defineRule({
  code: 'claude-code-source-invalid',
  severity: 'error',
  title: 'A plugin source Claude Code cannot read',
  description:
    'A marketplace source is a relative path starting with "./" (resolved from the folder that holds .claude-plugin/, never above it), or an object whose "source" is github (repo), url (url), git-subdir (url, path), npm or pip (package). A bare folder name, a "../" path or another source kind fails validation.',
  hint: 'Write a local plugin as "./plugins/<name>".',
  example: '{ "name": "tools", "source": "plugins/tools" }',
});
export const CLAUDE_CODE_SOURCE_MISSING = /* @__PURE__ */ defineRule({
  code: 'claude-code-source-missing',
  severity: 'error',
  title: 'A relative plugin source that is not a folder in the repository',
  description: "A local marketplace entry must lead to the plugin's folder; Claude Code cannot install an entry whose folder is missing.",
  hint: 'Fix the path, or add the plugin folder.',
  example: '{ "name": "tools", "source": "./plugins/tool" }',
});
export const CLAUDE_CODE_DUPLICATE_PLUGIN = /* @__PURE__ */ defineRule({
  code: 'claude-code-duplicate-plugin',
  severity: 'error',
  title: 'Two marketplace entries with the same name',
  description: 'Plugin names in a marketplace identify what users install (name@marketplace); Claude Code refuses two entries of one name.',
  hint: 'Rename or remove one of the entries.',
  example: '{ "plugins": [{ "name": "a", "source": "./a" }, { "name": "a", "source": "./b" }] }',
});
export const CLAUDE_CODE_FRONTMATTER_INVALID_YAML = /* @__PURE__ */ defineRule({
  code: 'claude-code-frontmatter-invalid-yaml',
  severity: 'error',
  title: 'The front matter of a skill, agent or command is not valid YAML',
  description: '`claude plugin validate` parses the front matter of skills, agents and commands and fails on a YAML error.',
  hint: 'Fix the YAML at the position shown; quote values that hold ": ".',
  example: '---\ndescription: Review: strictly\n---',
});
export const CLAUDE_CODE_FRONTMATTER_INVALID = /* @__PURE__ */ defineRule({
  code: 'claude-code-frontmatter-invalid',
  severity: 'error',
  title: 'Front matter Claude Code cannot use',
  description:
    'The front matter must be a mapping; an agent needs "name" and "description"; text fields (name, description, model) must be text, "tools" and "allowed-tools" text or a list of text, "disable-model-invocation" and "user-invocable" booleans.',
  hint: 'Write the field with the type shown.',
  example: '---\nname: reviewer\n---\n(an agent without a description)',
});
export const CLAUDE_CODE_SKILL_NOT_LOADED = /* @__PURE__ */ defineRule({
  code: 'claude-code-skill-not-loaded',
  severity: 'warning',
  title: 'A skill file Claude Code does not load',
  description:
    'Claude Code loads plugin skills from skills/<name>/SKILL.md; a Markdown file directly in skills/ (which the service loads as a skill) is ignored.',
  hint: 'Move it to skills/<name>/SKILL.md.',
  example: 'my-plugin/skills/deploy.md',
});
export const CLAUDE_CODE_HOOKS_UNKNOWN_EVENT = /* @__PURE__ */ defineRule({
  code: 'claude-code-hooks-unknown-event',
  severity: 'error',
  title: 'A hook event Claude Code does not know',
  description:
    'Claude Code knows about thirty events, spelled in PascalCase (PreToolUse, PostToolUseFailure, Notification, SubagentStop, PreCompact…); a snake_case key (pre_tool_use, which the service accepts) or an unknown name fails validation.',
  hint: 'Use the PascalCase name of a Claude Code event.',
  example: '{ "hooks": { "pre_tool_use": [ … ] } }',
});
export const CLAUDE_CODE_HOOKS_INVALID = /* @__PURE__ */ defineRule({
  code: 'claude-code-hooks-invalid',
  severity: 'error',
  title: 'A hooks file Claude Code cannot read',
  description:
    'A plugin hooks file is { "description"?, "hooks": { Event: [ { "matcher"?, "hooks": [ { "type": "command" | "prompt" | "agent" | "http", … } ] } ] } }: command hooks need "command", prompt and agent hooks "prompt", http hooks "url". The service also reads events at the top level without the "hooks" wrapper; Claude Code does not.',
  hint: 'Wrap the events in "hooks" and give every hook a type and what that type needs.',
  example: '{ "PreToolUse": [ { "hooks": [ { "command": "./lint.sh" } ] } ] }',
});

/** The rules of the `claude-code` profile, in the order the documentation lists them. */
export const CLAUDE_CODE_RULES: readonly Rule[] = [
  CLAUDE_CODE_UNREADABLE,
  CLAUDE_CODE_MANIFEST_LOCATION,
  CLAUDE_CODE_FIELD_MISSING,
  CLAUDE_CODE_WRONG_TYPE,
  CLAUDE_CODE_NAME_INVALID,
  CLAUDE_CODE_NAME_NOT_KEBAB_CASE,
  CLAUDE_CODE_MARKETPLACE_NAME_RESERVED,
  CLAUDE_CODE_UNKNOWN_KEY,
  CLAUDE_CODE_METADATA_MISSING,
  CLAUDE_CODE_EXPERIMENTAL_FIELD,
  CLAUDE_CODE_PATH_INVALID,
  CLAUDE_CODE_PATH_MISSING,
  CLAUDE_CODE_SKILLS_PATH_FILE,
  CLAUDE_CODE_SOURCE_INVALID,
  CLAUDE_CODE_SOURCE_MISSING,
  CLAUDE_CODE_DUPLICATE_PLUGIN,
  CLAUDE_CODE_FRONTMATTER_INVALID_YAML,
  CLAUDE_CODE_FRONTMATTER_INVALID,
  CLAUDE_CODE_SKILL_NOT_LOADED,
  CLAUDE_CODE_HOOKS_UNKNOWN_EVENT,
  CLAUDE_CODE_HOOKS_INVALID,
];
