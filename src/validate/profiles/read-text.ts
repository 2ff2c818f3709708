/**
 * Reading the files the profiles judge: through the file system the command was given, with a
 * size limit, as strict UTF-8 text.
 * @module
 */
import type { Position } from '../../internal/diagnostic';
import { decodeUtf8 } from '../../internal/utf8';
import { DEFAULT_MAX_FILE_SIZE, nodeFileSystem, type SkillFileSystem } from '../../skills/index';
import { ProfileContainment } from './containment';

/** Options of the profile checks. */
export interface ProfileOptions {
  /** The file system to read through (the real one by default). */
  fs?: SkillFileSystem;
  /** Files larger than this many bytes are read only up to it (1 MiB by default). */
  maxFileSize?: number;
  /**
   * The folders every file and folder read must stay inside once symbolic links are resolved (the
   * folders `validate` was given); one that leaves is not read and is reported
   * (`symlink-outside-repository`). None: nothing is refused.
   */
  roots?: readonly string[];
}

/** A file read as text, or why it could not be. */
export type TextRead =
  | {
      ok: true;
      /** The text, line endings as written. */
      text: string;
      /** False when the file was larger than the limit and only its head was read (cut at a line end). */
      complete: boolean;
      size: number;
    }
  /** `outside`: the file resolves outside the roots; it was not read, and the containment reports it. */
  | { ok: false; reason: 'missing' | 'outside' | 'unreadable' | 'not-utf8'; message: string; at?: Position };

/** The options with their defaults filled in. */
export interface ResolvedOptions {
  fs: SkillFileSystem;
  maxFileSize: number;
  /** What may be read, and the links refused so far (each profile run reports them under its name). */
  containment: ProfileContainment;
}

/** Fills in the defaults of {@link ProfileOptions}; a new containment for each profile run. */
export function resolveOptions(options: ProfileOptions = {}): ResolvedOptions {
  const fs = options.fs ?? nodeFileSystem;
  return { fs, maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, containment: new ProfileContainment(fs, options.roots) };
}

/**
 * Reads `file` as UTF-8 text, at most `maxFileSize` bytes of it; never a file that resolves
 * outside the roots (`outside`, reported by the containment). Never throws.
 */
export async function readText(file: string, options: ResolvedOptions): Promise<TextRead> {
  let bytes: Uint8Array;
  let size: number;
  try {
    const info = await options.fs.kind(file);
    if (info?.kind !== 'file') return { ok: false, reason: 'missing', message: 'The file does not exist.' };
    if (!(await options.containment.allows(file)))
      return { ok: false, reason: 'outside', message: 'The file resolves outside the folders being checked and was not read.' };
    size = info.size;
    bytes = await options.fs.read(file, 0, Math.min(size, options.maxFileSize));
  } catch (error) {
    return { ok: false, reason: 'unreadable', message: `The file cannot be read (${(error as Error).message}).` };
  }
  const complete = size <= options.maxFileSize;
  // A head ends at a line break, so a multi-byte character is never cut in two.
  if (!complete) bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const message = `Byte 0x${decoded.byte.toString(16).padStart(2, '0')} at offset ${decoded.offset} is not UTF-8.`;
    return { ok: false, reason: 'not-utf8', message, at: decoded.at };
  }
  return { ok: true, text: decoded.text, complete, size };
}
