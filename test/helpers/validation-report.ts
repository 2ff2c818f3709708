/**
 * A validation report for the tests of the output formats of `agentwire validate`: every
 * severity, two files (one given relative, one absolute), related places inside and outside the
 * working directory, a code the rule catalog does not have, and text that needs escaping
 * (`%`, `:`, `,`, newlines, Unicode, a terminal escape).
 */
import { join, resolve } from 'node:path';
import type { ValidationReport } from 'agentwire/validate';

/** The working directory of the run: the repository's root in a CI job. */
export const CWD = resolve('/ci/repo');

/** The second file: absolute, with `,`, `:` and `%` in its folder name. */
export const WEIRD_FILE = join(CWD, 'plugins', 'weird, name: 50%', 'plugin.json');

/** A place outside the working directory. */
export const OUTSIDE_FILE = resolve(CWD, '..', 'vendor', 'SKILL.md');

/** The report. */
export function sampleReport(): ValidationReport {
  return {
    paths: ['.'],
    profiles: ['openhands', 'agentskills', 'claude-code'],
    inventory: {
      files: 42,
      skills: 18,
      plugins: 2,
      marketplaces: 1,
      contextFiles: 0,
      configRepositories: 0,
      hooks: 0,
      toolServers: 0,
    },
    diagnostics: [
      {
        severity: 'error',
        code: 'skill-name-mismatch',
        message: 'The name "pdf" differs from its folder "pdf-tools"; the service drops the skill.',
        file: 'skills/pdf-tools/SKILL.md',
        line: 2,
        column: 7,
        hint: 'Make the `name` field and the folder name the same.',
        profile: 'openhands',
        related: [{ file: 'skills/pdf/SKILL.md', line: 2, column: 7, message: 'the other skill named "pdf"' }],
      },
      {
        severity: 'warning',
        code: 'description-too-long',
        message: 'The description is 1,300 characters long; the specification allows 1,024.',
        file: 'skills/pdf-tools/SKILL.md',
        line: 3,
        column: 14,
        hint: 'Shorten the description.',
        profile: 'agentskills',
      },
      {
        severity: 'info',
        code: 'inline-command',
        message: '100% sure: a, b\nnext line — ünïcødé 😀 \u001b[2J',
        file: 'skills/pdf-tools/SKILL.md',
        line: 12,
        column: 1,
        hint: '',
        profile: 'openhands',
      },
      {
        severity: 'error',
        code: 'invalid-json',
        message: 'Expected "," or "}" after the value: the service rejects the file.',
        file: WEIRD_FILE,
        line: 1,
        column: 10,
        hint: 'Fix the JSON syntax.\nA trailing comma is the usual cause.',
        profile: 'claude-code',
        related: [{ file: OUTSIDE_FILE, line: 4, column: 2, message: '' }],
      },
      {
        severity: 'warning',
        code: 'x-not-in-catalog',
        message: 'A finding of a rule the catalog does not list.',
        file: WEIRD_FILE,
        line: 10,
        column: 3,
        hint: 'Nothing to do.',
        profile: 'claude-code',
      },
    ],
    summary: { errors: 2, warnings: 2, infos: 1 },
  };
}

/** One diagnostic of {@link sampleReport}, by index. */
export function sampleDiagnostic(index: number): ValidationReport['diagnostics'][number] {
  const item = sampleReport().diagnostics[index];
  if (!item) throw new RangeError(`the sample report has no diagnostic ${index}`);
  return item;
}
