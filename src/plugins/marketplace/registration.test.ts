import { describe, expect, it } from 'vitest';
import { parseJsonSource } from '../../internal/python/json';
import {
  autoLoads,
  MARKETPLACE_SOURCE_PATTERNS,
  parseMarketplaceRegistration,
  parseMarketplaceRegistrations,
  type RegistrationScope,
  toAgentServerRegistration,
} from './registration';
import { REGISTRATION_RULES } from './registration-rules';

const codes = (value: unknown) => parseMarketplaceRegistration(value).diagnostics.map((d) => [d.code, d.severity]);

describe('parseMarketplaceRegistration', () => {
  it('accepts the wire shape, with the app scope', () => {
    const value = { name: 'team', source: 'github:acme/market', ref: 'v2', repo_path: 'catalog', auto_load: true, scope: 'org' };
    expect(parseMarketplaceRegistration(value)).toEqual({ ok: true, value, diagnostics: [] });
    expect(parseMarketplaceRegistration({ name: 'm', source: 'https://gitlab.com/acme/market.git' })).toEqual({
      ok: true,
      value: { name: 'm', source: 'https://gitlab.com/acme/market.git', auto_load: false },
      diagnostics: [],
    });
  });

  it('points at the field, given a locator', () => {
    const text = '{\n  "name": "m",\n  "source": "github:a/b/c"\n}';
    const parsed = parseJsonSource(text);
    if (!parsed.ok) throw new Error('json');
    const result = parseMarketplaceRegistration(parsed.source.value, {
      file: 'settings.json',
      locate: (path) => parsed.source.locate(path),
    });
    expect(result).toEqual({
      ok: false,
      diagnostics: [expect.objectContaining({ code: 'registration-source-pattern', file: 'settings.json', line: 3, column: 13 })],
    });
  });

  it('registration-not-object, registration-field-missing, registration-wrong-type', () => {
    expect(codes('github:o/r')).toEqual([['registration-not-object', 'error']]);
    expect(codes({ source: 'github:o/r' })).toEqual([['registration-field-missing', 'error']]);
    expect(codes({ name: '', source: 'github:o/r' })).toEqual([['registration-field-missing', 'error']]);
    expect(codes({ name: 'm', source: 5 })).toEqual([['registration-wrong-type', 'error']]);
    expect(codes({ name: 'm', source: 'github:o/r', auto_load: 'yes' })).toEqual([['registration-wrong-type', 'error']]);
  });

  it('registration-source-pattern: the app patterns, credentials included', () => {
    expect(codes({ name: 'm', source: 'https://user:token@gitlab.com/o/r.git' })).toEqual([['registration-source-pattern', 'error']]);
    const message = parseMarketplaceRegistration({ name: 'm', source: 'https://user:token@gitlab.com/o/r.git' }).diagnostics[0]?.message;
    expect(message).toContain('credentials');
    expect(message).not.toContain('token');
    expect(codes({ name: 'm', source: './market' })).toEqual([['registration-source-pattern', 'error']]);
    expect(codes({ name: 'm', source: '/srv/market' })).toEqual([['registration-source-pattern', 'error']]);
  });

  it('registration-source-unparsable: passes the app, fails the agent server', () => {
    expect(codes({ name: 'm', source: 'ssh://github.com/o/r.git' })).toEqual([['registration-source-unparsable', 'error']]);
    expect(codes({ name: 'm', source: 'market' })).toEqual([['registration-source-unparsable', 'error']]);
  });

  it('registration-source-local and registration-repo-path-local', () => {
    expect(codes({ name: 'm', source: 'marketplaces/team' })).toEqual([['registration-source-local', 'warning']]);
    expect(codes({ name: 'm', source: 'marketplaces/team', repo_path: 'x' })).toEqual([
      ['registration-source-local', 'warning'],
      ['registration-repo-path-local', 'error'],
    ]);
  });

  it('registration-repo-path-invalid: every rule of the agent server', () => {
    for (const repoPath of ['', 'a\\b', '/abs', 'C:/x', 'C:x', 'a/../b']) {
      expect(codes({ name: 'm', source: 'github:o/r', repo_path: repoPath })).toEqual([['registration-repo-path-invalid', 'error']]);
    }
    expect(codes({ name: 'm', source: 'github:o/r', repo_path: 'a/..b' })).toEqual([]);
  });

  it('registration-auto-load-list', () => {
    const result = parseMarketplaceRegistration({ name: 'm', source: 'github:o/r', auto_load: ['formatter'] });
    expect(result).toMatchObject({
      ok: true,
      value: { auto_load: ['formatter'] },
      diagnostics: [{ code: 'registration-auto-load-list', severity: 'warning' }],
    });
  });

  it('registration-scope-invalid and registration-unknown-field', () => {
    expect(codes({ name: 'm', source: 'github:o/r', scope: 'team' })).toEqual([['registration-scope-invalid', 'error']]);
    expect(codes({ name: 'm', source: 'github:o/r', autoload: true })).toEqual([['registration-unknown-field', 'info']]);
  });

  it('registration-scope-refused: the role check decides, a refusal is a result', () => {
    const calls: [RegistrationScope, string][] = [];
    const canRegister = (scope: RegistrationScope, registration: { name: string }) => {
      calls.push([scope, registration.name]);
      return scope === 'personal';
    };
    expect(parseMarketplaceRegistration({ name: 'm', source: 'github:o/r', scope: 'personal' }, { canRegister }).ok).toBe(true);
    const refused = parseMarketplaceRegistration({ name: 'm', source: 'github:o/r', scope: 'instance' }, { canRegister });
    expect(refused).toMatchObject({ ok: false, diagnostics: [{ code: 'registration-scope-refused', severity: 'error' }] });
    expect(calls).toEqual([
      ['personal', 'm'],
      ['instance', 'm'],
    ]);
    const throwing = parseMarketplaceRegistration(
      { name: 'm', source: 'github:o/r', scope: 'org' },
      {
        canRegister: () => {
          throw new Error('directory down');
        },
      },
    );
    expect(throwing).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'registration-scope-refused', message: expect.stringContaining('directory down') }],
    });
    expect(parseMarketplaceRegistration({ name: 'm', source: 'github:o/r' }, { canRegister }).ok).toBe(true);
  });
});

