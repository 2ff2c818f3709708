import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../test/helpers/tree';
import { commandText, findInlineCommands, loadSkillContent, SkillContentError } from './content';
import { loadSkillsDirectory } from './load-directory';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function loaded(files: Record<string, string | Uint8Array>) {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  return (await loadSkillsDirectory(tree.root)).skills;
}

describe('findInlineCommands', () => {
  it('finds what the service would run, and leaves code blocks, inline code and escaped commands alone', () => {
    const body = 'Run !`date` and `code` then\n```sh\n!`inside fence`\n```\n\\!`escaped` !`git status`\n```\n!`after an unclosed fence`';
    expect(findInlineCommands(body).map((found) => found.command)).toEqual(['date', 'git status']);
  });
});

describe('loadSkillContent', () => {
  it('reads the body only when asked, as the service gives it to the agent', async () => {
    const [skill] = await loaded({ 'a/SKILL.md': '---\nname: a\ndescription: d\n---\n\n# A\n\nBranch: !`git branch`\n\n' });
    if (!skill) throw new Error('not loaded');
    const { content, diagnostics } = await loadSkillContent(skill);
    expect(content).toBe('# A\n\nBranch: !`git branch`');
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['inline-command', 8, 9]]);
  });

  it('adds the service\u2019s request for missing inputs to a task skill', async () => {
    const [skill] = await loaded({ 't.md': '---\ninputs:\n  - name: REPO\n    description: the repository\n---\nClone the repository.\n' });
    if (!skill) throw new Error('not loaded');
    expect((await loadSkillContent(skill)).content).toBe(
      "Clone the repository.\n\nIf the user didn't provide any of these variables, ask the user to provide them first before the agent can proceed with the task.",
    );
  });

  it('fails with a typed error when the body is not UTF-8 or too large', async () => {
    // The bad byte sits past the head that loading reads, so only reading the body finds it.
    const head = new TextEncoder().encode(`---\nname: b\ndescription: d\n---\n${'x'.repeat(20_000)}\n`);
    const [skill] = await loaded({ 'b/SKILL.md': Uint8Array.from([...head, 0xff, 0x0a]) });
    if (!skill) throw new Error('not loaded');
    await expect(loadSkillContent(skill)).rejects.toMatchObject({ name: 'SkillContentError', code: 'invalid-utf8' });
    await expect(loadSkillContent(skill, { maxFileSize: 10 })).rejects.toBeInstanceOf(SkillContentError);
  });
});

describe('commandText', () => {
  const command = (description: string, argumentHint: string | null) => ({ name: 'go', description, argumentHint });

  it('builds the text CommandDefinition.to_skill gives: heading and description, arguments, then the body', () => {
    expect(commandText(command('Deploy it', '<env>'), 'Run the deploy.')).toBe(
      '## go\n\nDeploy it\n\n**Arguments**: `$ARGUMENTS` - <env>\n\n\nRun the deploy.',
    );
    expect(commandText(command('Deploy it', null), 'Run the deploy.')).toBe('## go\n\nDeploy it\n\n\nRun the deploy.');
    expect(commandText(command('Deploy it', '<env>'), '')).toBe('## go\n\nDeploy it\n\n**Arguments**: `$ARGUMENTS` - <env>');
  });

  it('leaves out what is empty and strips the whole as Python does', () => {
    expect(commandText(command('', null), 'Body')).toBe('Body');
    expect(commandText(command('', '<x>'), 'Body')).toBe('**Arguments**: `$ARGUMENTS` - <x>\n\n\nBody');
    expect(commandText(command('Ends in spaces\u2003 ', null), '')).toBe('## go\n\nEnds in spaces');
    expect(commandText(command('', null), '')).toBe('');
  });
});
