/**
 * Reading one skill file as the service reads it (strict UTF-8, text mode, front matter split by
 * its rules, YAML as PyYAML reads it), without reading the body unless asked: a summary needs only
 * the front matter, so only the head of the file is read.
 * @module
 */
import { diagnostic } from '../diagnostic';
import { type FrontmatterSplit, splitFrontmatter } from '../frontmatter';
import { parseJsonFrontmatter } from '../frontmatter-json';
import type { Problem } from '../problem';
import { decodeUtf8 } from '../utf8';
import { parseYamlSource, type YamlSource } from '../yaml-source';
import {
  BOM_BEFORE_FRONTMATTER,
  FILE_TOO_LARGE,
  FRONTMATTER_IMPOSSIBLE_DATE,
  FRONTMATTER_INVALID_JSON,
  FRONTMATTER_INVALID_YAML,
  FRONTMATTER_JAVASCRIPT,
  FRONTMATTER_KEY_INVALID,
  FRONTMATTER_NOT_MAPPING,
  FRONTMATTER_UNCLOSED,
  INVALID_UTF8,
} from './file-rules';
import type { SkillFileSystem } from './file-system';

/** How much of a file to read. */
export interface ReadLimits {
  /** `frontmatter` reads the head of the file only; `full` reads it whole (up to `maxFileSize`). */
  scan: 'frontmatter' | 'full';
  /** Files larger than this are reported and never read whole. */
  maxFileSize: number;
}

/** The front matter of a file, as the service sees it. */
export interface SkillFileRead {
  file: string;
  size: number;
  /** The text read (the head, or the whole file), decoded; `undefined` when it is not UTF-8. */
  split: FrontmatterSplit | undefined;
  /** The parsed front matter, when there is one and it is valid YAML. */
  yaml: YamlSource | undefined;
  /** The front matter as a mapping (`{}` when absent or not a mapping, as the service treats it). */
  data: Record<string, unknown>;
  /** Whether the whole file was read. */
  complete: boolean;
  problems: Problem[];
}

const CHUNK = 8192;
/** Front matter longer than this is not searched for further. */
const MAX_HEAD = 1024 * 1024;

/** Whether the decoded head says enough: front matter closed, absent, or not worth reading on. */
function headIsEnough(bytes: Uint8Array): boolean {
  const end = bytes.lastIndexOf(0x0a);
  if (end === -1) return false;
  const split = splitFrontmatter(new TextDecoder().decode(bytes.subarray(0, end + 1)));
  return split.missed !== 'unclosed';
}

/**
 * Reads chunks until `enough` says so, the file ends, or `limit` bytes were read. `complete`
 * says whether the end of the file was reached.
 */
async function readUntil(
  fs: SkillFileSystem,
  file: string,
  chunkSize: number,
  limit: number,
  enough: (bytes: Uint8Array) => boolean,
): Promise<{ bytes: Uint8Array; complete: boolean }> {
  let bytes = new Uint8Array(0);
  while (bytes.length < limit) {
    const chunk = await fs.read(file, bytes.length, chunkSize);
    if (chunk.length > 0) {
      const joined = new Uint8Array(bytes.length + chunk.length);
      joined.set(bytes);
      joined.set(chunk, bytes.length);
      bytes = joined;
    }
    if (chunk.length < chunkSize) return { bytes, complete: true };
    if (enough(bytes)) break;
  }
  return { bytes, complete: false };
}

