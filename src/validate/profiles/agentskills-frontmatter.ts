/**
 * Front matter found the way the Agent Skills reference validator finds it: the file must start
 * with `---`, and the front matter ends at the next `---` anywhere (not only on a line of its
 * own). Its YAML is read as strictyaml reads it.
 * @module
 */
import type { Position } from '../../internal/diagnostic';
import {
  AGENTSKILLS_FRONTMATTER_CUT,
  AGENTSKILLS_FRONTMATTER_MISSING,
  AGENTSKILLS_FRONTMATTER_NOT_MAPPING,
  AGENTSKILLS_FRONTMATTER_UNCLOSED,
  AGENTSKILLS_INVALID_YAML,
  AGENTSKILLS_YAML_ANCHOR,
  AGENTSKILLS_YAML_DUPLICATE_KEY,
  AGENTSKILLS_YAML_FLOW_STYLE,
  AGENTSKILLS_YAML_TAG,
} from './agentskills-rules';
import type { Reporter } from './profile-output';
import { parseStrictYaml, type StrictEntry, type StrictYamlIssue } from './strict-yaml';

/** The front matter of a SKILL.md as the reference validator reads it. */
export interface SkillFrontmatter {
  /** The fields, in the order written. */
  entries: StrictEntry[];
  /** Where the body starts in `text` (after the closing dashes). */
  bodyOffset: number;
}

/** Where `offset` is in `text`. */
export function positionOf(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const WHY_MISSING: Record<string, string> = {
  bom: 'The file starts with a byte-order mark (U+FEFF) before `---`',
  space: 'The file starts with blank lines or spaces before `---`',
  none: 'The file does not start with `---`',
};

/** What the service makes of the same start, for comparison. */
const SERVICE_SEES: Record<string, string> = {
  bom: ' (the service does not see this front matter either)',
  space: ' (the service skips the blank start and reads the front matter)',
  none: '',
};

const ISSUES: Record<StrictYamlIssue['kind'], { rule: typeof AGENTSKILLS_YAML_TAG; say: (text: string) => string }> = {
  flow: {
    rule: AGENTSKILLS_YAML_FLOW_STYLE,
    say: (text) =>
      `A flow ${text === '[' ? 'list' : 'mapping'} ("${text}…") is written here; strictyaml refuses flow style, so skills-ref rejects the file.`,
  },
  anchor: {
    rule: AGENTSKILLS_YAML_ANCHOR,
    say: (text) => `The anchor "${text}" is refused by strictyaml, so skills-ref rejects the file.`,
  },
  alias: { rule: AGENTSKILLS_YAML_ANCHOR, say: (text) => `The alias "${text}" is refused by strictyaml, so skills-ref rejects the file.` },
  tag: {
    rule: AGENTSKILLS_YAML_TAG,
    say: (text) => `The tag "${text}" is refused by strictyaml (every value is text), so skills-ref rejects the file.`,
  },
  duplicate: {
    rule: AGENTSKILLS_YAML_DUPLICATE_KEY,
    say: (text) => `The key "${text}" appears again; strictyaml refuses duplicate keys, so skills-ref rejects the file.`,
  },
};

/**
 * Finds and reads the front matter of `text` (line endings already `\n`). Reports why the
 * reference validator would fail to read it; returns the fields when there is a mapping to judge
 * (strictyaml refusals are reported and the fields still judged, so every problem shows at once).
 */
export function readSkillFrontmatter(text: string, file: string, report: Reporter): SkillFrontmatter | undefined {
  if (!text.startsWith('---')) {
    const why = text.charCodeAt(0) === 0xfeff ? 'bom' : /^\s+---/.test(text) ? 'space' : 'none';
    report(AGENTSKILLS_FRONTMATTER_MISSING, {
      file,
      message: `${WHY_MISSING[why]}: skills-ref requires front matter at the very start and rejects the file${SERVICE_SEES[why]}.`,
    });
    return undefined;
  }
  const cut = text.indexOf('---', 3);
  const closing = /\n-{3,}[ \t]*(?:\n|$)/.exec(text.slice(3));
  const closeAt = closing ? closing.index + 4 : -1;
  if (cut === -1) {
    report(AGENTSKILLS_FRONTMATTER_UNCLOSED, {
      file,
      message: 'No second `---` follows the opening one: skills-ref cannot find the end of the front matter and rejects the file.',
    });
    return undefined;
  }
  if (closeAt === -1 || cut < closeAt) {
    report(AGENTSKILLS_FRONTMATTER_CUT, {
      file,
      at: positionOf(text, cut),
      message:
        closeAt === -1
          ? 'skills-ref ends the front matter at these dashes, although they are not on a line of their own (the service finds no front matter at all).'
          : 'skills-ref ends the front matter at these dashes, before its closing line: what follows them up to the closing line is not read as front matter.',
    });
  }
  // Three spaces stand in for the opening dashes, so YAML offsets are the file's offsets.
  const parsed = parseStrictYaml(`   ${text.slice(3, cut)}`);
  if (!parsed.ok) {
    report(AGENTSKILLS_INVALID_YAML, { file, at: parsed.at, message: `Invalid YAML in the front matter: ${parsed.message}.` });
    return undefined;
  }
  for (const issue of parsed.issues) {
    const { rule, say } = ISSUES[issue.kind];
    report(rule, { file, at: issue.at, message: say(issue.text) });
  }
  const root = parsed.root;
  if (root?.kind !== 'map') {
    const what =
      root === undefined || (root.kind === 'string' && root.value === '') ? 'empty' : root.kind === 'list' ? 'a list' : 'a single value';
    report(AGENTSKILLS_FRONTMATTER_NOT_MAPPING, {
      file,
      at: root && !(root.kind === 'string' && root.empty) ? root.at : { line: 1, column: 1 },
      message: `The front matter is ${what}, not a mapping of fields: skills-ref rejects the file.`,
    });
    return undefined;
  }
  return { entries: root.entries, bodyOffset: cut + 3 };
}