describe('parseMarketplaceRegistrations', () => {
  it('registration-duplicate-name, at the repeated name', () => {
    const text = '[\n  { "name": "team", "source": "github:a/b" },\n  { "name": "team", "source": "github:c/d" }\n]';
    const parsed = parseJsonSource(text);
    if (!parsed.ok) throw new Error('json');
    const result = parseMarketplaceRegistrations(parsed.source.value, { locate: (path) => parsed.source.locate(path) });
    expect(result).toEqual({
      ok: false,
      diagnostics: [expect.objectContaining({ code: 'registration-duplicate-name', line: 3, column: 13 })],
    });
    expect(parseMarketplaceRegistrations({})).toMatchObject({ ok: false, diagnostics: [{ code: 'registration-not-object' }] });
  });
});

describe('helpers', () => {
  it('strips the scope for the agent server and answers auto-load questions', () => {
    expect(toAgentServerRegistration({ name: 'm', source: 'github:o/r', auto_load: true, scope: 'personal' })).toEqual({
      name: 'm',
      source: 'github:o/r',
      auto_load: true,
    });
    expect(autoLoads({ auto_load: true }, 'x')).toBe(true);
    expect(autoLoads({ auto_load: false }, 'x')).toBe(false);
    expect(autoLoads({ auto_load: ['x'] }, 'x')).toBe(true);
    expect(autoLoads({ auto_load: [] }, 'x')).toBe(false);
  });

  it('keeps the app patterns exactly', () => {
    expect(MARKETPLACE_SOURCE_PATTERNS.map(String)).toEqual([
      '/^github:[a-zA-Z0-9_.-]+\\/[a-zA-Z0-9_.-]+$/',
      '/^(https?:\\/\\/|git@|ssh:\\/\\/|git:\\/\\/)[a-zA-Z0-9_.-]+[:/][a-zA-Z0-9_./-]+$/',
      '/^[a-zA-Z0-9_][a-zA-Z0-9_./-]*$/',
    ]);
  });

  it('REGISTRATION_RULES has unique, prefixed codes', () => {
    const all = REGISTRATION_RULES.map((r) => r.code);
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^registration-[a-z0-9-]+$/);
  });
});