/** Reads a skill file's front matter (or the whole file), with the problems the service would meet. */
export async function readSkillFile(fs: SkillFileSystem, file: string, limits: ReadLimits): Promise<SkillFileRead> {
  const problems: Problem[] = [];
  let { bytes, complete } =
    limits.scan === 'full'
      ? await readUntil(fs, file, 65536, limits.maxFileSize + 1, () => false)
      : await readUntil(fs, file, CHUNK, MAX_HEAD, headIsEnough);
  let size = bytes.length;
  if (!complete) size = (await fs.kind(file))?.size ?? size;
  const tooLarge = size > limits.maxFileSize;
  if (tooLarge && limits.scan === 'full') ({ bytes } = await readUntil(fs, file, CHUNK, MAX_HEAD, headIsEnough));
  if (tooLarge) {
    const message = `The file is ${(size / 2 ** 20).toFixed(1)} MiB, over the ${(limits.maxFileSize / 2 ** 20).toFixed(1)} MiB limit: only its front matter was checked.`;
    problems.push({ diagnostic: diagnostic(FILE_TOO_LARGE, { file, message }), effect: 'none' });
  }
  // A head ends at a line break, so a multi-byte character is never cut in two.
  if (!complete) bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
  const read: SkillFileRead = { file, size, split: undefined, yaml: undefined, data: {}, complete, problems };
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const message = `Byte 0x${decoded.byte.toString(16).padStart(2, '0')} at offset ${decoded.offset} is not UTF-8: the service fails to read the file.`;
    problems.push({ diagnostic: diagnostic(INVALID_UTF8, { file, at: decoded.at, message }), effect: 'directory' });
    return read;
  }
  const split = splitFrontmatter(decoded.text);
  read.split = split;
  if (split.missed === 'bom') {
    const message = 'A byte-order mark precedes the opening `---`: the service ignores this front matter and reads it as body text.';
    problems.push({ diagnostic: diagnostic(BOM_BEFORE_FRONTMATTER, { file, message }), effect: 'none' });
  } else if (split.missed === 'language') {
    const message = `The front matter opens with \`---${split.language}\`: the service does not read it (it becomes body text), and agentwire never evaluates it.`;
    problems.push({ diagnostic: diagnostic(FRONTMATTER_JAVASCRIPT, { file, message }), effect: 'none' });
  } else if (split.missed === 'unclosed' && complete) {
    const message = 'The front matter has no closing `---` line: the service reads the whole file as body, without front matter.';
    problems.push({ diagnostic: diagnostic(FRONTMATTER_UNCLOSED, { file, message }), effect: 'none' });
  }
  if (split.json !== undefined) {
    const parsed = parseJsonFrontmatter(split.json, split.yamlLine);
    if (!parsed.ok) {
      const { type, message, at } = parsed.error;
      const json = type === 'JSONDecodeError';
      const text = json
        ? `The first line \`{\` makes the service read the front matter as JSON, and it is not JSON (${message}).`
        : `The front matter key cannot be a keyword argument of python-frontmatter's Post() (${type}: ${message}).`;
      const rule = json ? FRONTMATTER_INVALID_JSON : FRONTMATTER_KEY_INVALID;
      problems.push({ diagnostic: diagnostic(rule, { file, at, message: text }), effect: 'directory' });
      return read;
    }
    read.yaml = parsed.source;
    read.data = parsed.source.value as Record<string, unknown>;
    return read;
  }
  if (split.yaml === undefined) return read;
  const parsed = parseYamlSource(split.yaml, split.yamlLine, { pyyaml: true });
  if (!parsed.ok && parsed.error.python && parsed.error.python.rule !== 'yaml') {
    const { python } = parsed.error;
    const message =
      python.rule === 'date'
        ? `A date in the front matter does not exist (${python.message}): PyYAML raises ValueError.`
        : `The front matter key cannot be a keyword argument of python-frontmatter's Post() (${python.type}: ${python.message}).`;
    const rule = python.rule === 'date' ? FRONTMATTER_IMPOSSIBLE_DATE : FRONTMATTER_KEY_INVALID;
    problems.push({ diagnostic: diagnostic(rule, { file, at: parsed.error.at, message }), effect: 'directory' });
    return read;
  }
  if (!parsed.ok) {
    const message =
      parsed.error.kind === 'aliases'
        ? `The front matter is an alias bomb: ${parsed.error.message}.`
        : parsed.error.kind === 'python'
          ? `PyYAML cannot read the front matter: ${parsed.error.message}.`
          : `Invalid YAML in the front matter: ${parsed.error.message}.`;
    const effect = parsed.error.kind === 'aliases' ? 'refused' : 'skill';
    problems.push({ diagnostic: diagnostic(FRONTMATTER_INVALID_YAML, { file, at: parsed.error.at, message }), effect });
    return read;
  }
  read.yaml = parsed.source;
  const value = parsed.source.value;
  if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value))) {
    const message = `The front matter is a ${Array.isArray(value) ? 'list' : 'single value'}, not a mapping: the service ignores it.`;
    const at = { line: split.yamlLine + 1, column: 1 };
    problems.push({ diagnostic: diagnostic(FRONTMATTER_NOT_MAPPING, { file, at, message }), effect: 'none' });
  } else if (value instanceof Date) {
    problems.push({
      diagnostic: diagnostic(FRONTMATTER_NOT_MAPPING, { file, message: 'The front matter is a date, not a mapping.' }),
      effect: 'none',
    });
  } else if (value) {
    read.data = value as Record<string, unknown>;
  }
  return read;
}
