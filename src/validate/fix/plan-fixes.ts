/**
 * From a report to planned edits: each diagnostic whose rule has a fixer gets a proposal from it,
 * read against the file's current text; a file's edits are kept in order and an edit that overlaps
 * another is dropped (the same edit proposed for two diagnostics is one edit that fixes both).
 * @module
 */
import { resolve } from 'node:path';
import type { SkillFileSystem } from '../../skills/index';
import type { ProfileDiagnostic, ValidationReport } from '../types';
import { fixerFor } from './fixers';
import { applyEdits, lineMapper, type TextEdit } from './text-edit';
import type { FilePlan } from './verify';

/** A finding a fixer was asked about and left as it is, and why. */
export interface UnfixedFinding {
  diagnostic: ProfileDiagnostic;
  reason: string;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of a regular file read whole, or why it cannot be edited. */
async function readText(fs: SkillFileSystem, path: string): Promise<{ text: string } | { reason: string }> {
  const info = await fs.kind(path);
  if (info?.kind !== 'file') return { reason: 'the file is not a regular file' };
  const bytes = await fs.read(path, 0, info.size);
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { reason: 'the file is not valid UTF-8' };
  }
}

/** Plans the edits for every fixable diagnostic of `report`. */
export async function planFixes(
  report: ValidationReport,
  cwd: string,
  fs: SkillFileSystem,
): Promise<{ plans: FilePlan[]; unfixed: UnfixedFinding[] }> {
  const unfixed: UnfixedFinding[] = [];
  const texts = new Map<string, { text: string } | { reason: string }>();
  const proposals = new Map<string, { diagnostic: ProfileDiagnostic; edit: TextEdit; description: string }[]>();
  for (const diagnostic of report.diagnostics) {
    const fixer = fixerFor(diagnostic.code);
    if (!fixer) continue;
    const path = resolve(cwd, diagnostic.file);
    let read = texts.get(path);
    if (!read) {
      read = await readText(fs, path);
      texts.set(path, read);
    }
    if ('reason' in read) {
      unfixed.push({ diagnostic, reason: read.reason });
      continue;
    }
    const proposal = fixer.propose(read.text, diagnostic);
    if ('reason' in proposal) unfixed.push({ diagnostic, reason: proposal.reason });
    else proposals.set(path, [...(proposals.get(path) ?? []), { diagnostic, ...proposal }]);
  }
  const plans: FilePlan[] = [];
  for (const [path, list] of proposals) {
    const text = (texts.get(path) as { text: string }).text;
    const sorted = [...list].sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end);
    const edits: TextEdit[] = [];
    const fixes: FilePlan['fixes'] = [];
    for (const proposal of sorted) {
      const last = edits.at(-1);
      const same = last && last.start === proposal.edit.start && last.end === proposal.edit.end && last.text === proposal.edit.text;
      if (last && !same && proposal.edit.start < Math.max(last.end, last.start + 1)) {
        unfixed.push({ diagnostic: proposal.diagnostic, reason: 'another fix edits the same text' });
        continue;
      }
      if (!same) edits.push(proposal.edit);
      fixes.push({ diagnostic: proposal.diagnostic, description: proposal.description });
    }
    const file = (fixes[0] as FilePlan['fixes'][number]).diagnostic.file;
    const original = new Set(fixes.map((fix) => fix.diagnostic));
    plans.push({ file, path, text, fixedText: applyEdits(text, edits), mapLine: lineMapper(text, edits), fixes, original });
  }
  return { plans, unfixed };
}
