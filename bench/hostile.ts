/**
 * Hostile input, timed. The tests bound it by its results and by the work done (an input cap, an
 * alias cap, a count of calls); how long it takes is measured here, each case beside a baseline
 * that does the plainest work on input of the same size, in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseYamlSource } from '../src/internal/yaml-source';
import { parseHooksConfig, parseLaunchLink, parsePluginSource, redactSourceCredentials } from '../src/plugins/index';
import type { Artifacts } from '../src/validate/artifacts';
import { checkAgentSkills } from '../src/validate/profiles/agentskills';
import { createWebhookHandler } from '../src/webhooks/index';
import { pairedMs } from './measure';

/** One case: what was timed, its median ms, and the baseline's. */
export interface TimedRow {
  what: string;
  ms: number;
  baseline: string;
  baselineMs: number;
}

const MB10 = 10 * 1024 * 1024;
const KEY = 'bench-key';

/** `fn` run `times` times: for cases too short to time once. */
const repeat = (times: number, fn: () => unknown) => () => {
  for (let i = 0; i < times; i++) fn();
};

/** A 10 MB launch link in each mode, against base64-decoding the same 10 MB. */
async function launchLinks(runs: number): Promise<TimedRow[]> {
  const payload = 'A'.repeat(MB10);
  const text = 'x'.repeat(MB10);
  const base64 = "`Buffer.from(x, 'base64')` of the same 10 MB";
  const rows: TimedRow[] = [];
  for (const mode of ['tolerant', 'service'] as const) {
    const invalid = await pairedMs(
      () => parseLaunchLink(`https://app.example.com/launch?plugins=${payload}`, { mode }),
      () => Buffer.from(payload, 'base64'),
      runs,
    );
    rows.push({ what: `\`parseLaunchLink\`, a 10 MB \`plugins\` value (\`invalid-format\`), ${mode}`, ...invalid, baseline: base64 });
    const none = await pairedMs(
      () => parseLaunchLink(text, { mode }),
      () => Buffer.from(text, 'base64'),
      runs,
    );
    rows.push({ what: `\`parseLaunchLink\`, 10 MB of text without plugins (\`no-plugins\`), ${mode}`, ...none, baseline: base64 });
  }
  return rows;
}

/** Plugin sources of 200,000 characters against 20,000: linear time gives a ratio near 10. */
async function pluginSources(runs: number): Promise<TimedRow> {
  const sources = (length: number) => () => {
    parsePluginSource(`github:${'a'.repeat(length)}`);
    redactSourceCredentials(`${'a'.repeat(length)}://`);
    parsePluginSource(`ssh://${'a'.repeat(length)}`);
  };
  const timed = await pairedMs(repeat(20, sources(200_000)), repeat(20, sources(20_000)), runs);
  return {
    what: '`parsePluginSource` ×2 + `redactSourceCredentials`, 200,000 characters each',
    ...timed,
    baseline: 'the same at 20,000 characters (linear time: a ratio near 10)',
  };
}

/** 20,000 hook matchers, each a catastrophic pattern for a backtracking engine, against `JSON.parse`. */
async function hookMatchers(runs: number): Promise<TimedRow> {
  const matchers = Array.from(
    { length: 20_000 },
    (_, index) => `{"matcher": "tool_${index}|(a+)+b", "hooks": [{"command": "echo ${index}"}]}`,
  );
  const text = `{"PreToolUse": [${matchers.join(',')}]}`;
  const timed = await pairedMs(
    () => parseHooksConfig(text, { file: 'hooks.json' }),
    () => JSON.parse(text),
    runs,
  );
  return { what: '`parseHooksConfig`, 20,000 matchers `tool_N|(a+)+b`', ...timed, baseline: '`JSON.parse` of the same text' };
}

