/**
 * The store reads and writes regular files only: a folder, a symbolic link, a FIFO or a socket
 * named like a conversation file is never followed, never waited on, and never written. Node only.
 * @module
 */
import { constants } from 'node:fs';
import { AgentwireError } from '../../internal/agentwire-error';
import { FILE_MODE, type FileStoreFileType, type FileStoreFs, type FileStoreHandle } from './file-system';

/** A folder entry or an open file of another kind than a regular file, in words ("a folder", "a FIFO"…). */
export function describeKind(kind: FileStoreFileType): string {
  if (kind.isDirectory()) return 'a folder';
  if (kind.isSymbolicLink()) return 'a symbolic link';
  if (kind.isFIFO()) return 'a FIFO';
  if (kind.isSocket()) return 'a socket';
  return 'a device';
}

/** An entry named like a conversation file is not a regular file; the store neither reads nor writes it. */
export class NotARegularFileError extends AgentwireError {
  override readonly name = 'NotARegularFileError';
  constructor(
    /** The entry. */
    readonly path: string,
    /** What it is, in words ("a folder", "a symbolic link", "a FIFO"…). */
    readonly kind: string,
    options?: { cause?: unknown },
  ) {
    super(`${path} is ${kind}, not a conversation file: the file store reads and writes regular files only`, options);
  }
}

// Windows has neither flag: its `open` does not follow these, nor wait on a pipe.
const { O_RDONLY, O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_NONBLOCK = 0, O_NOFOLLOW = 0 } = constants;

/**
 * How a conversation file is opened: a symbolic link is not followed (`O_NOFOLLOW`), and a FIFO
 * does not hold the opening (`O_NONBLOCK`, which changes nothing for a regular file).
 */
const FLAGS = {
  read: O_RDONLY | O_NONBLOCK | O_NOFOLLOW,
  append: O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOFOLLOW,
  update: O_RDWR | O_NONBLOCK | O_NOFOLLOW,
} as const;

/** What an opening that is not of a regular file fails with, by error code. */
const REFUSED: Record<string, string> = {
  ELOOP: 'a symbolic link',
  EMLINK: 'a symbolic link',
  EISDIR: 'a folder',
  ENXIO: 'a FIFO or a socket',
};

/**
 * Opens a conversation file to `read`, `append` to (created with mode 0600 when missing) or
 * `update`; a {@link NotARegularFileError} when the entry is anything but a regular file, found
 * either by the opening's error or by the opened file's type. Other errors (`ENOENT`…) pass.
 */
export async function openRegularFile(fs: FileStoreFs, path: string, how: keyof typeof FLAGS): Promise<FileStoreHandle> {
  let handle: FileStoreHandle;
  try {
    handle = await fs.open(path, FLAGS[how], how === 'append' ? FILE_MODE : undefined);
  } catch (error) {
    const kind = REFUSED[(error as NodeJS.ErrnoException).code ?? ''];
    if (kind) throw new NotARegularFileError(path, kind, { cause: error });
    throw error;
  }
  let info: FileStoreFileType;
  try {
    info = await handle.stat();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  if (info.isFile()) return handle;
  await handle.close().catch(() => undefined);
  throw new NotARegularFileError(path, describeKind(info));
}
