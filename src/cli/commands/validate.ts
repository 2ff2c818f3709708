/**
 * `agentwire validate [paths…]`: checks skill and plugin repositories for CI, by the service's
 * rules and by the other dialects' (`--profile`), in text, JSON, GitHub or SARIF form.
 * @module
 */
import { resolve } from 'node:path';
import { suggest } from '../../internal/did-you-mean';
import { nodeFileSystem, resolvePreset, SKILL_PRESETS } from '../../skills/index';
import {
  CONFIG_FILE_NAME,
  fixRepository,
  PROFILES,
  type Profile,
  RULE_SETTINGS,
  type RuleSetting,
  ValidateConfigError,
  type ValidateOptions,
  type ValidationReport,
  validate as validatePaths,
} from '../../validate/index';
import { DISCOVERY_DEPTH, ruleKeyProblem } from '../../validate/internal';
import { parseCommandArgs } from '../args';
import { DEFAULT_BASELINE_FILE, readBaselineFile, writeBaselineFile } from '../baseline-file';
import { readBuiltinNames } from '../builtin-names';
import { createStyles } from '../color';
import type { Command } from '../command';
import { readChangedLines, writeGithubFiles } from '../github-actions';
import { type CommandIO, UsageError } from '../io';
import { plural, printable } from '../report-text';
import { formatRulePage, ruleOrUsageError } from '../rule-page';
import type { ChangedLines } from '../validate-output/changed-lines';
import { formatFixDiff, formatFixSummary } from '../validate-output/format-fix';
import { formatGithub } from '../validate-output/format-github';
import { formatJson } from '../validate-output/format-json';
import { formatSarif } from '../validate-output/format-sarif';
import { formatText } from '../validate-output/format-text';
import { packageVersion } from '../version';

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: agentwire validate [paths…] [options]

Checks what each path holds (default: the current folder): instruction files, skill folders
(.agents/skills, and the legacy folders with --preset openhands), a bare skills folder, a
configuration repository (skills/, microagents/), a plugin (plugin.json, .plugin/,
.claude-plugin/), a marketplace (and every plugin and skill it lists inside the repository, with
coverage both ways), hooks and tool-server files, or one such file. Nothing from the repository
is ever executed.

A folder that holds none of these itself (a monorepo, a folder of repositories) is checked
through the folders below it that do, up to ${DISCOVERY_DEPTH} levels down, without node_modules,
vendor, build output, hidden folders and ignored paths; they are listed on standard error. A path
that holds nothing to check, even below, fails with exit code 2.

Settings come from ${CONFIG_FILE_NAME} (or the "agentwire" key of package.json), looked for
in each path's folder and the folders above it up to the repository root; the options below
weigh over it.

Options:
  --profile <name>       whose rules to judge by; repeat for several (default: openhands)
                           openhands      what the service will load, drop, shadow or ignore
                           agentskills    the Agent Skills specification
                           claude-code    Claude Code's plugin rules
                           agent-plugins  Agent Plugins 1.0.0
  --format <format>      text (default), json, github (workflow annotations), sarif (2.1.0)
  --strict               warnings fail too
  --max-warnings <N>     more than N warnings fail too
  --quiet                errors only, known findings left out (text format)
  --preset <name>        folder and repository names: ${Object.keys(SKILL_PRESETS).join(', ')} (default: neutral)
  --service <version>    the service version whose plugin loader to follow: 1.49 (default) or 1.43
  --builtin-names <file> names of the built-in skill catalog (one per line, or a JSON array):
                         a custom skill with one of these names is reported
  --rule <id>:<severity> set a rule (or tag:<tag>, every rule of a tag) to off, info, warning
                         or error; repeat for several
  --ignore <glob>        leave out the files the glob matches (relative to the current folder);
                         repeat for several
  --config <file>        the configuration file to use instead of looking for one
  --no-config            use no configuration file
  --fix                  fix what cannot change meaning (quote a value YAML reads as a
                         number, boolean or date; trigger: → triggers:; a byte-order mark
                         before the front matter; a marketplace source without ./), verified
                         by validating again; then report what remains
  --fix-dry-run          print the diff --fix would apply, write nothing
  --baseline <file>      findings accepted for now: those found again are shown as known and
                         do not fail; new ones do
  --write-baseline       write every current finding to the --baseline file (default:
                         ${DEFAULT_BASELINE_FILE}) and exit 0
  --changed-lines <diff> with --format github: annotate only the findings on the lines this
                         diff adds (git diff --unified=0 <base> HEAD) and those about a whole
                         file it changes; the others are counted
  --step-summary <file>  append a Markdown summary of the findings ($GITHUB_STEP_SUMMARY)
  --github-output <file> append the outputs errors=<N> and warnings=<N> ($GITHUB_OUTPUT)
  --explain <rule>       print a rule's page and check nothing (as agentwire rules <rule>)
  -h, --help             show this help

