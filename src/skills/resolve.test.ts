import { describe, expect, it } from 'vitest';
import { resolveSkills } from './resolve';
import type { Skill } from './types';

const skill = (name: string, file: string): Skill => ({
  name,
  format: 'agentskills',
  role: 'skill',
  trigger: null,
  file,
  scope: 'project',
  disableModelInvocation: false,
  inputs: [],
});

describe('resolveSkills', () => {
  it('merges layers in the service\u2019s order whatever order they are given in', () => {
    const result = resolveSkills([
      { layer: 'project', skills: [skill('a', 'project/a')] },
      { layer: 'plugin', skills: [skill('b', 'plugin/b')] },
      { layer: 'public', skills: [skill('a', 'public/a'), skill('b', 'public/b'), skill('c', 'public/c')] },
      { layer: 'organization', skills: [skill('c', 'org1/c')], label: 'acme/.openhands' },
      { layer: 'organization', skills: [skill('c', 'org2/c')], label: 'acme/.agents' },
    ]);
    expect(result.skills.map((s) => s.file)).toEqual(['project/a', 'plugin/b', 'org2/c']);
    expect(result.entries.find((e) => e.name === 'c')?.shadowed.map((s) => [s.layer, s.skill.file])).toEqual([
      ['public', 'public/c'],
      ['organization', 'org1/c'],
    ]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ['shadowed-skill', 'warning', 'org1/c'],
      ['shadowed-skill', 'info', 'public/a'],
      ['shadowed-skill', 'warning', 'public/b'],
      ['shadowed-skill', 'info', 'public/c'],
    ]);
  });

  it('keys enablement by name: a disabled name switches off any skill of that name, except plugin skills', () => {
    const result = resolveSkills(
      [
        { layer: 'public', skills: [skill('github', 'public/github'), skill('jira', 'public/jira')] },
        { layer: 'project', skills: [skill('github', 'project/github'), skill('mine', 'project/mine')] },
        { layer: 'plugin', skills: [skill('linear', 'plugin/linear')] },
      ],
      { disabled: ['github', 'linear'], enabled: ['github'], catalogNames: ['github', 'jira'] },
    );
    expect(result.skills.map((s) => s.file)).toEqual(['project/mine', 'plugin/linear']);
    expect(Object.fromEntries(result.entries.map((e) => [e.name, [e.enabled, e.reason]]))).toEqual({
      github: [false, 'its name is in the disabled list'],
      jira: [false, 'its name is a built-in skill that is not in the enabled list'],
      mine: [true, undefined],
      linear: [true, 'its name is disabled, but the service does not apply disabled skills to plugin skills'],
    });
    expect(result.diagnostics.map((d) => d.code)).toContain('builtin-name-collision');
  });
});
