/**
 * Suppression comments through `validate()`: the next-line, same-line and file forms in a
 * Markdown body (HTML comments) and in YAML front matter (YAML comments), several rule ids in one
 * comment, and the findings about the comments themselves.
 */
import { validate } from 'agentwire/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../helpers/tree';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

const SKILL = '.agents/skills/deploy/SKILL.md';

/** A folder holding one skill with this SKILL.md; the codes, lines and suppressed count `validate` reports. */
async function check(text: string, profiles: ('openhands' | 'agentskills')[] = ['openhands']) {
  const { root, cleanup } = tempTree({ [SKILL]: text });
  cleanups.push(cleanup);
  const report = await validate(['.'], { cwd: root, profiles });
  return { found: report.diagnostics.map((d) => [d.code, d.line, d.message]), suppressed: report.suppressed ?? 0 };
}

const INLINE = 'Current branch: !`git branch --show-current`';

describe('suppression comments', () => {
  it('an HTML comment in the body silences the finding on the next line', async () => {
    const { found } = await check(`---\nname: deploy\ndescription: Deploys.\n---\n${INLINE}\n`);
    expect(found.map(([code, line]) => [code, line])).toEqual([['inline-command', 5]]);
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable-next-line inline-command -- the command only reads -->\n${INLINE}\n`;
    expect(await check(text)).toEqual({ found: [], suppressed: 1 });
  });

  it('a YAML comment in front matter silences the finding on the next line, with several ids', async () => {
    const text =
      '---\n# agentwire-disable-next-line skill-name-mismatch, agentskills-name-mismatch -- the old name stays for links\nname: pdf\ndescription: Deploys.\n---\nBody.\n';
    expect(await check(text, ['openhands', 'agentskills'])).toEqual({ found: [], suppressed: 2 });
  });

  it('the same-line and file forms, in the body and in front matter', async () => {
    const sameLine = `---\nname: deploy\ndescription: Deploys.\n---\n${INLINE} <!-- agentwire-disable-line inline-command -- reads only -->\n`;
    expect(await check(sameLine)).toEqual({ found: [], suppressed: 1 });
    const yamlSameLine =
      '---\nname: pdf # agentwire-disable-line skill-name-mismatch -- kept for links\ndescription: Deploys.\n---\nBody.\n';
    expect(await check(yamlSameLine)).toEqual({ found: [], suppressed: 1 });
    const file = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable inline-command -- a tutorial of inline commands -->\n\n${INLINE}\n\n${INLINE}\n`;
    expect(await check(file)).toEqual({ found: [], suppressed: 2 });
  });

  it('silences only the rule it names, only on the line it points at', async () => {
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable-next-line inline-command -- reads only -->\n\n${INLINE}\n`;
    const { found, suppressed } = await check(text);
    expect(found.map(([code, line]) => [code, line])).toEqual([
      ['suppression-unused', 5],
      ['inline-command', 7],
    ]);
    expect(suppressed).toBe(0);
    expect(found[0]?.[2]).toBe('The suppression of "inline-command" silences nothing: the rule raised no finding on the next line.');
  });

  it('reports an unknown rule id with the closest code, and a missing reason', async () => {
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable-next-line inline-comand -->\n${INLINE}\n`;
    const { found } = await check(text);
    expect(found).toEqual([
      ['suppression-reason-missing', 5, 'The suppression comment gives no reason after " -- ".'],
      ['suppression-rule-unknown', 5, '"inline-comand" is not a rule: did you mean "inline-command"?'],
      ['inline-command', 6, expect.any(String)],
    ]);
  });

  it('a comment without a reason still silences the finding; one naming no rule is reported', async () => {
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable-next-line inline-command -->\n${INLINE}\n<!-- agentwire-disable -- nothing named -->\n`;
    const { found, suppressed } = await check(text);
    expect(found.map(([code, line]) => [code, line])).toEqual([
      ['suppression-reason-missing', 5],
      ['suppression-rule-unknown', 7],
    ]);
    expect(suppressed).toBe(1);
  });

  it('ignores comments in fenced code blocks and Markdown headings that look like YAML comments, and reads those after them', async () => {
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n\`\`\`markdown\n<!-- agentwire-disable inline-command -- an example -->\n\`\`\`\n# agentwire-disable-next-line inline-command -- a heading\n${INLINE}\n<!-- agentwire-disable-next-line inline-command -- reads only -->\n${INLINE}\n`;
    const { found, suppressed } = await check(text);
    expect(found.map(([code, line]) => [code, line])).toEqual([['inline-command', 9]]);
    expect(suppressed).toBe(1);
  });

  it('never reads a file outside the repository through a link for comments', async () => {
    const outside = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable symlink-outside-repository, inline-command -- outside -->\n${INLINE}\n`;
    const { root, cleanup } = tempTree({ 'shared/deploy.md': outside, [`repo/${SKILL}`]: { symlink: '../../../../shared/deploy.md' } });
    cleanups.push(cleanup);
    const report = await validate(['repo'], { cwd: root });
    expect(report.diagnostics.map((d) => d.code)).toContain('symlink-outside-repository');
    expect(report.diagnostics.map((d) => d.code).filter((code) => code.startsWith('suppression-'))).toEqual([]);
    expect(report.suppressed).toBeUndefined();
  });

  it('comes before the configuration: a rule set off leaves its comment used, and the suppression rules can be set off', async () => {
    const text = `---\nname: deploy\ndescription: Deploys.\n---\n<!-- agentwire-disable-next-line inline-command -->\n${INLINE}\n`;
    const { root, cleanup } = tempTree({ [SKILL]: text });
    cleanups.push(cleanup);
    const report = await validate(['.'], {
      cwd: root,
      config: false,
      rules: { 'inline-command': 'off', 'suppression-reason-missing': 'off' },
    });
    expect(report.diagnostics).toEqual([]);
    expect(report.suppressed).toBe(1);
    const strict = await validate(['.'], { cwd: root, config: false, rules: { 'suppression-reason-missing': 'error' } });
    expect(strict.diagnostics.map((d) => [d.code, d.severity])).toEqual([['suppression-reason-missing', 'error']]);
  });

  it('does not call a suppression unused when no profile of the run raises its rule', async () => {
    const text =
      '---\n# agentwire-disable-next-line agentskills-unexpected-field -- read by the service\ntriggers:\n  - deploy\nname: deploy\ndescription: Deploys.\n---\nBody.\n';
    expect(await check(text, ['openhands'])).toEqual({ found: [], suppressed: 0 });
    expect(await check(text, ['agentskills'])).toEqual({ found: [], suppressed: 1 });
  });
});
