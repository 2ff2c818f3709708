/**
 * The file access of one validation run: every question asked of the file system is asked once.
 * The service's checks, the other profiles, the suppression comments and the fingerprints all read
 * the same files and folders; through this layer a folder is listed once, a path resolved once and
 * a file read once, whatever the number of readers. A run's answers come from the moment it
 * asked: a later run starts afresh.
 * @module
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { DirectoryEntry, EntryKind, SkillFileSystem } from '../skills/index';

/** At most this many bytes of whole files are kept for later readers; past it, files are read again. */
const MAX_KEPT_BYTES = 256 * 1024 * 1024;

/** `base` with each answer kept for the rest of the run. */
export function runFileSystem(base: SkillFileSystem): SkillFileSystem {
  const listings = new Map<string, Promise<DirectoryEntry[]>>();
  /** The listings already read, by folder: entry name to kind. */
  const listed = new Map<string, Map<string, EntryKind>>();
  const kinds = new Map<string, Promise<{ kind: EntryKind; size: number } | undefined>>();
  const realpaths = new Map<string, Promise<string>>();
  /** Files read to their end, whole. */
  const files = new Map<string, Uint8Array>();
  let keptBytes = 0;

  /** What the listing of its folder says `path` is, when that folder was listed (links are `symlink`). */
  const listedKind = (path: string): EntryKind | undefined => {
    if (path !== resolve(path)) return undefined;
    return listed.get(dirname(path))?.get(basename(path));
  };

  const realpath = (path: string): Promise<string> => {
    let found = realpaths.get(path);
    if (!found) {
      const kind = listedKind(path);
      const parent = dirname(path);
      // An entry that is no link is where its folder really is: only the folder needs resolving.
      found =
        (kind === 'file' || kind === 'directory') && parent !== path
          ? realpath(parent).then((real) => join(real, basename(path)))
          : base.realpath(path);
      realpaths.set(path, found);
    }
    return found;
  };

  return {
    list(path) {
      let listing = listings.get(path);
      if (!listing) {
        listing = base.list(path).then((entries) => {
          listed.set(path, new Map(entries.map((entry) => [entry.name, entry.kind])));
          return entries;
        });
        listings.set(path, listing);
      }
      // Callers sort their copy.
      return listing.then((entries) => entries.map((entry) => ({ ...entry })));
    },
    kind(path) {
      let info = kinds.get(path);
      if (!info) {
        const bytes = files.get(path);
        info = bytes && listedKind(path) === 'file' ? Promise.resolve({ kind: 'file', size: bytes.length }) : base.kind(path);
        kinds.set(path, info);
      }
      return info.then((found) => (found ? { ...found } : undefined));
    },
    realpath,
    async read(path, position, length) {
      const whole = files.get(path);
      if (whole) return whole.slice(Math.min(position, whole.length), Math.min(position + length, whole.length));
      const bytes = await base.read(path, position, length);
      // Fewer bytes than asked from the start: the file's end was reached, and the file is known whole.
      if (position === 0 && bytes.length < length && keptBytes + bytes.length <= MAX_KEPT_BYTES && !files.has(path)) {
        files.set(path, bytes.slice());
        keptBytes += bytes.length;
      }
      return bytes;
    },
  };
}
