/**
 * The map of disagreements as Markdown: agreement by kind, then every class with its counts and
 * its smallest examples. Written when `TOOLKIT_CONFORMANCE_MAP` names a file.
 */
import { CASE_KINDS } from './corpus';
import type { KindCount, Summary } from './summary';

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

function row(label: string, count: KindCount): string {
  const { cases, agreeingCases, units, agreeingUnits } = count;
  return `| ${label} | ${agreeingUnits} / ${units} (${percent(agreeingUnits, units)}) | ${agreeingCases} / ${cases} (${percent(agreeingCases, cases)}) |`;
}

function clip(text: string, limit = 400): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > limit ? `${oneLine.slice(0, limit)}…` : oneLine;
}

/** The map as Markdown. */
export function renderMap(summary: Summary): string {
  const lines = [
    '# Toolkit conformance: where agentwire and the reference disagree',
    '',
    '## Agreement',
    '',
    '| kind | units agreeing | cases agreeing |',
    '|---|---|---|',
    ...CASE_KINDS.map((kind) => row(kind, summary.byKind[kind])),
    row('all', summary.total),
    '',
    '## Classes',
    '',
    'Cases per class (a case may fall in several), by kind, with the smallest examples.',
    '',
    '| class | cases | occurrences | by kind |',
    '|---|---|---|---|',
    ...summary.classes.map((entry) => {
      const kinds = Object.entries(entry.byKind)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      return `| ${entry.cls.replaceAll('|', '\\|')} | ${entry.cases} | ${entry.occurrences} | ${kinds} |`;
    }),
    '',
  ];
  for (const entry of summary.classes) {
    lines.push(`### ${entry.cls}`, '', `${entry.cases} cases, ${entry.occurrences} occurrences.`, '');
    for (const example of entry.examples) lines.push(`- \`${example.id}\`: ${clip(example.detail)}`);
    lines.push('');
  }
  return lines.join('\n');
}