/** SKILL.md files with unmatched brackets, deep nesting and aliases, against plain files of the same sizes. */
async function hostileSkills(runs: number): Promise<TimedRow> {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-bench-hostile-'));
  try {
    const skill = (name: string, extra: string, body: string) =>
      `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n${body}`;
    const hostile = {
      brackets: skill('brackets', '', `${'['.repeat(300_000)}${'](x'.repeat(100_000)}\n`),
      deep: skill('deep', `metadata: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, '# Title\n\nBody.\n'),
      aliases: '---\nname: &a aliases\ndescription: *a\nx: &b [*a, *a, *a]\ny: [*b, *b, *b]\n---\n',
    };
    const plain = {
      brackets: skill('brackets', '', `${'word '.repeat(120_000)}\n`),
      deep: skill('deep', `metadata: ${'x'.repeat(10_000)}\n`, '# Title\n\nBody.\n'),
      aliases: '---\nname: aliases\ndescription: aliases\nx: [aliases, aliases, aliases]\ny: [a, b, c]\n---\n',
    };
    const artifacts = (set: string, files: Record<string, string>): Artifacts => {
      const skills = Object.entries(files).map(([name, text]) => {
        const folder = join(root, set, name);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'SKILL.md'), text);
        return { file: join(folder, 'SKILL.md'), format: 'agentskills' as const, folder, origin: 'project' as const };
      });
      return { skills, plugins: [], marketplaces: [], hooks: [], toolServers: [] };
    };
    const hostileArtifacts = artifacts('hostile', hostile);
    const plainArtifacts = artifacts('plain', plain);
    const timed = await pairedMs(
      () => checkAgentSkills(hostileArtifacts),
      () => checkAgentSkills(plainArtifacts),
      runs,
    );
    return {
      what: '`checkAgentSkills`: 400,000 unmatched brackets, 5,000-deep nesting, aliases',
      ...timed,
      baseline: 'the same checks on plain files of the same sizes',
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A YAML alias bomb (9^7 nodes if expanded) against a document of the same length without aliases. */
async function aliasBomb(runs: number): Promise<TimedRow> {
  const rows = ['a: &a [x,x,x,x,x,x,x,x,x]'];
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  for (let i = 1; i < names.length; i++)
    rows.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  const bomb = rows.join('\n');
  const plain = rows.map((row) => row.replace(/[&*]/g, 'v')).join('\n');
  const timed = await pairedMs(
    repeat(200, () => parseYamlSource(bomb)),
    repeat(200, () => parseYamlSource(plain)),
    runs,
  );
  return {
    what: '`parseYamlSource`, an alias bomb (refused at the alias cap)',
    ...timed,
    baseline: 'the same text with the aliases made plain words',
  };
}

/** A 10 MiB batch of 476,000 tiny events refused with 413, against `JSON.parse` of the body. */
async function tinyEvents(runs: number): Promise<TimedRow> {
  const handler = createWebhookHandler({ apiKey: KEY });
  const one = '{"kind":"PauseEvent"}';
  const body = `[${Array(Math.floor((MB10 - 2) / (one.length + 1)))
    .fill(one)
    .join(',')}]`;
  const headers = { 'x-session-api-key': KEY, 'content-type': 'application/json' };
  const conversationId = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
  const timed = await pairedMs(
    async () => {
      const result = await handler.receive({ conversationId, headers, body });
      if (result.status !== 413) throw new Error(`hostile benchmark: the 10 MiB batch got ${result.status}, not 413`);
    },
    () => JSON.parse(body),
    runs,
  );
  return { what: '`handler.receive`, a 10 MiB batch of tiny events (413)', ...timed, baseline: '`JSON.parse` of the same body' };
}

/** Every in-process case, `runs` runs each (at most 3 of the 10 MB links, which take seconds). */
export async function benchHostile(runs = 5): Promise<TimedRow[]> {
  return [
    ...(await launchLinks(Math.min(runs, 3))),
    await pluginSources(runs),
    await hookMatchers(runs),
    await hostileSkills(runs),
    await aliasBomb(runs),
    await tinyEvents(runs),
  ];
}
