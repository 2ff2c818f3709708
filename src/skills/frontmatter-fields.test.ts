import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../test/helpers/tree';
import { loadSkillsDirectory } from './load-directory';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Loads one SKILL.md (folder `s`) or one legacy file (`x.md`) with the given front matter. */
async function loadOne(frontmatter: string, kind: 'skill' | 'legacy' = 'skill') {
  const tree = tempTree({
    [kind === 'skill' ? 's/SKILL.md' : 'x.md']: `---\n${frontmatter}\n---\nBody\n`,
    'other.md': '---\ntriggers: [o]\n---\nO\n',
  });
  cleanups.push(tree.cleanup);
  const result = await loadSkillsDirectory(tree.root);
  const skill = result.skills.find((s) => s.name !== 'other');
  return { skill, dropped: result.dropped, kept: result.skills.map((s) => s.name), codes: result.diagnostics.map((d) => d.code) };
}

// What the service's model does with each field, by its pydantic (lax) and validator rules.
describe('the service\u2019s skill model', () => {
  it('reads every field with the service\u2019s coercions', async () => {
    const { skill } = await loadOne(
      [
        'name: s',
        'description: Extract text.',
        'license: MIT',
        'compatibility: Requires poppler',
        'metadata: {version: 1.0, author: Ann, tags: [a, b], ok: yes}',
        'allowed-tools: "Bash(git:*)  Read\tWrite"',
        'disable-model-invocation: "yes"',
        'triggers: [pdf, "/extract"]',
      ].join('\n'),
    );
    expect(skill).toMatchObject({
      name: 's',
      description: 'Extract text.',
      license: 'MIT',
      compatibility: 'Requires poppler',
      metadata: { version: '1.0', author: 'Ann', tags: "['a', 'b']", ok: 'True' },
      allowedTools: ['Bash(git:*)', 'Read', 'Write'],
      disableModelInvocation: true,
      trigger: { type: 'keyword', keywords: ['pdf', '/extract'] },
    });
  });

  it('takes allowed_tools and disable_model_invocation in their underscore forms, and lists as lists', async () => {
    const { skill } = await loadOne('name: s\ndescription: d\nallowed_tools: [Read, 1.0]\ndisable_model_invocation: 0');
    expect(skill).toMatchObject({ allowedTools: ['Read', '1.0'], disableModelInvocation: false });
  });

  it('derives the trigger: paths, then inputs (a task with /name), then triggers, then none', async () => {
    expect((await loadOne('name: s\ndescription: d\npaths: [src/**, "  "]\ninputs: [{name: a, description: b}]')).skill?.trigger).toEqual({
      type: 'path',
      paths: ['src/**'],
    });
    expect((await loadOne('name: s\ndescription: d\ntriggers: [go]\ninputs: [{name: a, description: b}]')).skill?.trigger).toEqual({
      type: 'task',
      triggers: ['go', '/s'],
    });
    expect((await loadOne('name: s\ndescription: d\ntriggers: []')).skill?.trigger).toBeNull();
  });

  it('casts a name with Python str(): `name: 1.0` is "1.0", `name:` alone is "None"', async () => {
    expect((await loadOne('name: 1.0\ntriggers: [x]', 'legacy')).skill?.name).toBe('1.0');
    expect((await loadOne('name:\ntriggers: [x]', 'legacy')).skill?.name).toBe('None');
  });

  it.each([
    ['description: 42', 'frontmatter-wrong-type'],
    ['license: 2.0', 'frontmatter-wrong-type'],
    ['compatibility: {os: linux}', 'frontmatter-wrong-type'],
    ['triggers: [git, 1]', 'frontmatter-wrong-type'],
    ['triggers: [yes]', 'frontmatter-wrong-type'],
    ['inputs: [{name: x}]', 'frontmatter-wrong-type'],
    ['inputs: [x]', 'frontmatter-wrong-type'],
    ['disable-model-invocation: maybe', 'frontmatter-wrong-type'],
    ['description: 2024-01-01', 'frontmatter-wrong-type'],
  ])('`%s` drops the whole folder', async (line, code) => {
    // A later key wins over an earlier one in YAML, as in the service.
    const result = await loadOne(`name: s\ndescription: d\n${line}`);
    expect(result.dropped).toBe(true);
    expect(result.kept).toEqual([]);
    expect(result.codes).toEqual([code, 'would-drop-directory']);
  });

  it.each([['triggers: deploy'], ['triggers:'], ['inputs: nope'], ['metadata: [a]'], ['allowed-tools: 3'], ['paths: 3']])(
    '`%s` drops only the skill',
    async (line) => {
      const result = await loadOne(`name: s\ndescription: d\n${line}`);
      expect(result.dropped).toBe(false);
      expect(result.kept).toEqual(['other']);
      expect(result.codes).toEqual(['would-drop-skill']);
    },
  );

  it('stops at the first failure, as the service does: a per-file failure before a type error costs only the file', async () => {
    const result = await loadOne('name: s\ndescription: 42\nmetadata: [a]');
    expect(result.dropped).toBe(false);
    expect(result.kept).toEqual(['other']);
    expect(result.codes).toEqual(['would-drop-skill', 'frontmatter-wrong-type']);
  });
});
