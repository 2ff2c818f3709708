/**
 * `claude-code-source-invalid` fixed for a marketplace source written as a bare relative path
 * (`"plugins/tools"`): `./` is put in front (`"./plugins/tools"`). The service strips a leading
 * `./` and opens the same folder either way; Claude Code accepts only the `./` form. Only for the
 * sources the rule itself suggests rewriting (folder names of letters, digits, `.`, `_` and `-`),
 * written without escapes.
 * @module
 */
import type { ProfileDiagnostic } from '../types';
import { type Fixer, type FixProposal, lineAt, lineStarts } from './text-edit';

const SUGGESTION = /^Write "\.\/([^"]+)"\.$/;

function propose(text: string, d: ProfileDiagnostic): FixProposal {
  const suggested = SUGGESTION.exec(d.hint)?.[1];
  if (suggested === undefined) return { reason: 'the source is not a bare relative path' };
  const line = lineAt(text, lineStarts(text), d.line);
  if (!line) return { reason: 'the position is outside the file' };
  const token = /^"([^"\\]*)"/.exec(line.text.slice(d.column - 1));
  if (!token || token[1] !== suggested) return { reason: 'the source at this position is not the text the rule names' };
  const start = line.start + d.column;
  return { edit: { start, end: start, text: './' }, description: `wrote the source "${suggested}" as "./${suggested}"` };
}

/** The fixer of `claude-code-source-invalid`. */
export const marketplaceSourceFixer: Fixer = { code: 'claude-code-source-invalid', propose };
