/**
 * Every diagnostic `agentwire/skills` raises: the stable code, what the service does, and how to
 * fix it. `agentwire validate` documents these (docs/validate/rules/ is generated from this table).
 * @module
 */
// The rules of reading a skill file from disk are shared with the plugin folder loader and validate;
// they are listed here with the skills' own.
import * as fileRules from '../internal/node/file-rules';
import { defineRule, type Rule } from '../internal/rule';

export * from '../internal/node/file-rules';

export const SKILL_NAME_INVALID = /* @__PURE__ */ defineRule({
  code: 'skill-name-invalid',
  severity: 'error',
  title: 'A SKILL.md name breaks the Agent Skills naming rules',
  description:
    'The service checks SKILL.md names strictly (lowercase letters, digits and single hyphens, at most 64 characters) and drops the skill with one log line.',
  hint: 'Rename the skill to lowercase words joined by single hyphens (and its folder with it).',
  example: 'name: My_Skill',
});
export const SKILL_NAME_MISMATCH = /* @__PURE__ */ defineRule({
  code: 'skill-name-mismatch',
  severity: 'error',
  title: 'A SKILL.md name differs from its folder',
  description:
    'The service requires the `name` of a SKILL.md to equal the name of the folder that holds it, and silently drops the skill otherwise.',
  hint: 'Make the `name` field and the folder name the same.',
  example: 'skills/pdf-tools/SKILL.md with name: pdf',
});
export const FRONTMATTER_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'frontmatter-wrong-type',
  severity: 'error',
  title: 'A front matter field has the wrong type',
  description:
    'A field the service types strictly (`description`, `license`, `compatibility` as text, `triggers` as a list of text, `inputs` as `{name, description}` items, `disable-model-invocation` as a boolean) holds another type. The service fails on it in a way that drops every skill of the folder, not just this one.',
  hint: 'Write the value as the type shown; quote YAML values that would read as numbers, booleans or dates (`"1.0"`, `"yes"`).',
  example: 'description: 42',
});
export const DESCRIPTION_MISSING = /* @__PURE__ */ defineRule({
  code: 'description-missing',
  severity: 'warning',
  title: 'A skill has no description',
  description:
    'The agent chooses skills by their description. Without one the service shows the first line of the body instead, and the Agent Skills specification rejects the skill.',
  hint: 'Add a `description` that says what the skill does and when to use it.',
});
export const DESCRIPTION_TOO_LONG = /* @__PURE__ */ defineRule({
  code: 'description-too-long',
  severity: 'warning',
  title: 'A description is longer than 1,024 characters',
  description: 'The service cuts the description at 1,024 characters and adds a notice; the Agent Skills specification rejects it.',
  hint: 'Shorten the description to 1,024 characters and move details into the body.',
});
export const WOULD_DROP_SKILL = /* @__PURE__ */ defineRule({
  code: 'would-drop-skill',
  severity: 'error',
  title: 'The service drops this skill',
  description:
    'A validation the service runs on this file fails (`triggers` not a list, `metadata` not a mapping, `inputs` not a list, bad `allowed-tools`, `paths` or `mcp_tools`, an invalid `.mcp.json`, an unreadable file); it logs one line and loads the other skills.',
  hint: 'Fix the field named in the message.',
  example: 'triggers: deploy',
});
export const WOULD_DROP_DIRECTORY = /* @__PURE__ */ defineRule({
  code: 'would-drop-directory',
  severity: 'error',
  title: 'This file makes the service drop every skill of its folder',
  description:
    'A wrong type or invalid UTF-8 in one file raises an error the service does not catch per file: it drops the whole skills folder (or, for an organization repository, its whole `skills/`). The message names every skill lost.',
  hint: 'Fix the problem reported at the same place; every skill named here comes back.',
});
export const DUPLICATE_SKILL_NAME = /* @__PURE__ */ defineRule({
  code: 'duplicate-skill-name',
  severity: 'error',
  title: 'Two skills in one place have the same name',
  description: 'Within one folder or one owner\u2019s configuration repositories the service keeps one of them without saying so.',
  hint: 'Rename one of the skills, or delete the copy you do not want.',
});
export const SHADOWED_SKILL = /* @__PURE__ */ defineRule({
  code: 'shadowed-skill',
  severity: 'warning',
  title: 'A skill is hidden by another of the same name',
  description: 'The service keeps one skill per name; the other is skipped. The message says which one wins and why.',
  hint: 'Rename the skill if both should load; remove the hidden copy if not.',
});
export const BUILTIN_NAME_COLLISION = /* @__PURE__ */ defineRule({
  code: 'builtin-name-collision',
  severity: 'warning',
  title: 'A custom skill takes the name of a built-in skill',
  description: 'Enablement is keyed by name: disabling the built-in also disables this skill, and enabling one enables both.',
  hint: 'Give the custom skill a name of its own.',
});
export const INLINE_COMMAND = /* @__PURE__ */ defineRule({
  code: 'inline-command',
  severity: 'warning',
  title: 'The body runs a shell command when the skill is used',
  description:
    'The service executes inline !`command` blocks of a skill body in the sandbox each time the skill is invoked and puts their output in the prompt. agentwire never executes them.',
  hint: 'Make sure the command is safe and quick (the service stops it after 10 seconds); write \\!`command` to show the text without running it.',
  example: 'Current branch: !`git branch --show-current`',
});
export const FRONTMATTER_IGNORED_KEY = /* @__PURE__ */ defineRule({
  code: 'frontmatter-ignored-key',
  severity: 'info',
  title: 'The service ignores a front matter key',
  description: 'Keys such as `version`, `type`, `agent` or `trigger` (singular) are read by other tools but not by the service.',
  hint: 'Remove the key, or use the field the service reads (`triggers`, a list).',
  example: 'trigger: deploy',
});
export const PATHS_OVERRIDE_TRIGGERS = /* @__PURE__ */ defineRule({
  code: 'paths-override-triggers',
  severity: 'warning',
  title: 'A skill declares `paths` with `triggers` or `inputs`',
  description: 'With `paths` the skill becomes a path rule: the service ignores its `triggers` and `inputs` and hides it from the model.',
  hint: 'Keep `paths` for a rule, or remove it for a keyword or task skill.',
});
export const NESTED_SKILL_IGNORED = /* @__PURE__ */ defineRule({
  code: 'nested-skill-ignored',
  severity: 'warning',
  title: 'A SKILL.md is nested too deep to load',
  description: 'The service looks for SKILL.md only in immediate subfolders of a skills folder; this one is never loaded.',
  hint: 'Move the folder up so that it sits directly in the skills folder.',
  example: '.agents/skills/group/my-skill/SKILL.md',
});
export const README_LOADED = /* @__PURE__ */ defineRule({
  code: 'readme-loaded-as-skill',
  severity: 'warning',
  title: 'A lowercase readme is loaded as a skill',
  description: 'The service skips only files named exactly `README.md`; `readme.md` or `Readme.md` becomes a skill of its own.',
  hint: 'Rename the file to `README.md`, or move it out of the skills folder.',
});
export const FOLDER_NAMED_LIKE_SKILL = /* @__PURE__ */ defineRule({
  code: 'folder-named-like-skill',
  severity: 'warning',
  title: 'A folder is named like a skill file',
  description:
    'The service takes every `*.md` path below a skills folder for a skill file, folders included; reading a folder fails (IsADirectoryError), and it skips it with one log line. The files inside the folder still load.',
  hint: 'Rename the folder so that its name does not end in `.md`.',
  example: '.agents/skills/notes.md/',
});
export const INSTRUCTION_FILE_SKIPPED = /* @__PURE__ */ defineRule({
  code: 'instruction-file-skipped',
  severity: 'warning',
  title: 'An instruction file is skipped',
  description:
    'The service maps `AGENT.md` and `AGENTS.md` to one name and keeps the first in sorted order (uppercase first); the other is skipped without a log line. Case variants of one file name are skipped too.',
  hint: 'Keep one instruction file per name (merge `AGENT.md` into `AGENTS.md`).',
});
export const MODEL_GATED_CONTEXT = /* @__PURE__ */ defineRule({
  code: 'model-gated-context',
  severity: 'info',
  title: 'An instruction file is used only with one model family',
  description:
    'The service drops context named `claude` or `gemini` (CLAUDE.md, GEMINI.md) unless the conversation uses a model of that family.',
  hint: 'Put instructions for every model in AGENTS.md.',
});
export const CONFIG_REPOSITORY_MISSING = /* @__PURE__ */ defineRule({
  code: 'config-repository-missing',
  severity: 'info',
  title: 'A configuration repository does not exist or cannot be read',
  description: 'The service treats a missing repository as having no skills.',
  hint: 'Create the repository (or check the access token) if skills should come from it.',
});
export const CONFIG_REPOSITORY_LEGACY = /* @__PURE__ */ defineRule({
  code: 'config-repository-legacy-folder',
  severity: 'info',
  title: 'A configuration repository uses the legacy `microagents/` folder',
  description: 'The service still reads `microagents/` after `skills/`, for names `skills/` does not have.',
  hint: 'Move the files into `skills/`.',
});

