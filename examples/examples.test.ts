import { describe, expect, it } from 'vitest';
import { exampleBody, summarize } from './events/decode-webhook-body';

describe('examples/events/decode-webhook-body', () => {
  it('summarizes a valid webhook body', () => {
    expect(summarize(exampleBody)).toEqual(['user says: Run the tests', 'agent runs: npm test']);
  });

  it('reports the service-style detail of an invalid body', () => {
    const lines = summarize(JSON.stringify([{ kind: 'ActionEvent', tool_name: 'terminal' }]));
    expect(lines).toContain('invalid: 0.tool_call_id: Field required [missing]');
  });
});

describe('examples/skills/check-repository', () => {
  it('lists what a conversation gets and what the service would drop', async () => {
    const { checkRepository } = await import('./skills/check-repository');
    const { tempRepository } = await import('../test/helpers/tree');
    const repo = tempRepository({
      'AGENTS.md': 'Use pnpm.\n',
      '.agents/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys.\ntriggers: [deploy]\n---\nRun the deploy script.\n',
      '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf\ndescription: PDFs.\n---\nBody\n',
    });
    try {
      const lines = await checkRepository(repo.root);
      expect(lines.slice(0, 4)).toEqual([
        'context: agents',
        'skills: deploy',
        'rules: (none)',
        '"please fix the failing deploy" brings in deploy (keyword "deploy"): Run the deploy script.',
      ]);
      expect(lines[4]).toMatch(/pdf-tools\/SKILL\.md:2:7 error skill-name-mismatch: The name "pdf" differs from its folder "pdf-tools"/);
    } finally {
      repo.cleanup();
    }
  });
});