Suppress one finding with a comment on the line before it:
<!-- agentwire-disable-next-line rule-id -- reason --> in Markdown, # agentwire-disable-next-line
rule-id -- reason in front matter.

Exit codes: 0 no problems, 1 problems found (errors, or warnings with --strict or past
--max-warnings; with --baseline, new ones only), 2 bad usage, unreadable input, a path with
nothing to check, an unknown rule for --explain, or an unusable configuration.
`;

/** The `--rule <id>:<severity>` flags as rule settings; a malformed one is a usage error. */
function ruleSettings(flags: readonly string[]): Record<string, RuleSetting> {
  const settings: Record<string, RuleSetting> = {};
  for (const flag of flags) {
    const colon = flag.lastIndexOf(':');
    const key = flag.slice(0, Math.max(0, colon));
    const severity = flag.slice(colon + 1);
    if (colon <= 0 || key === 'tag') {
      throw new UsageError(`--rule ${flag}: write <id>:<severity>, such as --rule claude-code-marketplace-name-reserved:off`);
    }
    if (!RULE_SETTINGS.includes(severity as RuleSetting)) {
      const close = suggest(severity, RULE_SETTINGS);
      throw new UsageError(
        `--rule ${flag}: "${severity}" is not one of ${RULE_SETTINGS.join(', ')}${close === undefined ? '' : ` (did you mean "${close}"?)`}`,
      );
    }
    const problem = ruleKeyProblem(key);
    if (problem !== undefined) throw new UsageError(`--rule ${flag}: ${problem}`);
    settings[key] = severity as RuleSetting;
  }
  return settings;
}

function maxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--max-warnings must be a whole number of warnings (0 or more), not ${value}`);
  }
  return Number(value);
}

/** How many packages listed in full on standard error; the JSON report lists every one. */
const LISTED_PACKAGES = 10;

/** `found 2 packages to check in .: packages/a, packages/b`. */
function foundPackages(path: string, packages: readonly string[]): string {
  const shown = packages.slice(0, LISTED_PACKAGES).map((dir) => printable(dir, 200));
  const more = packages.length > LISTED_PACKAGES ? ` and ${packages.length - LISTED_PACKAGES} more` : '';
  return `found ${plural(packages.length, 'package')} to check in ${printable(path, 200)}: ${shown.join(', ')}${more}`;
}

/** The one line that says why a run over nothing fails. */
function nothingToCheck(paths: readonly string[]): string {
  return `nothing to check at ${paths.map((path) => printable(path, 200)).join(', ')}: no instruction file, skill, plugin, marketplace, hooks or tool-server file there or in the folders below (${DISCOVERY_DEPTH} levels down, without node_modules, vendor, build output and hidden folders); pass a repository, a skills folder, a plugin folder or one of their files`;
}

function render(
  report: ValidationReport,
  format: Format,
  io: CommandIO,
  quiet: boolean,
  version: string,
  changedLines: ChangedLines | undefined,
): string {
  switch (format) {
    case 'json':
      return formatJson(report, { version });
    case 'github':
      return formatGithub(report, { cwd: io.cwd, ...(changedLines ? { changedLines } : {}) });
    case 'sarif':
      return formatSarif(report, { version, cwd: io.cwd });
    default:
      return formatText(report, { color: io.colorOutput === true, quiet });
  }
}

