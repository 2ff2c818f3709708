/**
 * docs/cli.md documents every command with the text `--help` prints: its generated blocks are what
 * the registry gives, each equals the real `agentwire <command> --help` output, and every option a
 * help text lists is one the command's parser accepts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliDocBlocks, fillGeneratedBlocks, helpBlockName } from '../src/cli/cli-docs';
import { COMMANDS } from '../src/cli/registry';
import { ROOT } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';

const docs = () => readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = await runAgentwire(argv);
  return { code: run.status, out: run.stdout, err: run.stderr };
}

/** The text of a generated block of docs/cli.md, without its fences and the `$` line. */
function blockText(markdown: string, name: string): string {
  const start = markdown.indexOf(`<!-- generated:${name} -->`);
  const end = markdown.indexOf(`<!-- /generated:${name} -->`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  const lines = markdown.slice(start, end).split('\n').slice(1, -1);
  return `${lines.slice(2, -1).join('\n')}\n`;
}

describe('docs/cli.md', () => {
  it('is what the command registry generates (run `npm run docs:rules` after changing a help text)', async () => {
    const current = docs();
    expect(await fillGeneratedBlocks(current)).toBe(current);
    expect(Object.keys(await cliDocBlocks())).toEqual(['commands', ...COMMANDS.map((command) => helpBlockName(command.name))]);
  });

  it('has a section for every command, ending with exactly what `agentwire <command> --help` prints', async () => {
    const text = docs();
    for (const command of COMMANDS) {
      const headings = text.split('\n').filter((line) => line.startsWith(`## \`agentwire ${command.name}`));
      expect(headings, command.name).toHaveLength(1);
      const printed = await cli([...command.name.split(' '), '--help']);
      expect(printed.code, command.name).toBe(0);
      expect(blockText(text, helpBlockName(command.name)), command.name).toBe(printed.out);
      const section = text.slice(text.indexOf(headings[0] as string));
      expect(section.indexOf(`generated:help-${command.name.replaceAll(' ', '-')}`), command.name).toBeLessThan(
        section.indexOf('\n## ') === -1 ? Number.POSITIVE_INFINITY : section.indexOf('\n## '),
      );
    }
    const general = await cli(['--help']);
    expect(blockText(text, 'commands')).toBe(general.out.split('\n').slice(1).join('\n').replace(/^\n/, ''));
  });

  it('every option a help text lists is accepted by that command', async () => {
    for (const command of COMMANDS) {
      const { usage } = await command.load();
      const options = [...usage.matchAll(/^ {2}(?:-\w, )?(--[a-z][\w-]*)/gm)].map((match) => match[1] as string);
      expect(options.length, command.name).toBeGreaterThan(0);
      for (const option of options) {
        // A value for options that take one (a boolean leaves it as a positional); --help answers before anything runs.
        const run = await cli([...command.name.split(' '), option, 'x', '--help']);
        expect([option, run.code, run.err], command.name).toEqual([option, 0, '']);
      }
    }
  });

  it('the check can fail: a stale, an unknown or a missing block is found', async () => {
    const current = docs();
    const stale = current.replace('print events as they are stored', 'print events');
    expect(await fillGeneratedBlocks(stale)).toBe(current);
    await expect(fillGeneratedBlocks(current.replace('<!-- generated:help-serve -->', ''))).rejects.toThrow(
      /docs\/cli.md lacks the generated blocks help-serve/,
    );
    await expect(fillGeneratedBlocks(`${current}\n<!-- generated:nope -->\n<!-- /generated:nope -->\n`)).rejects.toThrow(
      /docs\/cli.md has an unknown generated block "nope"/,
    );
  });

  it('scripts/generate-rule-docs.mjs --check agrees', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-rule-docs.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('docs/cli.md is up to date.\n');
    expect(run.status).toBe(0);
  });
});
