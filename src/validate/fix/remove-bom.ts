/**
 * `bom-before-frontmatter` fixed by removing the byte-order mark (U+FEFF) that starts the file, so
 * the service sees the `---` and reads the front matter.
 * @module
 */
import type { Fixer, FixProposal } from './text-edit';

function propose(text: string): FixProposal {
  if (!text.startsWith('\ufeff')) return { reason: 'the file does not start with a byte-order mark' };
  return { edit: { start: 0, end: 1, text: '' }, description: 'removed the byte-order mark before the front matter' };
}

/** The fixer of `bom-before-frontmatter`. */
export const removeBomFixer: Fixer = { code: 'bom-before-frontmatter', propose };
