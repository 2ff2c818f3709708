/**
 * The configuration of `validate()` (`agentwire.config.json`, the `agentwire` key of a
 * package.json, the `config`, `rules` and `ignore` options), on folders and git repositories
 * written by the tests.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleTags, ValidateConfigError, validate } from 'agentwire/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { git, tempRepository, tempTree, writeTree } from '../helpers/tree';

/** A marketplace Claude Code refuses (its name is reserved) listing a plugin with no metadata (a warning). */
const MARKETPLACE = {
  '.claude-plugin/marketplace.json': JSON.stringify({
    name: 'claude-plugins-official',
    owner: { name: 'Plugins' },
    plugins: [{ name: 'ops', source: './plugins/ops' }],
  }),
  'plugins/ops/.claude-plugin/plugin.json': JSON.stringify({ name: 'ops' }),
};
const RESERVED = 'claude-code-marketplace-name-reserved';
const METADATA = 'claude-code-metadata-missing';
const MISNAMED = '---\nname: pdf\ndescription: Fills PDF forms.\n---\n\nSteps.\n';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});
function folder(files: Record<string, string>): string {
  const { root, cleanup } = tempTree(files);
  cleanups.push(cleanup);
  return root;
}
function repository(files: Record<string, string>): string {
  const { root, cleanup } = tempRepository(files);
  cleanups.push(cleanup);
  return root;
}
const config = (value: unknown) => ({ 'agentwire.config.json': JSON.stringify(value) });
const found = async (...args: Parameters<typeof validate>) =>
  (await validate(...args)).diagnostics.map((d) => [d.code, d.severity, d.file] as const);

