/**
 * `agentwire validate` beside the linters teams use today, each run as a user runs it (a child
 * process of its command line), on the same generated repositories in the same run: 1,000 skills,
 * and a marketplace of 100 plugins. Rounds are interleaved (every tool on every repository, then
 * again), and each run is measured in wall time and in CPU time (user + system of the child and
 * the processes it waited for), which a machine shared with other work disturbs less. Each tool's
 * own count of what it read is kept, so a tool that skipped the files cannot look fast.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { median } from './measure';

/** One tool on one repository: the median wall and CPU times and what it says it read. */
export interface PeerResult {
  tool: string;
  repository: string;
  ms: number;
  /** User + system CPU time of the child process and of those it waited for; `undefined` without `/proc`. */
  cpuMs: number | undefined;
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

/**
 * A git repository with a Claude Code marketplace of `count` plugins, each with a manifest, a
 * skill, a command and hooks. Its package.json lists the plugins as workspaces: claudelint checks
 * one plugin per folder, and a repository of several through its workspaces.
 */
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
    mkdirSync(join(dir, 'hooks'));
    const hooks = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } };
    writeFileSync(join(dir, 'hooks/hooks.json'), `${JSON.stringify(hooks, null, 2)}\n`);
    plugins.push({ name, source: `./plugins/${name}`, description: `Plugin number ${i}.` });
  }
  mkdirSync(join(root, '.claude-plugin'));
  writeFileSync(
    join(root, '.claude-plugin/marketplace.json'),
    `${JSON.stringify({ name: 'bench-plugins', owner: { name: 'Bench' }, plugins }, null, 2)}\n`,
  );
  writeFileSync(
    join(root, 'package.json'),
    `${JSON.stringify({ name: 'bench-plugins', private: true, workspaces: ['plugins/*'] }, null, 2)}\n`,
  );
  return root;
}

/** What a generated repository holds. */
type Layout = 'skills' | 'marketplace';

interface Tool {
  name: string;
  args: (dir: string, layout: Layout) => string[];
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
    // Without its cache, as on a fresh checkout in CI (agentwire keeps none): warm, it reads only
    // the files changed since the run before.
    args: (_dir, layout) => [
      join(ROOT, 'node_modules/claude-code-lint/bin/claudelint'),
      'check-all',
      '--no-cache',
      ...(layout === 'marketplace' ? ['--workspaces'] : []),
    ],
    read: (stdout, stderr) => {
      const output = `${stdout}\n${stderr}`;
      const packages = /Total packages: (\d+)/.exec(output);
      if (packages) return `${packages[1]} plugins (workspaces)`;
      const match = /Checked (\d+) files?(?: across \d+ categor(?:y|ies) \(([^)]*)\))? in/.exec(output);
      if (!match) throw new Error(`claudelint printed no summary:\n${output.slice(-2000)}`);
      return match[2] === undefined ? `${match[1]} files` : `${match[1]} files (${match[2]})`;
    },
  },
];

/** Clock ticks per second of `/proc` times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time of the children this process waited for so far, in ms; `undefined` without `/proc`. */
function childrenCpuMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // After the command name in parentheses: state is field 3, cutime and cstime fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

/** One run of `tool` on `dir`: wall time, CPU time, and what it read. */
function runOnce(tool: Tool, dir: string, layout: Layout): { ms: number; cpuMs: number | undefined; read: string } {
  // Standard output goes to a file: a tool that calls process.exit() right after writing to a
  // pipe loses the end of its output, never of a file.
  const outFile = join(dir, '..', `${basename(dir)}-stdout.txt`);
  const out = openSync(outFile, 'w');
  const cpuBefore = childrenCpuMs();
  const start = process.hrtime.bigint();
  const run = spawnSync(node, tool.args(dir, layout), {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', out, 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const cpuAfter = childrenCpuMs();
  closeSync(out);
  const stdout = readFileSync(outFile, 'utf8');
  rmSync(outFile);
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${tool.name} exited ${run.status}:\n${run.stderr.slice(-2000)}`);
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { ms, cpuMs, read: tool.read(stdout, run.stderr) };
}

/**
 * Every tool on both repositories, `rounds` times after one warm-up round; the medians. The runs
 * are interleaved round by round, so a change of load on the machine touches every tool alike.
 */
export function benchValidatePeers(rounds = 5, skills = 1000, plugins = 100): PeerResult[] {
  const repositories = [
    { repository: `${skills.toLocaleString('en-US')} skills`, layout: 'skills' as const, dir: skillsRepository(skills) },
    { repository: `a marketplace of ${plugins} plugins`, layout: 'marketplace' as const, dir: marketplaceRepository(plugins) },
  ];
  const runs = repositories.flatMap((repository) =>
    TOOLS.map((tool) => ({ ...repository, tool, times: [] as number[], cpu: [] as number[], read: '' })),
  );
  try {
    for (let round = -1; round < rounds; round++) {
      for (const run of runs) {
        const once = runOnce(run.tool, run.dir, run.layout);
        run.read = once.read;
        if (round < 0) continue;
        run.times.push(once.ms);
        if (once.cpuMs !== undefined) run.cpu.push(once.cpuMs);
      }
    }
    return runs.map((run) => ({
      tool: run.tool.name,
      repository: run.repository,
      ms: median(run.times),
      cpuMs: run.cpu.length === run.times.length ? median(run.cpu) : undefined,
      read: run.read,
    }));
  } finally {
    for (const { dir } of repositories) rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function validatePeersReport(results: readonly PeerResult[], rounds: number): string[] {
  const lines = [
    `## \`agentwire validate\` beside skill-check and claudelint (median of ${rounds} runs of each command line)`,
    '',
    'Each tool runs as a child process on the same generated git repository, the tools interleaved round by round in the same run: skill-check 1.2.0 (`check --format json --no-security-scan`) and claudelint (claude-code-lint 0.5.0, `check-all --no-cache`; on the marketplace `--workspaces`, one workspace per plugin, since it checks one plugin per folder). "Read" is what each tool reports it checked. CPU is user + system time of the process and those it waited for (git included); the ratios are the tool\'s time over agentwire\'s (above 1: agentwire is faster). Target: agentwire fastest, and under 2 s for 1,000 skills.',
    '',
    '| Repository | Tool | wall ms | CPU ms | Read | wall × agentwire | CPU × agentwire |',
    '|---|---|---:|---:|---|---:|---:|',
  ];
  const cpu = (ms: number | undefined) => (ms === undefined ? 'n/a' : ms.toFixed(0));
  for (const result of results) {
    const own = results.find((other) => other.repository === result.repository && other.tool === 'agentwire validate') as PeerResult;
    const cpuRatio = result.cpuMs === undefined || own.cpuMs === undefined ? 'n/a' : (result.cpuMs / own.cpuMs).toFixed(2);
    lines.push(
      `| ${result.repository} | ${result.tool} | ${result.ms.toFixed(0)} | ${cpu(result.cpuMs)} | ${result.read} | ${(result.ms / own.ms).toFixed(2)} | ${cpuRatio} |`,
    );
  }
  lines.push('');
  return lines;
}
