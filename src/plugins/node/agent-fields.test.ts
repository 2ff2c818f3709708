import { describe, expect, it } from 'vitest';
import type { SkillFileSystem } from '../../internal/node/file-system';
import { readSkillFile } from '../../internal/node/read-skill-file';
import { interpretAgent } from './agent-fields';

/** One file served from memory. */
function memory(text: string): SkillFileSystem {
  const bytes = new TextEncoder().encode(text);
  return {
    list: async () => [],
    kind: async () => ({ kind: 'file', size: bytes.length }),
    realpath: async (path) => path,
    read: async (_path, position, length) => bytes.subarray(position, position + length),
  };
}

async function agent(frontmatter: string) {
  const read = await readSkillFile(memory(`---\n${frontmatter}\n---\nYou help.\n`), 'agents/helper.md', {
    scan: 'frontmatter',
    maxFileSize: 1 << 20,
  });
  return interpretAgent(read, 'helper');
}

const codes = (result: Awaited<ReturnType<typeof agent>>) =>
  result.problems.map((problem) => [problem.diagnostic.code, problem.effect, problem.diagnostic.line, problem.diagnostic.column]);

describe('interpretAgent', () => {
  it('fills the service defaults from the file name', async () => {
    const result = await agent('color:');
    expect(result.agent).toMatchObject({
      name: 'helper',
      description: '',
      model: 'inherit',
      color: null,
      tools: [],
      skills: [],
      permissionMode: null,
      maxIterationPerRun: null,
      maxBudgetPerRun: null,
      mcpServers: null,
      hooks: null,
      profileStoreDir: null,
      condenser: null,
      whenToUseExamples: [],
      metadata: {},
    });
    expect(result.problems).toEqual([]);
  });

  it('turns values into text as Python str() does', async () => {
    const result = await agent('name: 42\ndescription: null\nmodel: 1.0\ntools: Bash\nskills: " a ,b,, c "');
    expect(result.agent).toMatchObject({ name: '42', description: 'None', model: '1.0', tools: ['Bash'], skills: ['a', 'b', 'c'] });
  });

  it('reads integers and numbers from text as Python int() and float() do', async () => {
    expect((await agent('max_iteration_per_run: " 1_000 "\nmax_budget_per_run: "2.5e1"')).agent).toMatchObject({
      maxIterationPerRun: 1000,
      maxBudgetPerRun: 25,
    });
    expect((await agent('max_iteration_per_run: true\nmax_budget_per_run: inf')).agent).toMatchObject({
      maxIterationPerRun: 1,
      maxBudgetPerRun: Number.POSITIVE_INFINITY,
    });
  });

  it('skips the agent for values the model refuses, its own bounds checked last', async () => {
    const result = await agent('max_iteration_per_run: 0\npermission_mode: ask\nmax_budget_per_run: "nan"\nprofile_store_dir: 3');
    expect(codes(result)).toEqual([
      ['plugin-agent-invalid', 'skill', 3, 18],
      ['plugin-agent-invalid', 'skill', 5, 20],
      ['plugin-agent-invalid', 'skill', 2, 24],
      ['plugin-agent-invalid', 'skill', 4, 21],
    ]);
    expect(result.problems[2]?.diagnostic.message).toBe('`max_iteration_per_run` is 0; it must be above 0.');
    expect(result.problems[3]?.diagnostic.message).toBe('`max_budget_per_run` is nan; it must be above 0.');
  });

  it('refuses text that is not a number', async () => {
    const result = await agent('max_iteration_per_run: "1.5"\nmax_budget_per_run: cheap');
    expect(codes(result)).toEqual([
      ['plugin-agent-invalid', 'skill', 2, 24],
      ['plugin-agent-invalid', 'skill', 3, 21],
    ]);
  });

  it('ignores values of a type the model does not read, with a warning', async () => {
    const result = await agent('tools: {a: 1}\nskills: 3\nmax_budget_per_run: true\nhooks: [x]');
    expect(codes(result)).toEqual([
      ['plugin-agent-field-ignored', 'none', 2, 8],
      ['plugin-agent-field-ignored', 'none', 3, 9],
      ['plugin-agent-field-ignored', 'none', 4, 21],
      ['plugin-agent-field-ignored', 'none', 5, 8],
    ]);
    expect(result.agent).toMatchObject({ tools: [], skills: [], maxBudgetPerRun: null, hooks: null });
  });

  it('reads the condenser in every spelling', async () => {
    for (const [value, expected] of [
      ['default', null],
      ['" Inherit "', null],
      ['true', null],
      ['false', 'none'],
      ['Disabled', 'none'],
      ['{kind: LLMSummarizingCondenser}', { kind: 'LLMSummarizingCondenser' }],
    ] as const) {
      const result = await agent(`condenser: ${value}`);
      expect(result.agent.condenser).toEqual(expected);
      expect(result.problems).toEqual([]);
    }
    expect(codes(await agent('condenser: sometimes'))).toEqual([['plugin-agent-invalid', 'skill', 2, 12]]);
    expect(codes(await agent('condenser: [a]'))).toEqual([['plugin-agent-invalid', 'skill', 2, 12]]);
  });

  it('checks tool servers and hooks with the plugin parsers', async () => {
    const servers = await agent('mcp_servers:\n  web: {url: "https://example.com/mcp"}');
    expect(servers.agent.mcpServers).toEqual({ web: { url: 'https://example.com/mcp' } });
    expect(codes(await agent('mcp_config: [a]'))).toEqual([['plugin-agent-invalid', 'skill', 2, 13]]);
    expect(codes(await agent('mcp_config:\n  web: {args: []}'))).toEqual([['plugin-agent-invalid', 'skill', 3, 3]]);
    const hooks = await agent('hooks:\n  Notification: []');
    expect(codes(hooks)).toEqual([['plugin-agent-invalid', 'skill', 3, 3]]);
    expect(hooks.problems[0]?.diagnostic.message).toMatch(
      /^`hooks` is not a valid hook configuration: The service does not support the hook event "Notification"/,
    );
  });

  it('collects the <example> blocks of the description and keeps unknown keys as metadata', async () => {
    const result = await agent(
      'description: "Use me. <example>fix the build</example> <EXAMPLE> </EXAMPLE><example>\\n deploy \\n</example>"\nteam: core',
    );
    expect(result.agent.whenToUseExamples).toEqual(['fix the build', 'deploy']);
    expect(result.agent.metadata).toEqual({ team: 'core' });
  });
});
