/**
 * The lines of the files a report points at, read once per run: suppression comments are found
 * in them, and a finding's fingerprint takes the text of its line.
 * @module
 */
import type { SkillFileSystem } from '../skills/index';
import { ProfileContainment } from './profiles/containment';
import { readText } from './profiles/read-text';

/** Reads files as lines, each file once; `undefined` for a file that cannot be read as UTF-8 text. */
export interface SourceLines {
  /** The text of the file, line endings made `\n`. */
  text(file: string): Promise<string | undefined>;
  /** The file's lines (`\r\n`, `\r` and `\n` end a line). */
  lines(file: string): Promise<readonly string[] | undefined>;
}

/**
 * A reader of source lines through `fs`, reading at most `maxFileSize` bytes of each file, and
 * only files that stay inside `roots` (the folders `validate` was given) once links are resolved:
 * any other is `undefined`.
 */
export function createSourceLines(fs: SkillFileSystem, maxFileSize: number, roots: readonly string[]): SourceLines {
  const options = { fs, maxFileSize, containment: new ProfileContainment(fs, roots) };
  const texts = new Map<string, Promise<string | undefined>>();
  const text = (file: string) => {
    let read = texts.get(file);
    if (!read) {
      read = readText(file, options).then((result) => (result.ok ? result.text.replace(/\r\n?/g, '\n') : undefined));
      texts.set(file, read);
    }
    return read;
  };
  return {
    text,
    async lines(file) {
      return (await text(file))?.split('\n');
    },
  };
}
