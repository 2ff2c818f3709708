/**
 * The rules of reading a skill file from disk, which the skill loaders, the plugin folder loader
 * and `agentwire validate` share: the walker's symbolic links, the file's size and bytes, and its
 * front matter. `SKILL_RULES` (`src/skills/rules.ts`) lists them with the skills' own.
 * @module
 */
import { defineRule } from '../rule';

export const FRONTMATTER_INVALID_YAML = /* @__PURE__ */ defineRule({
  code: 'frontmatter-invalid-yaml',
  severity: 'error',
  title: 'The front matter is not valid YAML',
  description: 'The service cannot parse the front matter and drops the skill.',
  hint: 'Fix the YAML at the position shown; quote values that contain `: ` or start with a special character.',
  example: 'description: Use it: always',
});
export const FRONTMATTER_IMPOSSIBLE_DATE = /* @__PURE__ */ defineRule({
  code: 'frontmatter-impossible-date',
  severity: 'error',
  title: 'The front matter holds a date that does not exist',
  description:
    'The service reads front matter with PyYAML, which turns every unquoted date or time (`2024-02-30`, `2024-01-01 25:00:00`), under any key or as a key, into a Python date; one that does not exist raises a ValueError its per-file catch does not take, so every skill of the folder is lost.',
  hint: 'Correct the date, or quote it (`"2024-02-30"`) to keep it as text.',
  example: 'updated: 2024-02-30',
});
export const FRONTMATTER_KEY_INVALID = /* @__PURE__ */ defineRule({
  code: 'frontmatter-key-invalid',
  severity: 'error',
  title: 'A front matter key cannot be passed on by the service',
  description:
    'The service hands the top-level front matter keys to python-frontmatter as keyword arguments (`Post(content, handler, **metadata)`): a key that is not text (`1:`, `true:`, `null:`, a date) or is named `content` or `handler` raises a TypeError its per-file catch does not take, so every skill of the folder is lost.',
  hint: 'Rename the key, or quote it (`"1":`) so that it is text; do not use `content` or `handler` as keys.',
  example: 'content: the body',
});
export const FRONTMATTER_INVALID_JSON = /* @__PURE__ */ defineRule({
  code: 'frontmatter-invalid-json',
  severity: 'error',
  title: 'A first line `{` starts front matter that is not JSON',
  description:
    'The service reads front matter with python-frontmatter, which takes a file whose first line is `{` as JSON front matter (up to the next line that is `{` or `}`). When that is not JSON, `json.loads` raises an error the per-file catch does not take, so every skill of the folder is lost.',
  hint: 'Start the file with `---` YAML front matter, or make the JSON valid (keys and texts in double quotes); a body that starts with `{` needs a line of text before it.',
  example: '{\\nname: deploy\\n}',
});
export const INVALID_UTF8 = /* @__PURE__ */ defineRule({
  code: 'invalid-utf8',
  severity: 'error',
  title: 'The file is not valid UTF-8',
  description:
    'The service reads skill files as strict UTF-8; a bad byte raises an error that drops every skill of the folder (or, in an instruction file, every project skill).',
  hint: 'Re-save the file as UTF-8 (it was probably written as Latin-1 or Windows-1252).',
});
export const BOM_BEFORE_FRONTMATTER = /* @__PURE__ */ defineRule({
  code: 'bom-before-frontmatter',
  severity: 'error',
  title: 'A byte-order mark hides the front matter',
  description:
    'The service does not skip a UTF-8 byte-order mark, so the file does not start with `---` for it: the front matter is ignored (the name comes from the folder, the description and triggers vanish) and becomes part of the body.',
  hint: 'Save the file as UTF-8 without a byte-order mark.',
});
export const SYMLINK_OUTSIDE_REPOSITORY = /* @__PURE__ */ defineRule({
  code: 'symlink-outside-repository',
  severity: 'warning',
  title: 'A symbolic link leads outside the repository',
  description:
    'The service follows it and loads whatever it points at; agentwire does not read outside the repository, so the target is not checked.',
  hint: 'Copy the file into the repository or point the link at a path inside it.',
});
export const FILE_TOO_LARGE = /* @__PURE__ */ defineRule({
  code: 'file-too-large',
  severity: 'warning',
  title: 'A skill file is larger than the size limit',
  description:
    'The service reads the whole file into the conversation when the skill is used; agentwire reads only its front matter and does not check the rest.',
  hint: 'Split the skill: keep SKILL.md short and move material into `references/`.',
});
export const FRONTMATTER_NOT_MAPPING = /* @__PURE__ */ defineRule({
  code: 'frontmatter-not-mapping',
  severity: 'warning',
  title: 'The front matter is not a mapping',
  description:
    'The service ignores front matter that is a list or a single value: the skill loads with no name, description or triggers from it.',
  hint: 'Write the front matter as `key: value` lines.',
});
export const FRONTMATTER_UNCLOSED = /* @__PURE__ */ defineRule({
  code: 'frontmatter-unclosed',
  severity: 'warning',
  title: 'The front matter has no closing `---`',
  description: 'Without a second `---` line the service sees no front matter at all: the whole file, dashes included, is the body.',
  hint: 'Add a line of three dashes after the last front matter key.',
});
export const FRONTMATTER_JAVASCRIPT = /* @__PURE__ */ defineRule({
  code: 'frontmatter-javascript',
  severity: 'warning',
  title: 'The front matter names a language (`---js`, `---yaml`)',
  description:
    'The service only reads front matter opened by a line of dashes alone; `---js` or `---yaml` is body text to it. agentwire never evaluates front matter.',
  hint: 'Write YAML front matter opened and closed by `---` lines.',
  example: '---js',
});
