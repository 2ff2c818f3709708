/**
 * Why a data folder cannot be used, in words: the usage error for what creating, locking or
 * reading it answered.
 * @module
 */
import { UsageError } from './io';

const WHY: Record<string, string> = {
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied (this user cannot create or write it)',
  EPERM: 'permission denied (this user cannot create or write it)',
  EROFS: 'it is on a read-only file system',
  ENOENT: 'a folder on its path cannot be made (a link that leads nowhere, or a file system that holds no folders)',
  ENOSPC: 'the disk is full',
  ELOOP: 'its path has a loop of links',
  ENAMETOOLONG: 'its path is too long',
};

/** The usage error for a data folder that cannot be used because of `error` (a file system error). */
export function dataFolderError(dir: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const why = (code !== undefined && WHY[code]) || (error as Error).message;
  return new UsageError(`cannot use the data folder ${dir}: ${why}`);
}