export const CONFIG_REPOSITORY_UNREACHABLE = /* @__PURE__ */ defineRule({
  code: 'config-repository-unreachable',
  severity: 'warning',
  title: 'A configuration repository cannot be fetched',
  description:
    'Git could not reach the repository (network failure, time limit, a server error). The service loads no skills from it for that conversation.',
  hint: 'Check the network and the host; run the load again.',
});
export const CONFIG_REPOSITORY_REF_MISSING = /* @__PURE__ */ defineRule({
  code: 'config-repository-ref-missing',
  severity: 'warning',
  title: 'The branch, tag or commit asked for does not exist in a configuration repository',
  description:
    'The repository exists, but not the ref given to agentwire; nothing is loaded from it. (The service itself always reads the default branch.)',
  hint: 'Push the branch or tag, or pass an existing ref.',
});

/** Every rule of `agentwire/skills`, in the order the documentation lists them. */
export const SKILL_RULES: readonly Rule[] = [
  SKILL_NAME_INVALID,
  SKILL_NAME_MISMATCH,
  fileRules.FRONTMATTER_INVALID_YAML,
  fileRules.FRONTMATTER_IMPOSSIBLE_DATE,
  fileRules.FRONTMATTER_KEY_INVALID,
  fileRules.FRONTMATTER_INVALID_JSON,
  FRONTMATTER_WRONG_TYPE,
  WOULD_DROP_SKILL,
  WOULD_DROP_DIRECTORY,
  fileRules.INVALID_UTF8,
  fileRules.BOM_BEFORE_FRONTMATTER,
  DUPLICATE_SKILL_NAME,
  SHADOWED_SKILL,
  BUILTIN_NAME_COLLISION,
  DESCRIPTION_MISSING,
  DESCRIPTION_TOO_LONG,
  fileRules.SYMLINK_OUTSIDE_REPOSITORY,
  fileRules.FILE_TOO_LARGE,
  INLINE_COMMAND,
  FRONTMATTER_IGNORED_KEY,
  fileRules.FRONTMATTER_NOT_MAPPING,
  fileRules.FRONTMATTER_UNCLOSED,
  fileRules.FRONTMATTER_JAVASCRIPT,
  PATHS_OVERRIDE_TRIGGERS,
  NESTED_SKILL_IGNORED,
  README_LOADED,
  FOLDER_NAMED_LIKE_SKILL,
  INSTRUCTION_FILE_SKIPPED,
  MODEL_GATED_CONTEXT,
  CONFIG_REPOSITORY_MISSING,
  CONFIG_REPOSITORY_LEGACY,
  CONFIG_REPOSITORY_UNREACHABLE,
  CONFIG_REPOSITORY_REF_MISSING,
];
