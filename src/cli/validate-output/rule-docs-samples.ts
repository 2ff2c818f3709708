/**
 * The samples of each output format in docs/validate.md, printed by the formatters from one small
 * report, so the documentation shows exactly what the command prints.
 * @module
 */
import { diagnostic } from '../../internal/diagnostic';
import { HOOKS_MATCHER_NEVER_FIRES } from '../../plugins/internal';
import { SKILL_NAME_MISMATCH } from '../../skills/internal';
import type { ValidationReport } from '../../validate/index';
import { formatGithub } from './format-github';
import { formatJson } from './format-json';
import { formatSarif } from './format-sarif';
import { formatText } from './format-text';

/** The version the samples name. */
const VERSION = '0.1.0';

/** Where the samples run: a repository checked out by GitHub Actions. */
const CWD = '/home/runner/work/skills/skills';

/** A repository with a misnamed skill and a hook matcher written for Claude Code. */
export function sampleReport(): ValidationReport {
  return {
    paths: ['.'],
    profiles: ['openhands'],
    inventory: { files: 12, skills: 9, plugins: 1, marketplaces: 1, contextFiles: 0, configRepositories: 0, hooks: 1, toolServers: 0 },
    diagnostics: [
      {
        ...diagnostic(HOOKS_MATCHER_NEVER_FIRES, {
          file: 'plugins/pr-review/hooks/hooks.json',
          at: { line: 5, column: 20 },
          message: `"Bash" matches none of the service's tool names; it fires only if an MCP server provides a tool of that name.`,
        }),
        profile: 'openhands',
      },
      {
        ...diagnostic(SKILL_NAME_MISMATCH, {
          file: 'skills/pdf-tools/SKILL.md',
          at: { line: 2, column: 7 },
          message: 'The name "pdf" differs from its folder "pdf-tools".',
        }),
        profile: 'openhands',
      },
    ],
    summary: { errors: 1, warnings: 1, infos: 0 },
  };
}

/** Each sample block: how to print it, and the language of its fence. */
export const SAMPLE_BLOCKS: Record<string, [() => string, string]> = {
  'sample-text': [() => formatText(sampleReport(), { color: false, quiet: false }), 'text'],
  'sample-json': [() => formatJson(sampleReport(), { version: VERSION }), 'json'],
  'sample-github': [() => formatGithub(sampleReport(), { cwd: CWD }), 'text'],
  'sample-sarif': [
    () => {
      const report = sampleReport();
      return formatSarif(
        { ...report, diagnostics: report.diagnostics.slice(1), summary: { errors: 1, warnings: 0, infos: 0 } },
        { version: VERSION, cwd: CWD },
      );
    },
    'json',
  ],
};
