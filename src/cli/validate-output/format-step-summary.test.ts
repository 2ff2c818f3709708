import { describe, expect, it } from 'vitest';
import { CWD, sampleReport } from '../../../test/helpers/validation-report';
import { formatStepSummary, markdownText } from './format-step-summary';

describe('formatStepSummary', () => {
  it('gives the summary line and a table of every finding', () => {
    const markdown = formatStepSummary(sampleReport(), { cwd: CWD });
    const lines = markdown.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '### agentwire validate',
      '',
      '**2 errors, 2 warnings, 1 info in 42 files &#40;18 skills, 2 plugins, 1 marketplace&#41;**',
      '',
      '| Severity | Where | Rule | Finding |',
    ]);
    expect(lines.filter((line) => /^\| (error|warning|info) \|/.test(line))).toHaveLength(5);
    expect(lines).toContain(
      '| warning | <code>skills/pdf-tools/SKILL.md&#58;3&#58;14</code> | <code>description-too-long</code> | The description is 1,300 characters long; the specification allows 1,024. (agentskills) |',
    );
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('lists the findings on the changed lines apart from the others', () => {
    const changedLines = new Map([['skills/pdf-tools/SKILL.md', [{ first: 3, last: 3 }]]]);
    const lines = formatStepSummary(sampleReport(), { cwd: CWD, changedLines }).split('\n');
    const on = lines.indexOf('#### On the changed lines (1, annotated)');
    const off = lines.indexOf('#### Elsewhere (4, not annotated)');
    expect(on).toBeGreaterThan(0);
    expect(off).toBeGreaterThan(on);
    expect(lines.slice(on, off).filter((line) => line.startsWith('| warning'))).toHaveLength(1);
  });

  it('keeps to maxRows and counts the rest; leaves out known findings', () => {
    const report = sampleReport();
    report.diagnostics[0] = { ...report.diagnostics[0], baseline: 'known' } as (typeof report.diagnostics)[number];
    const lines = formatStepSummary(report, { cwd: CWD, maxRows: 2 }).split('\n');
    expect(lines.filter((line) => /^\| (error|warning|info) \|/.test(line))).toHaveLength(2);
    expect(lines).toContain('2 more findings not listed here: the job log has every one.');
    expect(lines.join('\n')).not.toContain('skill-name-mismatch');
  });
});

describe('markdownText', () => {
  it('shows text from a repository as written: no markup, no table breaks, no line breaks', () => {
    expect(markdownText('a | b')).toBe('a &#124; b');
    expect(markdownText('<img src=x onerror=alert(1)>')).toBe('&#60;img src=x onerror=alert&#40;1&#41;&#62;');
    expect(markdownText('**bold** `code` [link](http://x) $x$ @user')).not.toMatch(/[*`[\]()$@]/);
    expect(markdownText('one\r\ntwo\nthree')).toBe('one two three');
    expect(markdownText('\u001b[2J')).toBe('&#92;u001b&#91;2J');
  });
});
