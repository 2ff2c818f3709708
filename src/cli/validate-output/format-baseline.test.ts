import { describe, expect, it } from 'vitest';
import { CWD, sampleReport } from '../../../test/helpers/validation-report';
import type { ValidationReport } from '../../validate/index';
import { formatGithub } from './format-github';
import { formatJson, type JsonReport } from './format-json';
import { FINGERPRINT_KEY, formatSarif } from './format-sarif';
import { formatSummary } from './format-summary';
import { formatText } from './format-text';

/** The sample with a baseline: the first finding (an error) known, the others new; one finding suppressed. */
function baselineReport(): ValidationReport {
  const report = sampleReport();
  report.diagnostics = report.diagnostics.map((item, at) => ({
    ...item,
    baseline: at === 0 ? 'known' : 'new',
    fingerprint: `fp${at}`,
  }));
  report.summary = { errors: 1, warnings: 2, infos: 1 };
  report.baseline = { known: 1, new: 4, fixed: 2 };
  report.suppressed = 3;
  return report;
}

describe('the output formats with a baseline and suppressions', () => {
  it('summary: the counts of new findings, then the baseline and the suppressed', () => {
    expect(formatSummary(baselineReport())).toBe(
      '1 error, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace); baseline: 1 known, 2 fixed; 3 suppressed',
    );
    expect(formatSummary(sampleReport())).not.toContain(';');
  });

  it('text: a known finding ends its bracket with "known", and --quiet leaves it out', () => {
    const text = formatText(baselineReport(), { color: false, quiet: false });
    expect(text).toContain('[skill-name-mismatch, openhands, known]');
    expect(text).toContain('[description-too-long, agentskills]\n');
    const quiet = formatText(baselineReport(), { color: false, quiet: true });
    expect(quiet).not.toContain('skill-name-mismatch');
    expect(quiet).toContain('invalid-json');
  });

  it('github: no annotation for a known finding', () => {
    const lines = formatGithub(baselineReport(), { cwd: CWD }).split('\n');
    expect(lines.some((line) => line.includes('title=skill-name-mismatch'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('::'))).toHaveLength(4);
  });

  it('json: the baseline counts, the suppressed count, and each finding\u2019s state and fingerprint', () => {
    const parsed = JSON.parse(formatJson(baselineReport(), { version: '1.2.3' })) as JsonReport;
    expect(parsed.baseline).toEqual({ known: 1, new: 4, fixed: 2 });
    expect(parsed.suppressed).toBe(3);
    expect(parsed.diagnostics.map((item) => [item.baseline, item.fingerprint])).toEqual([
      ['known', 'fp0'],
      ['new', 'fp1'],
      ['new', 'fp2'],
      ['new', 'fp3'],
      ['new', 'fp4'],
    ]);
    const plain = JSON.parse(formatJson(sampleReport(), { version: '1.2.3' })) as JsonReport;
    expect('baseline' in plain || 'suppressed' in plain || 'baseline' in (plain.diagnostics[0] ?? {})).toBe(false);
  });

  it('sarif: baselineState unchanged or new, and the fingerprint in partialFingerprints', () => {
    const log = JSON.parse(formatSarif(baselineReport(), { version: '1.2.3', cwd: CWD }));
    const results = log.runs[0].results as { baselineState: string; partialFingerprints: Record<string, string> }[];
    expect(results.map((result) => result.baselineState)).toEqual(['unchanged', 'new', 'new', 'new', 'new']);
    expect(results[0]?.partialFingerprints).toEqual({ [FINGERPRINT_KEY]: 'fp0' });
    const plain = JSON.parse(formatSarif(sampleReport(), { version: '1.2.3', cwd: CWD }));
    expect(plain.runs[0].results[0].baselineState).toBeUndefined();
  });
});
