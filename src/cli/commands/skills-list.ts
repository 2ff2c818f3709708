/**
 * `agentwire skills list [dir]`: the skills a conversation on a project gets, from the project and
 * its organization's configuration repositories, resolved as the service resolves them.
 * @module
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { nodeFileSystem } from '../../internal/node/file-system';
import { ConfigRepositoryError, resolvePreset, SKILL_PRESETS, type SkillPreset } from '../../skills/index';
import { parseGitRemote } from '../../skills/internal';
import { parseCommandArgs } from '../args';
import { readBuiltinNames } from '../builtin-names';
import { createStyles, type Styles } from '../color';
import type { Command } from '../command';
import { type CommandIO, UsageError } from '../io';
import { plural, printable, readFormat } from '../report-text';
import { type ListedSkill, listSkills, type SkillsListing } from '../skills-listing';

/** The environment variable holding the token sent to `https:` configuration repositories. */
export const GIT_TOKEN_VARIABLE = 'AGENTWIRE_GIT_TOKEN';

const USAGE = `Usage: agentwire skills list [dir] [options]

Prints the skills a conversation on the project in dir (default: the current folder) gets, as the
service loads and resolves them: the project's instruction files and skill folders, and the
configuration repositories given with --org-repo (a later repository wins on a name, the project
wins over them all). For each name: the layer it comes from, its trigger (keyword, task, path or
none) and keywords, its description (first line), what it hides, and whether it is off and why.
Problems found while loading are only counted: agentwire validate reports them.

Options:
  --org-repo URL          a configuration repository (https://, ssh://, git@host:path or file://),
                          read as the service reads it (skills/, then microagents/); repeatable,
                          in load order. Cloned into the cache folder; progress shows on a terminal.
  --preset NAME           folder and repository names: ${Object.keys(SKILL_PRESETS).join(', ')} (default: neutral)
  --disabled NAME         a skill name switched off (the deny-list); repeatable
  --enabled NAME          a built-in skill switched on (the allow-list over --builtin-names); repeatable
  --builtin-names FILE    the names of the built-in catalog (one per line, or a JSON array)
  --cache-dir DIR         where repositories are cached
                          (default: $XDG_CACHE_HOME or ~/.cache, then agentwire/config-repositories)
  --format text|json      text (default) or one JSON document: { directory, preset, skills,
                          repositories, problems }
  -h, --help              show this help

A token for https:// repositories is read from ${GIT_TOKEN_VARIABLE} (user:token is sent as it is);
it is sent as an HTTP header scoped to the repository's host, never written to a URL, a file or the
output. With a token, every https:// --org-repo must be on one host.

Exit codes: 0 listed, 1 listed but loading found errors (such as skills the service drops, or one
name in two configuration repositories), 2 bad usage (an unsafe repository URL, a folder that does
not exist, a token the server refuses with 401 or 403).
A configuration repository that does not exist is a note, as most owners have none.
`;

/** The default cache folder: `$XDG_CACHE_HOME` (when absolute) or `~/.cache`, then `agentwire/config-repositories`. */
export function defaultCacheDir(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'agentwire', 'config-repositories');
}

