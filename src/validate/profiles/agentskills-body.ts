/**
 * The specification's recommendations for the body of a SKILL.md: under 500 lines, under about
 * 5,000 tokens, and file references one level deep.
 * @module
 */
import { dirname, resolve } from 'node:path';
import { isInside } from '../../plugins/internal';
import { positionOf } from './agentskills-frontmatter';
import { AGENTSKILLS_BODY_TOO_MANY_TOKENS, AGENTSKILLS_FILE_TOO_LONG, AGENTSKILLS_REFERENCE_TOO_DEEP } from './agentskills-rules';
import type { Reporter } from './profile-output';
import { type ResolvedOptions, readText } from './read-text';

/** The recommended limit on lines of SKILL.md. */
export const MAX_SKILL_LINES = 500;
/** The recommended limit on tokens of the body. */
export const MAX_BODY_TOKENS = 5000;
/** Characters per token in the estimate. */
export const CHARACTERS_PER_TOKEN = 4;
/** At most this many referenced files are read per skill. */
const MAX_REFERENCES = 32;

/** The token estimate of a text: one token per {@link CHARACTERS_PER_TOKEN} code points. */
export function estimateTokens(text: string): number {
  let points = text.length;
  // A surrogate pair is one code point.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) points--;
  }
  return Math.ceil(points / CHARACTERS_PER_TOKEN);
}

/** Checks length and token count. `complete` is false when only the head of a large file was read. */
export function checkSkillSize(text: string, bodyOffset: number, complete: boolean, file: string, report: Reporter): void {
  let lines = text.endsWith('\n') || text === '' ? 0 : 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  if (lines >= MAX_SKILL_LINES) {
    report(AGENTSKILLS_FILE_TOO_LONG, {
      file,
      at: { line: MAX_SKILL_LINES, column: 1 },
      message: `SKILL.md has ${complete ? lines : `more than ${lines}`} lines; the specification recommends fewer than ${MAX_SKILL_LINES}.`,
    });
  }
  let start = bodyOffset;
  while (start < text.length && /\s/.test(text.charAt(start))) start++;
  const tokens = estimateTokens(text.slice(start).trimEnd());
  if (tokens >= MAX_BODY_TOKENS) {
    report(AGENTSKILLS_BODY_TOO_MANY_TOKENS, {
      file,
      at: positionOf(text, start),
      message: `The body is about ${complete ? tokens.toLocaleString('en-US') : `${tokens.toLocaleString('en-US')} or more`} tokens (estimated at one token per ${CHARACTERS_PER_TOKEN} characters); the specification recommends fewer than ${MAX_BODY_TOKENS.toLocaleString('en-US')}.`,
    });
  }
}

/** A local link in Markdown text: its target and where the link starts. */
interface LocalLink {
  target: string;
  offset: number;
}

/** How far back from `](` the `[` of a link text may be, and how long a link target may be. */
const MAX_LINK_TEXT = 300;
const MAX_LINK_TARGET = 2048;

/** Markdown text with fenced code blocks and inline code blanked out (same length, so offsets hold). */
function withoutCode(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, blank).replace(/`[^`\n]+`/g, blank);
}

/**
 * The local links of a Markdown text (no URL scheme, no absolute path, no bare anchor; images and
 * code left out). Found from each `](` with bounded look-behind and look-ahead, so hostile text
 * costs linear time.
 */
function localLinks(text: string, from: number): LocalLink[] {
  const links: LocalLink[] = [];
  const scan = withoutCode(text);
  for (let at = scan.indexOf('](', from); at !== -1; at = scan.indexOf('](', at + 2)) {
    const before = scan.slice(Math.max(from, at - MAX_LINK_TEXT), at);
    const open = before.lastIndexOf('[');
    if (open === -1 || before.includes('\n', open)) continue;
    const start = at - before.length + open;
    if (scan.charAt(start - 1) === '!') continue;
    const close = scan.indexOf(')', at + 2);
    if (close === -1 || close - at > MAX_LINK_TARGET) continue;
    const written = /^\s*<?([^\s>]+)/.exec(scan.slice(at + 2, close))?.[1] ?? '';
    const raw = written.replace(/[#?].*$/, '');
    if (raw === '' || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('/') || raw.startsWith('\\')) continue;
    let target = raw;
    try {
      target = decodeURIComponent(raw);
    } catch {
      // Keep the text as written when it is not valid percent-encoding.
    }
    links.push({ target, offset: start });
  }
  return links;
}

/**
 * Warns at each link of SKILL.md whose target (a Markdown file in the skill folder) links on to
 * another file of the skill folder.
 */
export async function checkReferenceDepth(
  text: string,
  bodyOffset: number,
  file: string,
  options: ResolvedOptions,
  report: Reporter,
): Promise<void> {
  const folder = dirname(file);
  const seen = new Set<string>();
  for (const link of localLinks(text, bodyOffset)) {
    const target = resolve(folder, link.target);
    if (seen.size >= MAX_REFERENCES || seen.has(target) || !/\.(md|markdown)$/i.test(target) || !isInside(folder, target)) continue;
    seen.add(target);
    const read = await readText(target, options);
    if (!read.ok) continue;
    const referenced = read.text.replace(/\r\n?/g, '\n');
    const next = localLinks(referenced, 0).find((nested) => {
      const path = resolve(dirname(target), nested.target);
      return path !== file && path !== target && isInside(folder, path);
    });
    if (!next) continue;
    const nestedAt = positionOf(referenced, next.offset);
    report(AGENTSKILLS_REFERENCE_TOO_DEEP, {
      file,
      at: positionOf(text, link.offset),
      message: `"${link.target}" links on to "${next.target}": a reference chain two levels deep; the specification recommends keeping references one level deep from SKILL.md.`,
      related: [{ file: target, ...nestedAt, message: 'The nested reference.' }],
    });
  }
}
