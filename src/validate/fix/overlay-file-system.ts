/**
 * A file system that serves some files from memory and every other path from another file
 * system: the fixed files are validated before anything is written.
 * @module
 */
import type { SkillFileSystem } from '../../skills/index';

/** `base`, with the files of `files` (keyed by path) read from memory instead. */
export function overlayFileSystem(base: SkillFileSystem, files: ReadonlyMap<string, Uint8Array>): SkillFileSystem {
  return {
    list: (path) => base.list(path),
    realpath: (path) => base.realpath(path),
    async kind(path) {
      const bytes = files.get(path);
      return bytes ? { kind: 'file', size: bytes.length } : base.kind(path);
    },
    async read(path, position, length) {
      const bytes = files.get(path);
      return bytes
        ? bytes.subarray(Math.min(position, bytes.length), Math.min(position + length, bytes.length))
        : base.read(path, position, length);
    },
  };
}
