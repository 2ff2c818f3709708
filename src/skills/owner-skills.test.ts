import { describe, expect, it } from 'vitest';
import type { ConfigRepositoryResult } from './config-repository';
import { mergeConfigRepositories, ownerSkillLayer } from './owner-skills';
import { resolveSkills } from './resolve';
import type { Skill } from './types';

const skill = (name: string, file: string): Skill => ({
  name,
  format: 'agentskills',
  role: 'skill',
  trigger: null,
  file,
  scope: 'organization',
  disableModelInvocation: false,
  inputs: [],
});

const repository = (path: string, skills: Skill[]): ConfigRepositoryResult => ({
  repository: { url: `https://github.com/${path}.git`, host: 'github.com', path, cacheDirectory: `/cache/${path}` },
  status: 'loaded',
  skills,
  diagnostics: [],
});

describe('mergeConfigRepositories', () => {
  it('keeps the later repository\u2019s skill in the earlier one\u2019s place and reports the hidden one', () => {
    const legacy = repository('acme/.openhands', [skill('a', 'L/a'), skill('b', 'L/b'), skill('c', 'L/c')]);
    const agents = repository('acme/.agents', [skill('b', 'A/b'), skill('d', 'A/d')]);
    const merged = mergeConfigRepositories([legacy, agents]);
    expect(merged.skills.map((entry) => entry.file)).toEqual(['L/a', 'A/b', 'L/c', 'A/d']);
    expect(merged.shadowed).toEqual([
      { skill: legacy.skills[1], repository: 'acme/.openhands', by: agents.skills[0], byRepository: 'acme/.agents' },
    ]);
    expect(merged.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'duplicate-skill-name',
        message:
          '"b" is a skill of both acme/.openhands (L/b) and acme/.agents (A/b): the service keeps the one of acme/.agents and ignores this one without a word.',
        file: 'L/b',
        line: 1,
        column: 1,
        hint: 'Keep the skill in one repository only (acme/.agents is the one the service reads last); delete or rename the other.',
        related: [{ file: 'A/b', line: 1, column: 1, message: 'the skill the service keeps (acme/.agents)' }],
      },
    ]);
  });

  it('passes each repository\u2019s diagnostics through, in load order', () => {
    const first = repository('o/.openhands', []);
    first.diagnostics.push({ severity: 'info', code: 'config-repository-missing', message: 'm', file: 'u', line: 1, column: 1, hint: 'h' });
    const merged = mergeConfigRepositories([first, repository('o/.agents', [skill('x', 'X')])]);
    expect(merged.diagnostics.map((entry) => entry.code)).toEqual(['config-repository-missing']);
    expect(merged.skills.map((entry) => entry.name)).toEqual(['x']);
  });

  it('gives resolveSkills one organization layer that the project overrides', () => {
    const merged = mergeConfigRepositories([repository('acme/.agents', [skill('x', 'org/x')])]);
    const layer = ownerSkillLayer({ owner: 'acme', skills: merged.skills });
    expect(layer).toEqual({ layer: 'organization', skills: merged.skills, label: 'acme' });
    const resolved = resolveSkills([{ layer: 'project', skills: [skill('x', 'project/x')] }, layer]);
    expect(resolved.skills.map((entry) => entry.file)).toEqual(['project/x']);
  });
});