/** The `validate` command. */
export const validate: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      argv,
      {
        profile: { type: 'string', multiple: true },
        format: { type: 'string' },
        strict: { type: 'boolean' },
        quiet: { type: 'boolean' },
        preset: { type: 'string' },
        service: { type: 'string' },
        'builtin-names': { type: 'string' },
        rule: { type: 'string', multiple: true },
        ignore: { type: 'string', multiple: true },
        config: { type: 'string' },
        'no-config': { type: 'boolean' },
        'max-warnings': { type: 'string' },
        fix: { type: 'boolean' },
        'fix-dry-run': { type: 'boolean' },
        baseline: { type: 'string' },
        'write-baseline': { type: 'boolean' },
        'changed-lines': { type: 'string' },
        'step-summary': { type: 'string' },
        'github-output': { type: 'string' },
        explain: { type: 'string' },
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = (values.format ?? 'text') as Format;
    if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${values.format}`);
    if (values.explain !== undefined) {
      if (positionals.length > 0) throw new UsageError('--explain prints a rule\u2019s page and checks no path: leave the paths out');
      const rule = ruleOrUsageError(values.explain);
      io.out(format === 'json' ? `${JSON.stringify(rule, null, 2)}\n` : formatRulePage(rule, createStyles(io.colorOutput === true)));
      return 0;
    }
    const profiles = values.profile === undefined ? undefined : ([...new Set(values.profile)] as Profile[]);
    for (const profile of profiles ?? []) {
      if (!PROFILES.includes(profile)) throw new UsageError(`unknown profile "${profile}": use ${PROFILES.join(', ')}`);
    }
    const service = values.service;
    if (service !== undefined && service !== '1.49' && service !== '1.43') {
      throw new UsageError(`--service must be 1.49 or 1.43, not ${service}`);
    }
    let preset: ReturnType<typeof resolvePreset> | undefined;
    try {
      preset = values.preset === undefined ? undefined : resolvePreset(values.preset);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (values.config !== undefined && values['no-config']) throw new UsageError('--config and --no-config cannot go together');
    if (values.fix && values['fix-dry-run']) throw new UsageError('use --fix or --fix-dry-run, not both');
    if (values['changed-lines'] !== undefined && format !== 'github') throw new UsageError('--changed-lines goes with --format github');
    const rules = ruleSettings(values.rule ?? []);
    const warningLimit = maxWarnings(values['max-warnings']);
    const paths = positionals.length > 0 ? positionals : ['.'];
    for (const path of paths) {
      if (!(await nodeFileSystem.kind(resolve(io.cwd, path)))) throw new UsageError(`cannot read ${path}: no such file or folder`);
    }
    const changedLines = values['changed-lines'] === undefined ? undefined : await readChangedLines(values['changed-lines'], io.cwd);
    const builtinNames = values['builtin-names'] ? await readBuiltinNames(values['builtin-names'], io.cwd) : undefined;
    const writeBaseline = values['write-baseline'] === true;
    const baselineFile = values.baseline ?? (writeBaseline ? DEFAULT_BASELINE_FILE : undefined);
    const baseline = baselineFile ? await readBaselineFile(baselineFile, io.cwd, writeBaseline) : undefined;
    const progress = io.progress;
    const options: ValidateOptions = {
      cwd: io.cwd,
      ...(profiles ? { profiles } : {}),
      ...(preset ? { preset } : {}),
      ...(service ? { service } : {}),
      config: values['no-config'] ? false : values.config,
      rules,
      ...(values.ignore ? { ignore: values.ignore } : {}),
      ...(builtinNames ? { builtinNames } : {}),
      ...(baselineFile ? { baseline: baseline ?? { version: 1, findings: [] } } : {}),
      ...(progress ? { onProgress: ({ path, index, total }) => progress(`checking ${path} (${index + 1}/${total})`) } : {}),
    };
    let report: ValidationReport;
    try {
      if (values.fix || values['fix-dry-run']) {
        const fixed = await fixRepository(paths, { ...options, dryRun: values['fix-dry-run'] === true });
        progress?.('');
        // The report keeps standard output to itself in the machine formats.
        const write = format === 'text' ? io.out : io.err;
        write(`${fixed.written ? '' : formatFixDiff(fixed)}${formatFixSummary(fixed)}\n`);
        report = fixed.report;
      } else report = await validatePaths(paths, options);
    } catch (error) {
      if (error instanceof ValidateConfigError) throw new UsageError(error.message);
      throw error;
    } finally {
      progress?.('');
    }
    for (const { path, packages } of report.discovered ?? []) io.err(`${foundPackages(path, packages)}\n`);
    io.out(render(report, format, io, values.quiet === true, packageVersion(), changedLines));
    await writeGithubFiles(report, { stepSummary: values['step-summary'], githubOutput: values['github-output'], changedLines }, io.cwd);
    if (report.nothingFound) {
      io.err(`agentwire validate: ${nothingToCheck(report.nothingFound)}\n`);
      return 2;
    }
    if (writeBaseline && baselineFile) {
      const count = await writeBaselineFile(report, baselineFile, io.cwd);
      io.err(`wrote ${count} finding${count === 1 ? '' : 's'} to ${baselineFile}\n`);
      return 0;
    }
    const { errors, warnings } = report.summary;
    if (warningLimit !== undefined && warnings > warningLimit) {
      io.err(`${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${warningLimit} allows\n`);
    }
    const failed = errors > 0 || (values.strict === true && warnings > 0) || (warningLimit !== undefined && warnings > warningLimit);
    return failed ? 1 : 0;
  },
};
