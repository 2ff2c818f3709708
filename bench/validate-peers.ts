/**
 * `agentwire validate` beside the linters teams use today, each run as a user runs it (a child
 * process of its command line, wall time), on the same generated repositories in the same run:
 * 1,000 skills, and a marketplace of 100 plugins. Each tool's own count of what it read is kept,
 * so a tool that skipped the files cannot look fast.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { median } from './measure';

/** One tool on one repository: the median wall time and what it says it read. */
export interface PeerResult {
  tool: string;
  repository: string;
  ms: number;
  /** What the tool reports it checked, in its words (`1000 skills`). */
  read: string;
}

/** The project (npm run bench runs from it). */
const ROOT = process.cwd();
const node = process.execPath;

/** A git repository of `count` skills under `skills/`, the layout all three tools read. */
function skillsRepository(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-bench-peers-skills-'));
  spawnSync('git', ['init', '-q', root]);
  const body = '## Instructions\n\nUse when the task needs it. Step by step instructions for the task at hand.\n'.repeat(40);
  for (let i = 0; i < count; i++) {
    const folder = join(root, 'skills', `skill-${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'SKILL.md'),
      `---\nname: skill-${i}\ndescription: Use when a task needs skill number ${i}, for the steps and the checks that go with them.\n---\n\n# Skill ${i}\n\n${body}`,
    );
  }
  return root;
}

/** A git repository with a Claude Code marketplace of `count` plugins, each with a manifest, a skill and a command. */
function marketplaceRepository(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-bench-peers-market-'));
  spawnSync('git', ['init', '-q', root]);
  const plugins = [];
  for (let i = 0; i < count; i++) {
    const name = `plugin-${i}`;
    const dir = join(root, 'plugins', name);
    mkdirSync(join(dir, '.claude-plugin'), { recursive: true });
    mkdirSync(join(dir, 'skills', name), { recursive: true });
    mkdirSync(join(dir, 'commands'), { recursive: true });
    const manifest = { name, version: '1.0.0', description: `Plugin number ${i}.`, author: { name: 'Bench' } };
    writeFileSync(join(dir, '.claude-plugin/plugin.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(
      join(dir, 'skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when a task needs plugin ${i}, for the steps and the checks that go with them.\n---\n\n## Instructions\n\nSteps.\n`,
    );
    writeFileSync(join(dir, 'commands/run.md'), `---\ndescription: Runs plugin ${i}.\n---\n\nRun the steps of plugin ${i}.\n`);
    plugins.push({ name, source: `./plugins/${name}`, description: `Plugin number ${i}.` });
  }
  mkdirSync(join(root, '.claude-plugin'));
  writeFileSync(
    join(root, '.claude-plugin/marketplace.json'),
    `${JSON.stringify({ name: 'bench-plugins', owner: { name: 'Bench' }, plugins }, null, 2)}\n`,
  );
  return root;
}

interface Tool {
  name: string;
  args: (dir: string) => string[];
  /** What the run read, from its output; throws when the output is not what the tool prints. */
  read: (stdout: string, stderr: string) => string;
}

const TOOLS: Tool[] = [
  {
    name: 'agentwire validate',
    args: (dir) => [join(ROOT, 'dist/cli/main.js'), 'validate', dir, '--format', 'json'],
    read: (stdout) => {
      const { inventory } = JSON.parse(stdout) as { inventory: { files: number; skills: number; plugins: number } };
      return `${inventory.files} files (${inventory.skills} skills, ${inventory.plugins} plugins)`;
    },
  },
  {
    name: 'skill-check check',
    args: (dir) => [
      join(ROOT, 'node_modules/skill-check/bin/skill-check.js'),
      'check',
      dir,
      '--format',
      'json',
      '--no-security-scan',
      '--no-open',
    ],
    read: (stdout) => `${(JSON.parse(stdout) as { summary: { skillCount: number } }).summary.skillCount} skills`,
  },
  {
    name: 'claudelint check-all',
    args: () => [join(ROOT, 'node_modules/claude-code-lint/bin/claudelint'), 'check-all'],
    read: (stdout, stderr) => {
      const output = `${stdout}\n${stderr}`;
      const match = /Checked (\d+) files?(?: across \d+ categor(?:y|ies) \(([^)]*)\))? in/.exec(output);
      if (!match) throw new Error(`claudelint printed no summary:\n${output.slice(-2000)}`);
      return match[2] === undefined ? `${match[1]} files` : `${match[1]} files (${match[2]})`;
    },
  },
];

/** Runs `tool` on `dir` `rounds` times after one warm-up run; the median wall time. */
function measure(tool: Tool, dir: string, rounds: number): { ms: number; read: string } {
  const times: number[] = [];
  let read = '';
  for (let round = -1; round < rounds; round++) {
    const start = process.hrtime.bigint();
    // Standard output goes to a file: a tool that calls process.exit() right after writing to a
    // pipe loses the end of its output, never of a file.
    const outFile = join(dir, '..', `${basename(dir)}-stdout.txt`);
    const out = openSync(outFile, 'w');
    const run = spawnSync(node, tool.args(dir), {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', out, 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    closeSync(out);
    const stdout = readFileSync(outFile, 'utf8');
    rmSync(outFile);
    if (run.error) throw run.error;
    if (run.status !== 0 && run.status !== 1) throw new Error(`${tool.name} exited ${run.status}:\n${run.stderr.slice(-2000)}`);
    read = tool.read(stdout, run.stderr);
    if (round >= 0) times.push(ms);
  }
  return { ms: median(times), read };
}

/** Every tool on both repositories, the tools interleaved round by round. */
export function benchValidatePeers(rounds = 5, skills = 1000, plugins = 100): PeerResult[] {
  const repositories = [
    { repository: `${skills.toLocaleString('en-US')} skills`, dir: skillsRepository(skills) },
    { repository: `a marketplace of ${plugins} plugins`, dir: marketplaceRepository(plugins) },
  ];
  try {
    const results: PeerResult[] = [];
    for (const { repository, dir } of repositories)
      for (const tool of TOOLS) results.push({ tool: tool.name, repository, ...measure(tool, dir, rounds) });
    return results;
  } finally {
    for (const { dir } of repositories) rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function validatePeersReport(results: readonly PeerResult[], rounds: number): string[] {
  const lines = [
    `## \`agentwire validate\` beside skill-check and claudelint (median of ${rounds} runs, wall time of each command line)`,
    '',
    'Each tool runs as a child process on the same generated git repository, one after the other, in the same run: skill-check 1.2.0 (`check --format json --no-security-scan`) and claudelint (claude-code-lint 0.5.0, `check-all`). "Read" is what each tool reports it checked; the ratio is the tool\'s time over agentwire\'s (above 1: agentwire is faster). Target: agentwire fastest, and under 2 s for 1,000 skills.',
    '',
    '| Repository | Tool | ms | Read | × agentwire |',
    '|---|---|---:|---|---:|',
  ];
  for (const result of results) {
    const own = results.find((other) => other.repository === result.repository && other.tool === 'agentwire validate') as PeerResult;
    lines.push(`| ${result.repository} | ${result.tool} | ${result.ms.toFixed(0)} | ${result.read} | ${(result.ms / own.ms).toFixed(2)} |`);
  }
  lines.push('');
  return lines;
}