describe('validate() with a configuration file', () => {
  it('takes the profiles from agentwire.config.json and turns one rule off (the reserved marketplace name)', async () => {
    const before = repository(MARKETPLACE);
    expect(await found(['.'], { cwd: before, profiles: ['claude-code'] })).toEqual([
      [RESERVED, 'error', '.claude-plugin/marketplace.json'],
      [METADATA, 'warning', 'plugins/ops/.claude-plugin/plugin.json'],
    ]);
    const root = repository({ ...MARKETPLACE, ...config({ profiles: ['claude-code'], rules: { [RESERVED]: 'off' } }) });
    const report = await validate(['.'], { cwd: root });
    expect(report.profiles).toEqual(['claude-code']);
    expect(report.diagnostics.map((d) => d.code)).toEqual([METADATA]);
    expect(report.summary).toEqual({ errors: 0, warnings: 1, infos: 0 });
  });

  it('sets severities by tag, a rule code weighing over its tags and the area over the profile', async () => {
    const root = repository({
      ...MARKETPLACE,
      ...config({
        profiles: ['claude-code'],
        rules: { 'tag:claude-code': 'info', 'tag:agentskills': 'off', [RESERVED]: 'warning' },
      }),
    });
    expect(await found(['.'], { cwd: root })).toEqual([
      [RESERVED, 'warning', '.claude-plugin/marketplace.json'],
      [METADATA, 'info', 'plugins/ops/.claude-plugin/plugin.json'],
    ]);
    // A library rule raised under openhands: its section's tag (skills) over the profile's tag.
    const skills = repository({
      '.agents/skills/pdf-tools/SKILL.md': MISNAMED,
      ...config({ rules: { 'tag:openhands': 'off', 'tag:skills': 'warning' } }),
    });
    expect(await found(['.'], { cwd: skills })).toEqual([['skill-name-mismatch', 'warning', '.agents/skills/pdf-tools/SKILL.md']]);
  });

  it('applies overrides to the files their globs match, a later override weighing more', async () => {
    const root = repository({
      '.agents/skills/pdf-tools/SKILL.md': MISNAMED,
      'skills/old/SKILL.md': MISNAMED.replace('pdf', 'ancient'),
      'skills/older/SKILL.md': MISNAMED.replace('pdf', 'ancienter'),
      ...config({
        overrides: [
          { files: ['skills/**'], rules: { 'skill-name-mismatch': 'info' } },
          { files: ['**/older/*.md'], rules: { 'skill-name-mismatch': 'off' } },
        ],
      }),
    });
    expect(await found(['.', 'skills'], { cwd: root })).toEqual([
      ['skill-name-mismatch', 'error', '.agents/skills/pdf-tools/SKILL.md'],
      ['skill-name-mismatch', 'info', 'skills/old/SKILL.md'],
    ]);
  });

  it('leaves out ignored files: no diagnostic, and the other profiles never read them', async () => {
    const root = repository({ ...MARKETPLACE, ...config({ profiles: ['claude-code'], ignore: ['plugins/ops'] }) });
    const report = await validate(['.'], { cwd: root });
    expect(report.diagnostics.map((d) => d.code)).toEqual([RESERVED]);
    expect(report.inventory.plugins).toBe(0);
    // The same through options.ignore, relative to cwd.
    const plain = repository(MARKETPLACE);
    const ignored = await validate(['.'], { cwd: plain, profiles: ['claude-code'], ignore: ['**/plugin.json'] });
    expect(ignored.diagnostics.map((d) => d.code)).toEqual([RESERVED]);
  });

  it('looks upward from each path to the repository root (the folder holding .git), and no further', async () => {
    const outer = folder(config({ rules: { 'skill-name-mismatch': 'off' } }));
    const root = join(outer, 'repo');
    writeTree(root, { '.agents/skills/pdf-tools/SKILL.md': MISNAMED });
    git(root, 'init', '-q');
    // The configuration above the repository root is not read.
    expect(await found(['.'], { cwd: root })).toEqual([['skill-name-mismatch', 'error', '.agents/skills/pdf-tools/SKILL.md']]);
    // Outside a repository it is: the search goes on to the file system root.
    const plain = folder({
      ...config({ rules: { 'skill-name-mismatch': 'warning' } }),
      'deep/.agents/skills/pdf-tools/SKILL.md': MISNAMED,
    });
    expect(await found(['.agents/skills'], { cwd: join(plain, 'deep') })).toEqual([
      ['skill-name-mismatch', 'warning', '.agents/skills/pdf-tools/SKILL.md'],
    ]);
    // A configuration at the repository root is found from a path deep inside, its globs relative to it.
    const nested = repository({
      '.agents/skills/pdf-tools/SKILL.md': MISNAMED,
      ...config({ overrides: [{ files: ['.agents/skills/pdf-tools/*'], rules: { 'skill-name-mismatch': 'info' } }] }),
    });
    expect(await found([join(nested, '.agents/skills')], { cwd: nested })).toEqual([
      ['skill-name-mismatch', 'info', '.agents/skills/pdf-tools/SKILL.md'],
    ]);
  });

  it('reads the "agentwire" key of a package.json, with agentwire.config.json first in the same folder', async () => {
    const manifest = (rules: object) => JSON.stringify({ name: 'skills', agentwire: { rules } });
    const root = repository({ '.agents/skills/pdf-tools/SKILL.md': MISNAMED, 'package.json': manifest({ 'skill-name-mismatch': 'info' }) });
    expect(await found(['.'], { cwd: root })).toEqual([['skill-name-mismatch', 'info', '.agents/skills/pdf-tools/SKILL.md']]);
    writeFileSync(join(root, 'agentwire.config.json'), JSON.stringify({ rules: { 'skill-name-mismatch': 'warning' } }));
    expect(await found(['.'], { cwd: root })).toEqual([['skill-name-mismatch', 'warning', '.agents/skills/pdf-tools/SKILL.md']]);
    // A package.json without the key is passed over on the way up.
    const inner = repository({
      'agentwire.config.json': JSON.stringify({ rules: { 'skill-name-mismatch': 'off' } }),
      'pkg/package.json': JSON.stringify({ name: 'pkg' }),
      'pkg/.agents/skills/pdf-tools/SKILL.md': MISNAMED,
    });
    expect(await found(['pkg'], { cwd: inner })).toEqual([]);
  });

  it('follows the config option: a file, a value, or none; options.rules weigh over the configuration', async () => {
    const root = repository({
      '.agents/skills/pdf-tools/SKILL.md': MISNAMED,
      ...config({ rules: { 'skill-name-mismatch': 'off' } }),
      'ci/strict.json': JSON.stringify({ rules: { 'skill-name-mismatch': 'warning' } }),
    });
    const file = '.agents/skills/pdf-tools/SKILL.md';
    expect(await found(['.'], { cwd: root })).toEqual([]);
    expect(await found(['.'], { cwd: root, config: false })).toEqual([['skill-name-mismatch', 'error', file]]);
    expect(await found(['.'], { cwd: root, config: 'ci/strict.json' })).toEqual([['skill-name-mismatch', 'warning', file]]);
    expect(await found(['.'], { cwd: root, config: { rules: { 'tag:skills': 'info' } } })).toEqual([['skill-name-mismatch', 'info', file]]);
    expect(await found(['.'], { cwd: root, rules: { 'skill-name-mismatch': 'error' } })).toEqual([['skill-name-mismatch', 'error', file]]);
  });
});

