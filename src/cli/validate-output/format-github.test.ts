import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CWD, sampleDiagnostic, sampleReport } from '../../../test/helpers/validation-report';
import { escapeData, escapeProperty, formatGithub, formatGithubCommand } from './format-github';

/** Reverses the workflow-command escapes, as the runner does. */
const runnerUnescape = (text: string) =>
  text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

describe('workflow-command escapes', () => {
  it('escapes %, carriage returns and newlines in data', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeData('%0A is not a newline')).toBe('%250A is not a newline');
    expect(escapeData('ünïcødé 😀')).toBe('ünïcødé 😀');
  });

  it('escapes : and , as well in properties', () => {
    expect(escapeProperty('a:b,c%d\ne\rf')).toBe('a%3Ab%2Cc%25d%0Ae%0Df');
    expect(escapeProperty('%3A')).toBe('%253A');
  });

  it('is undone by the runner: every string comes back', () => {
    for (const text of ['%', '%%0A', 'a:b,c', '\r\n\n', 'x%2Cy', 'ünï 😀 ::error::']) {
      expect(runnerUnescape(escapeProperty(text))).toBe(text);
      expect(runnerUnescape(escapeData(text))).toBe(text);
    }
  });
});

describe('formatGithub', () => {
  it('prints one workflow command per diagnostic, then the summary', () => {
    expect(formatGithub(sampleReport(), { cwd: CWD })).toBe(
      [
        '::error file=skills/pdf-tools/SKILL.md,line=2,col=7,title=skill-name-mismatch::The name "pdf" differs from its folder "pdf-tools"; the service drops the skill. [openhands]%0AMake the `name` field and the folder name the same.%0ASee skills/pdf/SKILL.md:2:7: the other skill named "pdf"',
        '::warning file=skills/pdf-tools/SKILL.md,line=3,col=14,title=description-too-long::The description is 1,300 characters long; the specification allows 1,024. [agentskills]%0AShorten the description.',
        '::notice file=skills/pdf-tools/SKILL.md,line=12,col=1,title=inline-command::100%25 sure: a, b%0Anext line — ünïcødé 😀 \\u001b[2J [openhands]',
        '::error file=plugins/weird%2C name%3A 50%25/plugin.json,line=1,col=10,title=invalid-json::Expected "," or "}" after the value: the service rejects the file. [claude-code]%0AFix the JSON syntax.%0AA trailing comma is the usual cause.%0ASee ../vendor/SKILL.md:4:2',
        '::warning file=plugins/weird%2C name%3A 50%25/plugin.json,line=10,col=3,title=x-not-in-catalog::A finding of a rule the catalog does not list. [claude-code]%0ANothing to do.',
        '2 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)',
        '',
      ].join('\n'),
    );
  });

  it('annotates errors only when quiet', () => {
    const lines = formatGithub(sampleReport(), { cwd: CWD, quiet: true }).trimEnd().split('\n');
    expect(lines.map((line) => line.slice(0, line.indexOf(' ')))).toEqual(['::error', '::error', '2']);
  });

  it('prints only the summary for a clean report', () => {
    const report = sampleReport();
    report.diagnostics = [];
    report.summary = { errors: 0, warnings: 0, infos: 0 };
    expect(formatGithub(report, { cwd: CWD })).toBe('0 errors, 0 warnings in 42 files (18 skills, 2 plugins, 1 marketplace)\n');
  });

  it('keeps each command on one line, whatever the text holds', () => {
    const item = {
      ...sampleDiagnostic(0),
      message: 'first\r\n::error file=x::forged\nthird',
      file: join(CWD, 'a\nb', 'c,d:e'),
      code: 'odd:code,x',
      hint: '',
    };
    delete item.related;
    const command = formatGithubCommand(item, CWD);
    expect(command).toBe(
      '::error file=a%0Ab/c%2Cd%3Ae,line=2,col=7,title=odd%3Acode%2Cx::first%0D%0A::error file=x::forged%0Athird [openhands]',
    );
    expect(command.split('\n')).toHaveLength(1);
    const [, properties = '', data = ''] = /^::error ([^:]*)::(.*)$/.exec(command) ?? [];
    expect(properties.split(',').map((part) => runnerUnescape(part))).toEqual(['file=a\nb/c,d:e', 'line=2', 'col=7', 'title=odd:code,x']);
    expect(runnerUnescape(data)).toBe('first\r\n::error file=x::forged\nthird [openhands]');
  });

  it('makes paths relative to the working directory with / separators', () => {
    const item = sampleDiagnostic(1);
    expect(formatGithubCommand({ ...item, file: join(CWD, 'deep', 'a', 'SKILL.md') }, CWD)).toMatch(/^::warning file=deep\/a\/SKILL\.md,/);
    expect(formatGithubCommand({ ...item, file: 'rel/SKILL.md' }, CWD)).toMatch(/^::warning file=rel\/SKILL\.md,/);
    expect(formatGithubCommand({ ...item, file: join(CWD, '..', 'other', 'SKILL.md') }, CWD)).toMatch(
      /^::warning file=\.\.\/other\/SKILL\.md,/,
    );
  });

  it('annotates only the findings on changed lines with changedLines, and counts the others', () => {
    const changedLines = new Map([
      ['skills/pdf-tools/SKILL.md', [{ first: 3, last: 12 }]],
      ['plugins/weird, name: 50%/plugin.json', [{ first: 10, last: 10 }]],
    ]);
    const lines = formatGithub(sampleReport(), { cwd: CWD, changedLines }).trimEnd().split('\n');
    expect(lines.map((line) => /title=([^:]*)::/.exec(line)?.[1] ?? line)).toEqual([
      'description-too-long',
      'inline-command',
      'x-not-in-catalog',
      '2 findings outside the changed lines, not annotated',
      '2 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)',
    ]);
  });
});
