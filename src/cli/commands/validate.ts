/**
 * `agentwire validate [paths…]`: checks skill and plugin repositories for CI, by the service's
 * rules and by the other dialects' (`--profile`), in text, JSON, GitHub or SARIF form.
 * @module
 */
import { resolve } from 'node:path';
import { nodeFileSystem, resolvePreset, SKILL_PRESETS } from '../../skills/index';
import { PROFILES, type Profile, type ValidationReport, validate as validatePaths } from '../../validate/index';
import { parseCommandArgs } from '../args';
import { readBuiltinNames } from '../builtin-names';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
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

Options:
  --profile <name>       whose rules to judge by; repeat for several (default: openhands)
                           openhands      what the service will load, drop, shadow or ignore
                           agentskills    the Agent Skills specification
                           claude-code    Claude Code's plugin rules
                           agent-plugins  Agent Plugins 1.0.0
  --format <format>      text (default), json, github (workflow annotations), sarif (2.1.0)
  --strict               warnings fail too
  --quiet                errors only (text format)
  --preset <name>        folder and repository names: ${Object.keys(SKILL_PRESETS).join(', ')} (default: neutral)
  --service <version>    the service version whose plugin loader to follow: 1.49 (default) or 1.43
  --builtin-names <file> names of the built-in skill catalog (one per line, or a JSON array):
                         a custom skill with one of these names is reported
  -h, --help             show this help

Exit codes: 0 no problems, 1 problems found (errors, or warnings with --strict),
2 bad usage or unreadable input.
`;

function render(report: ValidationReport, format: Format, io: CommandIO, quiet: boolean, version: string): string {
  switch (format) {
    case 'json':
      return formatJson(report, { version });
    case 'github':
      return formatGithub(report, { cwd: io.cwd });
    case 'sarif':
      return formatSarif(report, { version, cwd: io.cwd });
    default:
      return formatText(report, { color: io.colorOutput === true, quiet });
  }
}

/** The `validate` command. */
export const validate: Command = {
  name: 'validate',
  summary: 'check skill, plugin and marketplace repositories (for CI)',
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
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = (values.format ?? 'text') as Format;
    if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${values.format}`);
    const profiles = [...new Set(values.profile ?? ['openhands'])] as Profile[];
    for (const profile of profiles) {
      if (!PROFILES.includes(profile)) throw new UsageError(`unknown profile "${profile}": use ${PROFILES.join(', ')}`);
    }
    const service = values.service ?? '1.49';
    if (service !== '1.49' && service !== '1.43') throw new UsageError(`--service must be 1.49 or 1.43, not ${service}`);
    let preset: ReturnType<typeof resolvePreset>;
    try {
      preset = resolvePreset(values.preset);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const paths = positionals.length > 0 ? positionals : ['.'];
    for (const path of paths) {
      if (!(await nodeFileSystem.kind(resolve(io.cwd, path)))) throw new UsageError(`cannot read ${path}: no such file or folder`);
    }
    const builtinNames = values['builtin-names'] ? await readBuiltinNames(values['builtin-names'], io.cwd) : undefined;
    const progress = io.progress;
    const report = await validatePaths(paths, {
      cwd: io.cwd,
      profiles,
      preset,
      service,
      ...(builtinNames ? { builtinNames } : {}),
      ...(progress ? { onProgress: ({ path, index, total }) => progress(`checking ${path} (${index + 1}/${total})`) } : {}),
    });
    progress?.('');
    io.out(render(report, format, io, values.quiet === true, packageVersion()));
    const failed = report.summary.errors > 0 || (values.strict === true && report.summary.warnings > 0);
    return failed ? 1 : 0;
  },
};
