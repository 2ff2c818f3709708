/**
 * The rules of reading a skill file from disk, which the skill loaders, the plugin folder loader
 * and `agentwire validate` share: the walker's symbolic links, the file's size and bytes, and its
 * front matter. `SKILL_RULES` (`src/skills/rules.ts`) lists them with the skills' own.
 * @module
 */
import { defineRule } from '../diagnostic';

export const FRONTMATTER_INVALID_YAML = /* @__PURE__ */ defineRule(
  'frontmatter-invalid-yaml',
  'error',
  'The front matter is not valid YAML',
  'The service cannot parse the front matter and drops the skill.',
  'Fix the YAML at the position shown; quote values that contain `: ` or start with a special character.',
  'description: Use it: always',
);
export const INVALID_UTF8 = /* @__PURE__ */ defineRule(
  'invalid-utf8',
  'error',
  'The file is not valid UTF-8',
  'The service reads skill files as strict UTF-8; a bad byte raises an error that drops every skill of the folder (or, in an instruction file, every project skill).',
  'Re-save the file as UTF-8 (it was probably written as Latin-1 or Windows-1252).',
);
export const BOM_BEFORE_FRONTMATTER = /* @__PURE__ */ defineRule(
  'bom-before-frontmatter',
  'error',
  'A byte-order mark hides the front matter',
  'The service does not skip a UTF-8 byte-order mark, so the file does not start with `---` for it: the front matter is ignored (the name comes from the folder, the description and triggers vanish) and becomes part of the body.',
  'Save the file as UTF-8 without a byte-order mark.',
);
export const SYMLINK_OUTSIDE_REPOSITORY = /* @__PURE__ */ defineRule(
  'symlink-outside-repository',
  'warning',
  'A symbolic link leads outside the repository',
  'The service follows it and loads whatever it points at; agentwire does not read outside the repository, so the target is not checked.',
  'Copy the file into the repository or point the link at a path inside it.',
);
export const FILE_TOO_LARGE = /* @__PURE__ */ defineRule(
  'file-too-large',
  'warning',
  'A skill file is larger than the size limit',
  'The service reads the whole file into the conversation when the skill is used; agentwire reads only its front matter and does not check the rest.',
  'Split the skill: keep SKILL.md short and move material into `references/`.',
);
export const FRONTMATTER_NOT_MAPPING = /* @__PURE__ */ defineRule(
  'frontmatter-not-mapping',
  'warning',
  'The front matter is not a mapping',
  'The service ignores front matter that is a list or a single value: the skill loads with no name, description or triggers from it.',
  'Write the front matter as `key: value` lines.',
);
export const FRONTMATTER_UNCLOSED = /* @__PURE__ */ defineRule(
  'frontmatter-unclosed',
  'warning',
  'The front matter has no closing `---`',
  'Without a second `---` line the service sees no front matter at all: the whole file, dashes included, is the body.',
  'Add a line of three dashes after the last front matter key.',
);
export const FRONTMATTER_JAVASCRIPT = /* @__PURE__ */ defineRule(
  'frontmatter-javascript',
  'warning',
  'The front matter names a language (`---js`, `---yaml`)',
  'The service only reads front matter opened by a line of dashes alone; `---js` or `---yaml` is body text to it. agentwire never evaluates front matter.',
  'Write YAML front matter opened and closed by `---` lines.',
  '---js',
);
