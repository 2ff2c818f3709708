/**
 * The rules of the `agentskills` profile: the Agent Skills specification as its reference
 * validator (`skills-ref validate`) applies it, and the specification's recommendations.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

const REJECTS = 'skills-ref validate reports it and fails';

export const AGENTSKILLS_UNREADABLE = /* @__PURE__ */ defineRule({
  code: 'agentskills-unreadable',
  severity: 'error',
  title: 'The SKILL.md cannot be read as UTF-8 text',
  description: `The specification's files are UTF-8 text; a file that cannot be read or decoded cannot be validated, and ${REJECTS}.`,
  hint: 'Save the file as UTF-8.',
  example: 'A SKILL.md saved as Latin-1 with "é" in its description.',
});
export const AGENTSKILLS_FILE_NAME = /* @__PURE__ */ defineRule({
  code: 'agentskills-file-name',
  severity: 'warning',
  title: 'The skill file is not named SKILL.md',
  description:
    'The specification names the file SKILL.md. skills-ref also accepts skill.md; any other spelling (Skill.md) is not found at all.',
  hint: 'Rename the file to SKILL.md.',
  example: 'my-skill/skill.md',
});
export const AGENTSKILLS_FRONTMATTER_MISSING = /* @__PURE__ */ defineRule({
  code: 'agentskills-frontmatter-missing',
  severity: 'error',
  title: 'The file does not start with front matter',
  description: `A SKILL.md must start with \`---\` on its very first line: skills-ref does not skip a byte-order mark, blank lines or leading spaces (the service does), and ${REJECTS}.`,
  hint: 'Make `---` the first three characters of the file.',
  example: '\n---\nname: my-skill\n---',
});
export const AGENTSKILLS_FRONTMATTER_UNCLOSED = /* @__PURE__ */ defineRule({
  code: 'agentskills-frontmatter-unclosed',
  severity: 'error',
  title: 'The front matter is never closed',
  description: `skills-ref looks for a second \`---\` after the opening one; without it ${REJECTS}.`,
  hint: 'Close the front matter with a line holding `---`.',
  example: '---\nname: my-skill\ndescription: …\n# My skill',
});
export const AGENTSKILLS_FRONTMATTER_CUT = /* @__PURE__ */ defineRule({
  code: 'agentskills-frontmatter-cut',
  severity: 'error',
  title: 'Three dashes inside the front matter end it early',
  description:
    'skills-ref ends the front matter at the first `---` anywhere after the opening one, even inside a value, and parses only what comes before: the rest of the front matter is lost or the YAML breaks.',
  hint: 'Reword the value so it has no `---` (or write the dashes as "—").',
  example: '---\nname: my-skill\ndescription: Before --- after\n---',
});
export const AGENTSKILLS_INVALID_YAML = /* @__PURE__ */ defineRule({
  code: 'agentskills-invalid-yaml',
  severity: 'error',
  title: 'The front matter is not valid YAML',
  description: `skills-ref parses the front matter as YAML; a syntax error makes it stop, and ${REJECTS}.`,
  hint: 'Fix the YAML at the position shown; quote values that hold ": " or start with a special character.',
  example: '---\nname: my-skill\ndescription: Use it: always\n---',
});
export const AGENTSKILLS_YAML_FLOW_STYLE = /* @__PURE__ */ defineRule({
  code: 'agentskills-yaml-flow-style',
  severity: 'error',
  title: 'A flow collection ([a, b] or {a: b}) in the front matter',
  description: `skills-ref reads front matter with strictyaml, which refuses flow style; ${REJECTS}. The service reads it as a list or mapping.`,
  hint: 'Write lists one item per line ("- item") and mappings one key per line; quote text that starts with "[" or "{".',
  example: '---\nname: my-skill\ndescription: …\nmetadata: {author: ada}\n---',
});
export const AGENTSKILLS_YAML_ANCHOR = /* @__PURE__ */ defineRule({
  code: 'agentskills-yaml-anchor',
  severity: 'error',
  title: 'A YAML anchor or alias in the front matter',
  description: `strictyaml refuses anchors (&name) and aliases (*name); ${REJECTS}.`,
  hint: 'Write the value out in full where it is used.',
  example: '---\nname: &n my-skill\ndescription: *n\n---',
});
export const AGENTSKILLS_YAML_TAG = /* @__PURE__ */ defineRule({
  code: 'agentskills-yaml-tag',
  severity: 'error',
  title: 'A YAML tag (!!str, !custom) in the front matter',
  description: `strictyaml refuses explicit tags: every value is already a string; ${REJECTS}.`,
  hint: 'Remove the tag; quote the value if it must stay text.',
  example: '---\nname: my-skill\ndescription: !!str 42\n---',
});
export const AGENTSKILLS_YAML_DUPLICATE_KEY = /* @__PURE__ */ defineRule({
  code: 'agentskills-yaml-duplicate-key',
  severity: 'error',
  title: 'A key written twice in the front matter',
  description: `strictyaml refuses duplicate keys (the service keeps the last one); ${REJECTS}.`,
  hint: 'Remove one of the two keys.',
  example: '---\nname: a\nname: b\n---',
});
export const AGENTSKILLS_FRONTMATTER_NOT_MAPPING = /* @__PURE__ */ defineRule({
  code: 'agentskills-frontmatter-not-mapping',
  severity: 'error',
  title: 'The front matter is not a mapping',
  description: `The front matter must be a YAML mapping of fields; a list, a single value or nothing at all makes ${REJECTS.replace('reports it and ', '')}.`,
  hint: 'Write the fields as "key: value" lines.',
  example: '---\n- my-skill\n---',
});
export const AGENTSKILLS_UNEXPECTED_FIELD = /* @__PURE__ */ defineRule({
  code: 'agentskills-unexpected-field',
  severity: 'error',
  title: 'A front matter field the specification does not define',
  description: `The specification allows only name, description, license, allowed-tools, metadata and compatibility; any other key (the service's triggers, inputs or paths, Claude Code's disable-model-invocation, a version) is an "unexpected field" and ${REJECTS}. The service reads or ignores such keys, so the skill still loads there.`,
  hint: 'Remove the field, or keep it only in skills meant for clients that read it; put extra data under metadata as strings.',
  example: '---\nname: my-skill\ndescription: …\ntriggers:\n  - deploy\n---',
});
export const AGENTSKILLS_NAME_MISSING = /* @__PURE__ */ defineRule({
  code: 'agentskills-name-missing',
  severity: 'error',
  title: 'The front matter has no name',
  description: `\`name\` is required by the specification (the service falls back to the folder name); ${REJECTS}.`,
  hint: 'Add "name: <folder name>".',
  example: '---\ndescription: …\n---',
});
export const AGENTSKILLS_NAME_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-name-invalid',
  severity: 'error',
  title: 'The name breaks the naming rules',
  description:
    'After NFKC normalization a name is 1–64 characters, lowercase, made of letters, digits and "-" (any script: "技能" and "мой-навык" pass, "НАВЫК" does not), with no leading or trailing "-" and no "--".',
  hint: 'Use a lowercase name such as "pdf-tools".',
  example: '---\nname: PDF_Tools\ndescription: …\n---',
});
export const AGENTSKILLS_NAME_MISMATCH = /* @__PURE__ */ defineRule({
  code: 'agentskills-name-mismatch',
  severity: 'error',
  title: 'The name differs from the folder name',
  description: `The name must equal the skill folder's name (both NFKC-normalized); ${REJECTS}.`,
  hint: 'Rename the folder or change the name so they match.',
  example: 'pdf/SKILL.md with "name: pdf-tools"',
});
export const AGENTSKILLS_DESCRIPTION_MISSING = /* @__PURE__ */ defineRule({
  code: 'agentskills-description-missing',
  severity: 'error',
  title: 'The front matter has no description',
  description: `\`description\` is required by the specification (the service falls back to the first line of the body); ${REJECTS}.`,
  hint: 'Add a description that says what the skill does and when to use it.',
  example: '---\nname: my-skill\n---',
});
export const AGENTSKILLS_DESCRIPTION_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-description-invalid',
  severity: 'error',
  title: 'The description is empty, not text, or longer than 1024 characters',
  description: `A description is non-empty text of at most 1024 characters (the service cuts a longer one); ${REJECTS}.`,
  hint: 'Write the description as one text value of at most 1024 characters.',
  example: '---\nname: my-skill\ndescription:\n---',
});
export const AGENTSKILLS_COMPATIBILITY_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-compatibility-invalid',
  severity: 'error',
  title: 'compatibility is not text of 1–500 characters',
  description: `\`compatibility\` is text of at most 500 characters; a longer value or a mapping makes ${REJECTS.replace('reports it and ', '')}. An empty value breaks the specification's 1–500 range, which skills-ref does not check (a warning).`,
  hint: 'Write the environment requirements as one sentence of at most 500 characters.',
  example: '---\nname: my-skill\ndescription: …\ncompatibility:\n  python: "3.12"\n---',
});
export const AGENTSKILLS_METADATA_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-metadata-invalid',
  severity: 'error',
  title: 'metadata is not a mapping of strings to strings',
  description:
    'The specification defines `metadata` as a map from string keys to string values. skills-ref turns nested values into text without a word; the service drops a skill whose metadata is not a mapping.',
  hint: 'Write metadata as "key: value" lines, one level deep.',
  example: '---\nname: my-skill\ndescription: …\nmetadata:\n  tags:\n    - a\n---',
});
export const AGENTSKILLS_ALLOWED_TOOLS_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-allowed-tools-invalid',
  severity: 'error',
  title: 'allowed-tools is not a space-separated string',
  description:
    'The specification (experimental) defines `allowed-tools` as one string of tool names separated by spaces; a list breaks it (the service accepts a list). A comma-separated string is a warning: the commas become part of the names.',
  hint: 'Write the tools on one line separated by spaces: "allowed-tools: Bash(git:*) Read".',
  example: '---\nname: my-skill\ndescription: …\nallowed-tools:\n  - Read\n---',
});
export const AGENTSKILLS_LICENSE_INVALID = /* @__PURE__ */ defineRule({
  code: 'agentskills-license-invalid',
  severity: 'error',
  title: 'license is not text',
  description:
    'The specification defines `license` as a licence name or a reference to a bundled licence file: text, not a list or mapping.',
  hint: 'Write "license: Apache-2.0" or "license: Proprietary. LICENSE.txt has complete terms".',
  example: '---\nname: my-skill\ndescription: …\nlicense:\n  - MIT\n---',
});
export const AGENTSKILLS_FILE_TOO_LONG = /* @__PURE__ */ defineRule({
  code: 'agentskills-file-too-long',
  severity: 'warning',
  title: 'SKILL.md is 500 lines or longer',
  description:
    'The specification recommends keeping SKILL.md under 500 lines: agents load the whole file when the skill is used. The warning points at line 500.',
  hint: 'Move detailed reference material into files under references/ and link to them.',
  example: 'A SKILL.md of 800 lines.',
});
export const AGENTSKILLS_BODY_TOO_MANY_TOKENS = /* @__PURE__ */ defineRule({
  code: 'agentskills-body-too-many-tokens',
  severity: 'warning',
  title: 'The body is about 5,000 tokens or more',
  description:
    'The specification recommends a body under 5,000 tokens. agentwire estimates tokens as one per 4 characters (Unicode code points) of the body after the front matter, a common rule of thumb for English text; the estimate is rough for code and other scripts.',
  hint: 'Move detailed material into files under references/ that the agent reads only when needed.',
  example: 'A SKILL.md body of 30,000 characters.',
});
export const AGENTSKILLS_REFERENCE_TOO_DEEP = /* @__PURE__ */ defineRule({
  code: 'agentskills-reference-too-deep',
  severity: 'warning',
  title: 'A referenced file links on to further files',
  description:
    'The specification recommends keeping file references one level deep from SKILL.md; agents may read only part of a chain of references. The warning is at the link in SKILL.md whose target links on (the nested link is given as a related location).',
  hint: 'Link the nested file directly from SKILL.md, or fold its content into the file SKILL.md links to.',
  example: 'SKILL.md → references/guide.md → references/details.md',
});

