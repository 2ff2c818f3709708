import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../internal/rule';
import { HOOK_RULES } from '../plugins/index';
import { INVALID_JSON } from '../plugins/internal';
import { SKILL_RULES } from '../skills/index';
import { buildRuleCatalog, findRule, libraryRuleTables, PROFILE_AREAS, ruleCatalog } from './rule-catalog';
import { PROFILES } from './types';

const rule = (code: string): Rule => ({
  code,
  severity: 'warning',
  title: `Title of ${code}`,
  description: 'What it means.',
  hint: 'How to fix it.',
});

describe('ruleCatalog', () => {
  it('holds every rule of every table of the library once, raised under openhands', () => {
    const tables = libraryRuleTables();
    const codes = tables.flatMap((table) => table.rules.map((item) => item.code));
    expect(new Set(codes).size).toBe(codes.length);
    const catalog = ruleCatalog();
    for (const table of tables) {
      for (const item of table.rules) {
        expect(findRule(item.code), item.code).toMatchObject({ ...item, area: table.id });
        expect(findRule(item.code)?.profiles).toContain('openhands');
      }
    }
    expect(catalog.length).toBeGreaterThanOrEqual(codes.length);
    expect(findRule('skill-name-mismatch')?.area).toBe('skills');
    expect(findRule('hooks-matcher-never-fires')?.area).toBe('hooks');
    expect(findRule('coverage-entry-missing')?.area).toBe('repository');
    expect(findRule('reference-specifier-invalid')?.area).toBe('references');
    expect(catalog.filter((item) => item.area === 'skills')).toHaveLength(SKILL_RULES.length);
    expect(catalog.filter((item) => item.area === 'hooks')).toHaveLength(HOOK_RULES.length);
    expect(findRule('no-such-rule')).toBeUndefined();
  });

  it('has a stable kebab-case code, a title, a description, a hint and known profiles for every rule', () => {
    for (const item of ruleCatalog()) {
      expect(item.code, item.code).toMatch(/^[a-z0-9]+(-[a-z0-9.]+)*$/);
      expect(['error', 'warning', 'info']).toContain(item.severity);
      expect(item.title.trim(), item.code).not.toBe('');
      expect(item.description.trim(), item.code).not.toBe('');
      expect(item.hint.trim(), item.code).not.toBe('');
      expect(item.profiles.length, item.code).toBeGreaterThan(0);
      expect(item.profiles.every((profile) => PROFILES.includes(profile))).toBe(true);
      expect([...libraryRuleTables(), ...PROFILE_AREAS].map((area) => area.id)).toContain(item.area);
    }
  });
});

/** The source files of the library, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the rules in the source', () => {
  it('are each written one way, defineRule({ code, … }) with the full code, and are all in the catalog', () => {
    const codes: string[] = [];
    const others: string[] = [];
    for (const file of sourceFiles(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/= \/\* @__PURE__ \*\/ defineRule\(\{\s*code: '([a-z0-9.-]+)',/g)) codes.push(match[1] as string);
      // Another way of writing a rule: an object annotated as a rule, positional arguments, a local helper.
      if (/:\s*Rule\s*=\s*\{|defineRule\(\s*['"`]|const rule = \(/.test(text)) others.push(file);
    }
    expect(others).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(
      ruleCatalog()
        .map((item) => item.code)
        .sort(),
    );
  });
});

describe('buildRuleCatalog', () => {
  it('adds the rules only other profiles raise, under the section of their first profile', () => {
    const catalog = buildRuleCatalog([
      { ...rule('agentskills-x'), profiles: ['agentskills'] },
      { ...rule('cc-and-ap'), profiles: ['agent-plugins', 'claude-code'] },
      { ...rule('service-only'), profiles: ['openhands'] },
    ]);
    const byCode = new Map(catalog.map((item) => [item.code, item]));
    expect(byCode.get('agentskills-x')).toEqual({ ...rule('agentskills-x'), area: 'agentskills', profiles: ['agentskills'] });
    expect(byCode.get('cc-and-ap')).toMatchObject({ area: 'claude-code', profiles: ['claude-code', 'agent-plugins'] });
    expect(byCode.get('service-only')).toMatchObject({ area: 'repository', profiles: ['openhands'] });
    expect(catalog.slice(-3).map((item) => item.code)).toEqual(['agentskills-x', 'cc-and-ap', 'service-only']);
  });

  it('merges a code another profile raises too into one entry with every profile, keeping the library text', () => {
    const catalog = buildRuleCatalog([
      { ...rule('invalid-json'), profiles: ['claude-code'] },
      { ...rule('invalid-json'), profiles: ['agent-plugins', 'claude-code'] },
    ]);
    const entries = catalog.filter((item) => item.code === 'invalid-json');
    expect(entries).toEqual([{ ...INVALID_JSON, area: 'json', profiles: ['openhands', 'claude-code', 'agent-plugins'] }]);
  });

  it('does not change the library tables', () => {
    buildRuleCatalog([{ ...rule('invalid-json'), profiles: ['claude-code'] }]);
    expect(INVALID_JSON).not.toHaveProperty('profiles');
  });
});
