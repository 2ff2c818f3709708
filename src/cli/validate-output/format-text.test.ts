import { describe, expect, it } from 'vitest';
import { OUTSIDE_FILE, sampleReport, WEIRD_FILE } from '../../../test/helpers/validation-report';
import type { ValidationReport } from '../../validate/index';
import { formatText } from './format-text';

const ESC = '\u001b';
const red = (text: string) => `${ESC}[31m${text}${ESC}[39m`;
const yellow = (text: string) => `${ESC}[33m${text}${ESC}[39m`;
const cyan = (text: string) => `${ESC}[36m${text}${ESC}[39m`;
const bold = (text: string) => `${ESC}[1m${text}${ESC}[22m`;
const dim = (text: string) => `${ESC}[2m${text}${ESC}[22m`;

const clean = (inventory: Partial<ValidationReport['inventory']> = {}): ValidationReport => ({
  paths: ['.'],
  profiles: ['openhands'],
  inventory: {
    files: 0,
    skills: 0,
    plugins: 0,
    marketplaces: 0,
    contextFiles: 0,
    configRepositories: 0,
    hooks: 0,
    toolServers: 0,
    ...inventory,
  },
  diagnostics: [],
  summary: { errors: 0, warnings: 0, infos: 0 },
});

describe('formatText', () => {
  it('groups diagnostics by file, with position, severity, message, code, profile, hint and related places', () => {
    expect(formatText(sampleReport(), { color: false, quiet: false })).toBe(
      [
        'skills/pdf-tools/SKILL.md',
        '  2:7   error    The name "pdf" differs from its folder "pdf-tools"; the service drops the skill.  [skill-name-mismatch, openhands]',
        '                 Make the `name` field and the folder name the same.',
        '                 see skills/pdf/SKILL.md:2:7: the other skill named "pdf"',
        '  3:14  warning  The description is 1,300 characters long; the specification allows 1,024.  [description-too-long, agentskills]',
        '                 Shorten the description.',
        '  12:1  info     100% sure: a, b',
        '                 next line — ünïcødé 😀 \\u001b[2J  [inline-command, openhands]',
        '',
        WEIRD_FILE,
        '  1:10  error    Expected "," or "}" after the value: the service rejects the file.  [invalid-json, claude-code]',
        '                 Fix the JSON syntax.',
        '                 A trailing comma is the usual cause.',
        `                 see ${OUTSIDE_FILE}:4:2`,
        '  10:3  warning  A finding of a rule the catalog does not list.  [x-not-in-catalog, claude-code]',
        '                 Nothing to do.',
        '',
        '2 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)',
        '',
      ].join('\n'),
    );
  });

  it('colours severities, file names and hints when asked', () => {
    expect(formatText(sampleReport(), { color: true, quiet: false })).toBe(
      [
        bold('skills/pdf-tools/SKILL.md'),
        `  2:7   ${red('error')}    The name "pdf" differs from its folder "pdf-tools"; the service drops the skill.  [skill-name-mismatch, openhands]`,
        `                 ${dim('Make the `name` field and the folder name the same.')}`,
        '                 see skills/pdf/SKILL.md:2:7: the other skill named "pdf"',
        `  3:14  ${yellow('warning')}  The description is 1,300 characters long; the specification allows 1,024.  [description-too-long, agentskills]`,
        `                 ${dim('Shorten the description.')}`,
        `  12:1  ${cyan('info')}     100% sure: a, b`,
        '                 next line — ünïcødé 😀 \\u001b[2J  [inline-command, openhands]',
        '',
        bold(WEIRD_FILE),
        `  1:10  ${red('error')}    Expected "," or "}" after the value: the service rejects the file.  [invalid-json, claude-code]`,
        `                 ${dim('Fix the JSON syntax.\n                 A trailing comma is the usual cause.')}`,
        `                 see ${OUTSIDE_FILE}:4:2`,
        `  10:3  ${yellow('warning')}  A finding of a rule the catalog does not list.  [x-not-in-catalog, claude-code]`,
        `                 ${dim('Nothing to do.')}`,
        '',
        '2 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)',
        '',
      ].join('\n'),
    );
  });

  it('lists errors only when quiet, and still counts everything in the summary', () => {
    expect(formatText(sampleReport(), { color: false, quiet: true })).toBe(
      [
        'skills/pdf-tools/SKILL.md',
        '  2:7  error  The name "pdf" differs from its folder "pdf-tools"; the service drops the skill.  [skill-name-mismatch, openhands]',
        '              Make the `name` field and the folder name the same.',
        '              see skills/pdf/SKILL.md:2:7: the other skill named "pdf"',
        '',
        WEIRD_FILE,
        '  1:10  error  Expected "," or "}" after the value: the service rejects the file.  [invalid-json, claude-code]',
        '               Fix the JSON syntax.',
        '               A trailing comma is the usual cause.',
        `               see ${OUTSIDE_FILE}:4:2`,
        '',
        '2 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)',
        '',
      ].join('\n'),
    );
  });

  it('prints only the summary when there is nothing to list', () => {
    expect(formatText(clean({ files: 42, skills: 18, plugins: 2, marketplaces: 1 }), { color: true, quiet: false })).toBe(
      '0 errors, 0 warnings in 42 files (18 skills, 2 plugins, 1 marketplace)\n',
    );
    const warningsOnly = sampleReport();
    warningsOnly.diagnostics = warningsOnly.diagnostics.filter((item) => item.severity !== 'error');
    warningsOnly.summary = { errors: 0, warnings: 2, infos: 1 };
    expect(formatText(warningsOnly, { color: false, quiet: true })).toBe(
      '0 errors, 2 warnings, 1 info in 42 files (18 skills, 2 plugins, 1 marketplace)\n',
    );
  });

  it('writes singulars and plurals right, and leaves out what was not found', () => {
    const one = clean({ files: 1, skills: 1 });
    one.summary = { errors: 1, warnings: 1, infos: 0 };
    expect(formatText(one, { color: false, quiet: false })).toBe('1 error, 1 warning in 1 file (1 skill)\n');
    const every = clean({
      files: 9,
      skills: 2,
      plugins: 1,
      marketplaces: 2,
      contextFiles: 1,
      configRepositories: 2,
      hooks: 1,
      toolServers: 2,
    });
    every.summary = { errors: 3, warnings: 0, infos: 2 };
    expect(formatText(every, { color: false, quiet: false })).toBe(
      '3 errors, 0 warnings, 2 infos in 9 files (2 skills, 1 plugin, 2 marketplaces, 1 context file, 2 configuration repositories, 1 hooks file, 2 tool-server files)\n',
    );
    const singles = clean({ files: 5, marketplaces: 1, contextFiles: 2, configRepositories: 1, hooks: 2, toolServers: 1 });
    expect(formatText(singles, { color: false, quiet: false })).toBe(
      '0 errors, 0 warnings in 5 files (1 marketplace, 2 context files, 1 configuration repository, 2 hooks files, 1 tool-server file)\n',
    );
    expect(formatText(clean(), { color: false, quiet: false })).toBe('0 errors, 0 warnings in 0 files\n');
  });

  it('shows control characters and bidirectional overrides from the repository instead of obeying them', () => {
    const report = clean({ files: 1 });
    report.summary = { errors: 1, warnings: 0, infos: 0 };
    report.diagnostics = [
      {
        severity: 'error',
        code: 'skill-name-invalid',
        message: 'The name "a\u202eb\u0007" is invalid.\r\nSecond line\rthird',
        file: 'skills/x\ny\u001b[31m/SKILL.md',
        line: 1,
        column: 1,
        hint: 'Rename\tit.',
        profile: 'openhands',
      },
    ];
    expect(formatText(report, { color: false, quiet: false })).toBe(
      [
        'skills/x\\ny\\u001b[31m/SKILL.md',
        '  1:1  error  The name "a\\u202eb\\u0007" is invalid.',
        '              Second line',
        '              third  [skill-name-invalid, openhands]',
        '              Rename\tit.',
        '',
        '1 error, 0 warnings in 1 file',
        '',
      ].join('\n'),
    );
  });

  it('keeps the order of the report and gathers a file listed twice under one heading', () => {
    const report = sampleReport();
    const [first, second, third, fourth, fifth] = report.diagnostics;
    report.diagnostics = [fourth, first, fifth, second, third].filter((item) => item !== undefined);
    const text = formatText(report, { color: false, quiet: false });
    expect(text.indexOf(WEIRD_FILE)).toBe(0);
    expect(text.split('\n').filter((line) => line === 'skills/pdf-tools/SKILL.md')).toHaveLength(1);
    expect(text).toContain(`  10:3  warning  A finding`);
  });
});
