/**
 * `agentwire init skill|plugin` writes folders that validate clean under every profile, never over
 * what exists; `agentwire rules` lists the rules and explains one. The command line run in process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAgentwire } from './helpers/cli-in-process';

const PROFILES = ['openhands', 'agentskills', 'claude-code', 'agent-plugins'];

/** A new git repository in a temp folder. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-init-'));
  expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
  return dir;
}

async function summary(
  cwd: string,
  path: string,
  profile: string,
): Promise<{ errors: number; warnings: number; inventory: Record<string, number> }> {
  const run = await runAgentwire(['validate', path, '--profile', profile, '--format', 'json'], undefined, { cwd });
  expect(run.stderr).toBe('');
  const report = JSON.parse(run.stdout) as { summary: { errors: number; warnings: number }; inventory: Record<string, number> };
  return { ...report.summary, inventory: report.inventory };
}

describe('agentwire init', () => {
  it.each(PROFILES)('writes a skill that validates without errors or warnings under %s', async (profile) => {
    const dir = repository();
    const run = await runAgentwire(['init', 'skill', 'pdf-tools'], undefined, { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(join('.agents', 'skills', 'pdf-tools', 'SKILL.md'));
    expect(readFileSync(join(dir, '.agents/skills/pdf-tools/SKILL.md'), 'utf8')).toMatch(/^---\nname: pdf-tools\ndescription: /);
    const result = await summary(dir, '.', profile);
    expect(result.inventory.skills).toBe(1);
    expect([result.errors, result.warnings]).toEqual([0, 0]);
  });

  it.each(PROFILES)('writes a plugin that validates without errors or warnings under %s', async (profile) => {
    const dir = repository();
    expect((await runAgentwire(['init', 'plugin', 'pdf-kit', 'plugins'], undefined, { cwd: dir })).status).toBe(0);
    const result = await summary(dir, 'plugins/pdf-kit', profile);
    expect(result.inventory.plugins).toBe(1);
    expect(result.inventory.skills).toBe(1);
    expect([result.errors, result.warnings]).toEqual([0, 0]);
  });

  it('never writes over a folder that exists, and refuses names no profile accepts', async () => {
    const dir = repository();
    expect((await runAgentwire(['init', 'skill', 'pdf-tools'], undefined, { cwd: dir })).status).toBe(0);
    const file = join(dir, '.agents/skills/pdf-tools/SKILL.md');
    writeFileSync(file, 'mine');
    const again = await runAgentwire(['init', 'skill', 'pdf-tools'], undefined, { cwd: dir });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(file, 'utf8')).toBe('mine');
    for (const name of ['Pdf', 'pdf_tools', 'pdf-', 'pdf--tools', 'a'.repeat(65)]) {
      const bad = await runAgentwire(['init', 'plugin', name], undefined, { cwd: dir });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('cannot name a plugin');
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await runAgentwire(['init', 'skill'], undefined, { cwd: dir })).stderr).toContain("expected the skill's name");
  });
});

describe('agentwire rules', () => {
  it('explains one rule: what it finds, how to fix it, an example, how to turn it off', async () => {
    const run = await runAgentwire(['rules', 'claude-code-marketplace-name-reserved']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('A marketplace name reserved for Anthropic.');
    expect(run.stdout).toContain('How to fix it');
    expect(run.stdout).toContain('claude-plugins-official');
    expect(run.stdout).toContain('--rule claude-code-marketplace-name-reserved:off');
  });

  it('names the closest rule for a typo', async () => {
    const run = await runAgentwire(['rules', 'claude-code-marketplace-reserved']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('did you mean claude-code-marketplace-name-reserved?');
  });

  it('lists every rule, or a profile’s, as text or JSON', async () => {
    const all = JSON.parse((await runAgentwire(['rules', '--format', 'json'])).stdout) as { code: string; profiles: string[] }[];
    expect(all.length).toBeGreaterThan(200);
    const claude = JSON.parse((await runAgentwire(['rules', '--profile', 'claude-code', '--format', 'json'])).stdout) as typeof all;
    expect(claude.length).toBeGreaterThan(10);
    expect(claude.length).toBeLessThan(all.length);
    expect(claude.every((rule) => rule.profiles.includes('claude-code'))).toBe(true);
    const text = (await runAgentwire(['rules'])).stdout;
    for (const rule of all) expect(text).toContain(rule.code);
    expect((await runAgentwire(['rules', '--profile', 'claude-cod'])).stderr).toContain('did you mean claude-code?');
  });
});
