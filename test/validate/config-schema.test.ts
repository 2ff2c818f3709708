/**
 * The published JSON Schema of agentwire.config.json: what the generator writes from the Valibot
 * schema and the rule catalog, and what it accepts and refuses, by a JSON Schema validator.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleCatalog, ruleTags } from 'agentwire/validate';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../src/validate/config/json-schema';
import { ROOT } from '../helpers/built';

const FILE = 'schema/agentwire.config.schema.json';
const published = () => JSON.parse(readFileSync(join(ROOT, FILE), 'utf8')) as Record<string, unknown>;

describe('schema/agentwire.config.schema.json', () => {
  it('is what the generator writes (run `npm run docs:rules` after changing a rule)', () => {
    expect(published()).toEqual(configJsonSchema());
    const run = spawnSync(process.execPath, ['scripts/generate-config-schema.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${FILE} is up to date.\n`);
    expect(run.status).toBe(0);
  });

  it('is published as agentwire/config.schema.json', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.exports['./config.schema.json']).toBe(`./${FILE}`);
    expect(manifest.files).toContain('schema');
  });

  it('accepts a configuration that validate() accepts, and refuses unknown rules, keys and severities', () => {
    const check = new Ajv({ strict: false }).compile(published());
    const good = {
      $schema: './node_modules/agentwire/schema/agentwire.config.schema.json',
      profiles: ['openhands', 'claude-code'],
      preset: 'openhands',
      service: '1.43',
      rules: { 'claude-code-marketplace-name-reserved': 'off', 'tag:agentskills': 'warning' },
      ignore: ['fixtures/**'],
      overrides: [{ files: ['plugins/legacy/**'], rules: { 'tag:claude-code': 'info' } }],
    };
    expect(check(good), JSON.stringify(check.errors)).toBe(true);
    for (const bad of [
      { rules: { 'claude-code-marketplace-name-reservd': 'off' } },
      { rules: { 'skill-name-mismatch': 'warn' } },
      { overrides: [{ files: ['x'], rules: { 'tag:nope': 'off' } }] },
      { overrides: [{ files: [], rules: {} }] },
      { rulez: {} },
      { profiles: ['eslint'] },
    ]) {
      expect(check(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('lists every rule of the catalog and every tag', () => {
    const rules = (published().definitions as { rules: { properties: Record<string, unknown> } }).rules.properties;
    expect(Object.keys(rules)).toEqual([...ruleCatalog().map((rule) => rule.code), ...ruleTags().map((tag) => `tag:${tag}`)]);
  });
});