describe('a configuration that cannot be used', () => {
  const failure = async (files: Record<string, string>, options: Parameters<typeof validate>[1] = {}) => {
    const root = repository({ '.agents/skills/pdf-tools/SKILL.md': MISNAMED, ...files });
    const error = await validate(['.'], { cwd: root, ...options }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidateConfigError);
    return (error as ValidateConfigError).message;
  };

  it('names the file, the place in it and the closest known rule, tag, key or value', async () => {
    expect(await failure(config({ rules: { 'claude-code-marketplace-name-reservd': 'off' } }))).toBe(
      'agentwire.config.json: rules["claude-code-marketplace-name-reservd"]: unknown rule "claude-code-marketplace-name-reservd" (did you mean "claude-code-marketplace-name-reserved"?)',
    );
    expect(await failure(config({ overrides: [{ files: ['x'], rules: { 'tag:hook': 'off' } }] }))).toBe(
      'agentwire.config.json: overrides[0].rules["tag:hook"]: unknown tag "hook" (did you mean "tag:hooks"?)',
    );
    expect(await failure(config({ rules: { hooks: 'off' } }))).toBe(
      'agentwire.config.json: rules.hooks: unknown rule "hooks" (did you mean "tag:hooks"?)',
    );
    expect(await failure(config({ rules: { [RESERVED]: 'eror' } }))).toBe(
      `agentwire.config.json: rules["${RESERVED}"]: "eror" is not one of "off", "info", "warning", "error" (did you mean "error"?)`,
    );
    expect(await failure(config({ rule: {} }))).toBe('agentwire.config.json: unknown key "rule" (did you mean "rules"?)');
    expect(await failure(config({ ignore: 'fixtures' }))).toBe('agentwire.config.json: ignore: expected Array, not "fixtures"');
    expect(await failure(config({ overrides: [{ files: [], rules: {} }] }))).toBe(
      'agentwire.config.json: overrides[0].files: An override needs at least one glob in "files".',
    );
    expect(await failure({ 'agentwire.config.json': '{ "rules": ' })).toMatch(/^agentwire\.config\.json: not valid JSON: /);
    expect(await failure({ 'agentwire.config.json': '[]' })).toBe('agentwire.config.json: the configuration must be a JSON object');
    expect(await failure({ 'package.json': JSON.stringify({ agentwire: { profiles: ['eslint'] } }) })).toBe(
      'package.json ("agentwire" key): profiles[0]: "eslint" is not one of "openhands", "agentskills", "claude-code", "agent-plugins"',
    );
  });

  it('refuses a missing --config file, a package.json without the key, and unknown rules in options.rules', async () => {
    expect(await failure({}, { config: 'nope.json' })).toBe('cannot read the configuration nope.json: no such file');
    expect(await failure({ 'other/package.json': '{}' }, { config: 'other/package.json' })).toBe(
      'other/package.json has no "agentwire" key',
    );
    expect(await failure({}, { rules: { 'skill-name-mismatc': 'off' } })).toBe(
      'options: rules["skill-name-mismatc"]: unknown rule "skill-name-mismatc" (did you mean "skill-name-mismatch"?)',
    );
  });

  it('refuses configurations of two paths that set different profiles', async () => {
    const root = folder({
      'a/.git/HEAD': '',
      'a/agentwire.config.json': JSON.stringify({ profiles: ['claude-code'] }),
      'b/.git/HEAD': '',
      'b/agentwire.config.json': JSON.stringify({ profiles: ['agentskills'] }),
    });
    await expect(validate(['a', 'b'], { cwd: root })).rejects.toThrow(
      'a/agentwire.config.json and b/agentwire.config.json set different "profiles": validate their paths in separate runs, or choose profiles for the whole run',
    );
    // Profiles chosen for the run settle it.
    await expect(validate(['a', 'b'], { cwd: root, profiles: ['openhands'] })).resolves.toMatchObject({ profiles: ['openhands'] });
  });

  it('knows every tag it documents: the profiles and the sections of the rule reference', () => {
    expect(ruleTags()).toEqual([
      'openhands',
      'agentskills',
      'claude-code',
      'agent-plugins',
      'skills',
      'json',
      'manifests',
      'plugin-folders',
      'tool-servers',
      'hooks',
      'marketplaces',
      'sources',
      'references',
      'registrations',
      'repository',
      'suppressions',
      'launch-links',
    ]);
  });
});