/** Refuses a token that would go to more than one host. */
function checkTokenHosts(urls: readonly string[], token: string | undefined): void {
  if (token === undefined) return;
  const hosts = new Set<string>();
  for (const url of urls) {
    try {
      const remote = parseGitRemote(url);
      if (remote.origin !== undefined) hosts.add(remote.host);
    } catch {
      // The loader reports the URL itself.
    }
  }
  if (hosts.size > 1) {
    throw new UsageError(`${GIT_TOKEN_VARIABLE} would be sent to ${[...hosts].join(' and ')}: list the repositories of one host per run`);
  }
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function triggerText(skill: ListedSkill): string {
  const { kind, keywords } = skill.trigger;
  if (kind !== 'none') return `${kind}: ${keywords.join(', ')}`;
  return skill.role === 'context' ? 'none (always in context)' : 'none (read on demand)';
}

function formatText(listing: SkillsListing, styles: Styles): string {
  const on = listing.skills.filter((skill) => skill.enabled).length;
  const lines = [
    `${plural(listing.skills.length, 'skill')} for ${printable(listing.directory)} (preset ${listing.preset}): ${on} on, ${listing.skills.length - on} off`,
  ];
  if (listing.skills.length > 0) {
    const rows = listing.skills.map((skill) => [
      printable(cut(skill.name, 40)),
      skill.layer,
      printable(cut(triggerText(skill), 40)),
      printable(cut((skill.description ?? '').trim().split(/\r?\n/)[0] ?? '', 80)),
    ]);
    const widths = [0, 1, 2].map((column) =>
      Math.max(['NAME', 'LAYER', 'TRIGGER'][column]?.length ?? 0, ...rows.map((row) => (row[column] as string).length)),
    );
    const row = (cells: string[]) =>
      `  ${cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] as number) : cell)).join('  ')}`.trimEnd();
    const indent = ' '.repeat(2 + (widths[0] as number) + 2);
    lines.push('', styles.bold(row(['NAME', 'LAYER', 'TRIGGER', 'DESCRIPTION'])));
    listing.skills.forEach((skill, index) => {
      const cells = rows[index] as string[];
      lines.push(row(skill.enabled ? cells : [styles.dim(cells[0] as string), ...cells.slice(1)]));
      if (!skill.enabled) lines.push(`${indent}${styles.yellow('off')}: ${printable(skill.reason ?? '')}`);
      else if (skill.reason) lines.push(`${indent}on: ${printable(skill.reason)}`);
      if (skill.hiddenFromModel) lines.push(`${indent}hidden from the model's skill list (disable-model-invocation)`);
      for (const shadow of skill.shadows)
        lines.push(`${indent}hides ${printable(shadow.file)} (${shadow.layer}): ${printable(shadow.why)}`);
      lines.push(`${indent}${styles.dim(printable(skill.file))}`);
    });
  }
  if (listing.repositories.length > 0) {
    lines.push('', 'Configuration repositories:');
    for (const repo of listing.repositories) {
      const commit = repo.commit ? `, commit ${repo.commit.slice(0, 12)}` : '';
      const status = repo.status === 'loaded' || repo.status === 'stale' ? repo.status : styles.red(repo.status);
      lines.push(`  ${printable(repo.repository)}  ${status}, ${plural(repo.skills, 'skill')}  (${printable(repo.url)}${commit})`);
    }
  }
  const { errors, warnings, infos } = listing.problems;
  const found = [errors && plural(errors, 'error'), warnings && plural(warnings, 'warning'), infos && plural(infos, 'note')].filter(
    Boolean,
  );
  lines.push(
    '',
    found.length === 0 ? 'Loading found no problems.' : `Loading found ${found.join(', ')}: run agentwire validate for details.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The `skills list` command. */
export const skillsList: Command = {
  usage: USAGE,
  async run(argv: string[], io: CommandIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      argv,
      {
        'org-repo': { type: 'string', multiple: true },
        preset: { type: 'string' },
        disabled: { type: 'string', multiple: true },
        enabled: { type: 'string', multiple: true },
        'builtin-names': { type: 'string' },
        'cache-dir': { type: 'string' },
        format: { type: 'string' },
      },
      USAGE,
    );
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const format = readFormat(values.format);
    if (positionals.length > 1) throw new UsageError(`expected at most one folder\n\n${USAGE}`);
    let preset: SkillPreset;
    try {
      preset = resolvePreset(values.preset);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const directory = resolve(io.cwd, positionals[0] ?? '.');
    if ((await nodeFileSystem.kind(directory))?.kind !== 'directory') throw new UsageError(`${positionals[0] ?? '.'} is not a folder`);
    const builtinNames = values['builtin-names'] ? await readBuiltinNames(values['builtin-names'], io.cwd) : undefined;
    if (values.enabled && !builtinNames)
      io.err('agentwire skills list: --enabled has no effect without --builtin-names (it switches built-in skills on)\n');
    const orgRepos = values['org-repo'] ?? [];
    const token = io.env[GIT_TOKEN_VARIABLE] || undefined;
    checkTokenHosts(orgRepos, token);
    const progress = io.progress;
    let listing: SkillsListing;
    try {
      listing = await listSkills({
        directory,
        cwd: io.cwd,
        preset,
        orgRepos,
        cacheDir: values['cache-dir'] ? resolve(io.cwd, values['cache-dir']) : defaultCacheDir(io.env),
        ...(token !== undefined && { token }),
        disabled: values.disabled ?? [],
        ...(values.enabled && { enabled: values.enabled }),
        ...(builtinNames && { builtinNames }),
        ...(progress && {
          onProgress: ({ phase, repository, stage, percent }) =>
            progress(`${phase} ${repository}${stage ? `: ${stage}` : ''}${percent === undefined ? '' : ` ${percent}%`}`),
        }),
      });
    } catch (error) {
      if (error instanceof ConfigRepositoryError)
        throw new UsageError(`${error.code === 'authentication-failed' ? GIT_TOKEN_VARIABLE : '--org-repo'}: ${error.message}`);
      throw error;
    } finally {
      progress?.('');
    }
    io.out(format === 'json' ? `${JSON.stringify(listing, null, 2)}\n` : formatText(listing, createStyles(io.colorOutput === true)));
    return listing.problems.errors > 0 ? 1 : 0;
  },
};
