/**
 * Every rule of the validate catalog has a runnable example, and running it raises that rule's
 * code with the catalog's severity, under one of the rule's profiles. A rule added without an
 * example fails here, naming the file its example belongs in.
 */

import { ruleCatalog } from 'agentwire/validate';
import { describe, expect, it, vi } from 'vitest';
import { RULE_EXAMPLES_BY_AREA } from './index';
import { type Raised, runExample } from './run-example';
import type { RuleExample } from './types';

// `agentwire validate` asks git for the files of each project folder (`git ls-files`) and walks the
// folder itself when git refuses. The temporary folders are not repositories, so git refuses every
// time; answering as git does, without starting it, keeps the folder examples free of child
// processes. Configuration repositories still run the real git.
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:child_process')>();
  const execFile = (file: string, args: readonly string[], ...rest: unknown[]) => {
    const callback = rest.find((item): item is (error: Error | null, stdout: string, stderr: string) => void => typeof item === 'function');
    if (file !== 'git' || !args.includes('ls-files') || !callback)
      return (actual.execFile as (...all: unknown[]) => unknown)(file, args, ...rest);
    const refusal = Object.assign(new Error('fatal: not a git repository (or any of the parent directories): .git'), { code: 128 });
    process.nextTick(() => callback(refusal, '', refusal.message));
    return undefined;
  };
  return { ...actual, execFile };
});

/**
 * Rules no input can raise, each with the reason; they have no example. Empty: every rule of the
 * catalog is raised by its example. A code listed here fails the run as soon as any example raises
 * it, so the list cannot go stale.
 */
const DEAD_RULES: Readonly<Record<string, string>> = {};

const catalog = ruleCatalog();

/** The examples by code, with the area file each is written in. */
const examples = new Map<string, { area: string; example: RuleExample }>();
for (const [area, byCode] of Object.entries(RULE_EXAMPLES_BY_AREA)) {
  for (const [code, example] of Object.entries(byCode)) examples.set(code, { area, example });
}

/** What each example raised, for the dead-rule check. */
const raisedByExamples = new Map<string, Raised[]>();

describe('the example of each rule of the catalog', () => {
  const live = catalog.filter((rule) => !Object.hasOwn(DEAD_RULES, rule.code));
  it.for(live.map((rule) => [rule.code, rule] as const))('%s', async ([code, rule], { expect }) => {
    const found = examples.get(code);
    expect(found, `${code} has no example: add one to test/rule-examples/${rule.area}.ts`).toBeDefined();
    if (!found) return;
    expect(found.area, `the example of ${code} belongs in test/rule-examples/${rule.area}.ts`).toBe(rule.area);
    const raised = await runExample(found.example);
    raisedByExamples.set(code, raised);
    const codes = raised.map((item) => item.code);
    expect(codes).toContain(code);
    const own = raised.filter((item) => item.code === code);
    expect(own.map((item) => item.severity)).toContain(rule.severity);
    for (const item of own) if (item.profile !== undefined) expect(rule.profiles).toContain(item.profile);
  });
});

describe('the rule examples', () => {
  it('name only rules of the catalog, each once', () => {
    const codes = new Set(catalog.map((rule) => rule.code));
    expect([...examples.keys()].filter((code) => !codes.has(code))).toEqual([]);
    const written = Object.values(RULE_EXAMPLES_BY_AREA).reduce((sum, byCode) => sum + Object.keys(byCode).length, 0);
    expect(written).toBe(examples.size);
  });

  it('leave out only dead rules, which are in the catalog and raised by no example', () => {
    const codes = new Set(catalog.map((rule) => rule.code));
    for (const code of Object.keys(DEAD_RULES)) {
      expect(codes.has(code), `${code} is no longer in the catalog`).toBe(true);
      expect(examples.has(code), `${code} is listed as dead but has an example`).toBe(false);
    }
    const raised = new Set([...raisedByExamples.values()].flat().map((item) => item.code));
    const revived = Object.keys(DEAD_RULES).filter((code) => raised.has(code));
    expect(revived, 'dead rules an example raises: give each an example and remove it from DEAD_RULES').toEqual([]);
  });
});