/** The rules of the `agentskills` profile, in the order the documentation lists them. */
export const AGENTSKILLS_RULES: readonly Rule[] = [
  AGENTSKILLS_UNREADABLE,
  AGENTSKILLS_FILE_NAME,
  AGENTSKILLS_FRONTMATTER_MISSING,
  AGENTSKILLS_FRONTMATTER_UNCLOSED,
  AGENTSKILLS_FRONTMATTER_CUT,
  AGENTSKILLS_INVALID_YAML,
  AGENTSKILLS_YAML_FLOW_STYLE,
  AGENTSKILLS_YAML_ANCHOR,
  AGENTSKILLS_YAML_TAG,
  AGENTSKILLS_YAML_DUPLICATE_KEY,
  AGENTSKILLS_FRONTMATTER_NOT_MAPPING,
  AGENTSKILLS_UNEXPECTED_FIELD,
  AGENTSKILLS_NAME_MISSING,
  AGENTSKILLS_NAME_INVALID,
  AGENTSKILLS_NAME_MISMATCH,
  AGENTSKILLS_DESCRIPTION_MISSING,
  AGENTSKILLS_DESCRIPTION_INVALID,
  AGENTSKILLS_COMPATIBILITY_INVALID,
  AGENTSKILLS_METADATA_INVALID,
  AGENTSKILLS_ALLOWED_TOOLS_INVALID,
  AGENTSKILLS_LICENSE_INVALID,
  AGENTSKILLS_FILE_TOO_LONG,
  AGENTSKILLS_BODY_TOO_MANY_TOKENS,
  AGENTSKILLS_REFERENCE_TOO_DEEP,
];
