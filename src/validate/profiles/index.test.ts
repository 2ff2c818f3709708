import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/helpers/tree';
import { compareDiagnostics } from '../../internal/diagnostic';
import type { Rule } from '../../internal/rule';
import {
  AGENT_PLUGINS_MANIFEST_SCHEMA,
  HOOK_RULES,
  LAUNCH_LINK_RULES,
  MANIFEST_RULES,
  MARKETPLACE_RULES,
  MCP_RULES,
  REFERENCE_RULES,
  REGISTRATION_RULES,
  SOURCE_RULES,
  SPECIFIER_RULES,
} from '../../plugins/index';
import { JSON_DOCUMENT_RULES } from '../../plugins/internal';
import { PLUGIN_DIRECTORY_RULES } from '../../plugins/node';
import { SKILL_RULES } from '../../skills/index';
import type { Artifacts } from '../artifacts';
import { PROFILES } from '../types';
import { PROFILE_RULES, runProfiles, SHARED_PROFILE_RULES } from './index';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const EXISTING: readonly Rule[] = [
  ...SKILL_RULES,
  ...HOOK_RULES,
  ...JSON_DOCUMENT_RULES,
  ...LAUNCH_LINK_RULES,
  ...MANIFEST_RULES,
  ...MARKETPLACE_RULES,
  ...MCP_RULES,
  ...PLUGIN_DIRECTORY_RULES,
  ...SOURCE_RULES,
  ...SPECIFIER_RULES,
  ...REFERENCE_RULES,
  ...REGISTRATION_RULES,
];

/** A repository with one mistake per profile, each only that profile reports. */
function repository(): Artifacts {
  const tree = tempTree({
    'plugins/tools/plugin.json': `${JSON.stringify({ $schema: AGENT_PLUGINS_MANIFEST_SCHEMA, name: 'tools' })}\n`,
    'plugins/tools/.claude-plugin/plugin.json': `${JSON.stringify({ name: 'tools', version: '1.0.0', description: 'Tools', author: { name: 'A' }, entry_command: 'run' })}\n`,
    'plugins/tools/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys.\ntriggers:\n  - deploy\n---\nBody.\n',
    'plugins/tools/.mcp.json': '{ "mcpServers": {} }\n',
  });
  cleanups.push(tree.cleanup);
  const dir = join(tree.root, 'plugins/tools');
  return {
    skills: [{ file: join(dir, 'skills/deploy/SKILL.md'), format: 'agentskills', folder: join(dir, 'skills/deploy'), origin: 'plugin' }],
    plugins: [
      {
        dir,
        layout: 'agent-plugins',
        manifest: join(dir, 'plugin.json'),
        skills: [join(dir, 'skills/deploy/SKILL.md')],
        commands: [],
        agents: [],
      },
    ],
    marketplaces: [],
    hooks: [],
    toolServers: [join(dir, '.mcp.json')],
  };
}

describe('runProfiles', () => {
  it('runs nothing for openhands alone (the loaders raise it)', async () => {
    expect(await runProfiles(['openhands'], repository())).toEqual([]);
  });

  it('runs each profile asked for once, each diagnostic naming its profile, sorted by place', async () => {
    const found = await runProfiles(['agentskills', 'claude-code', 'agent-plugins', 'agentskills', 'openhands'], repository());
    expect(found.map((d) => `${d.profile} ${d.code}`).sort()).toEqual([
      'agent-plugins agent-plugins-legacy-mcp',
      'agent-plugins agentskills-unexpected-field',
      'agentskills agentskills-unexpected-field',
      'claude-code claude-code-unknown-key',
    ]);
    expect([...found].sort(compareDiagnostics)).toEqual(found);
  });

  it('runs only the profiles asked for', async () => {
    const found = await runProfiles(['claude-code'], repository());
    expect(found.map((d) => d.code)).toEqual(['claude-code-unknown-key']);
  });
});

describe('PROFILE_RULES', () => {
  it('documents every rule with a profile-prefixed kebab-case code, a title, a description, a hint and an example', () => {
    for (const rule of PROFILE_RULES) {
      expect(rule.code).toMatch(/^(agentskills|claude-code|agent-plugins)-[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(rule.profiles.length).toBeGreaterThan(0);
      expect(rule.profiles.some((profile) => rule.code.startsWith(`${profile}-`))).toBe(true);
      for (const profile of rule.profiles) expect(PROFILES).toContain(profile);
      expect(rule.title.length).toBeGreaterThan(0);
      expect(rule.description.length).toBeGreaterThan(0);
      expect(rule.hint.length).toBeGreaterThan(0);
      expect(rule.example?.length).toBeGreaterThan(0);
    }
  });

  it('has unique codes that collide with no other rule table', () => {
    const codes = PROFILE_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    const existing = new Set(EXISTING.map((rule) => rule.code));
    expect(codes.filter((code) => existing.has(code))).toEqual([]);
  });

  it('lists the shared rules the profiles raise under their existing codes, none of them service-only', () => {
    const existing = new Map(EXISTING.map((rule) => [rule.code, rule]));
    for (const rule of SHARED_PROFILE_RULES) {
      expect(existing.get(rule.code)).toMatchObject({ title: rule.title });
      expect(rule.profiles).not.toContain('openhands');
    }
    expect(SHARED_PROFILE_RULES.map((rule) => rule.code)).not.toContain('manifest-root-ignored-before-1.49');
    expect(SHARED_PROFILE_RULES.map((rule) => rule.code)).not.toContain('mcp-transport-unsupported');
    expect(SHARED_PROFILE_RULES.map((rule) => rule.code)).toContain('manifest-schema-missing');
  });
});
