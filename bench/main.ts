/** Runs every benchmark and writes docs/benchmarks.md. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { benchClientDeadlines } from './deadlines-client';
import { benchServeDeadlines } from './deadlines-serve';
import { combineSamples, measureSide, SIDES, type Side, type SideSample } from './decode';
import { decodeReport } from './decode-report';
import { benchHostile } from './hostile';
import { benchHostileIo } from './hostile-io';
import { deadlinesReport, hostileReport } from './hostile-report';
import { format } from './measure';
import { benchSeen } from './seen';
import { benchServe, parseCells, type ServeStore, serveReport } from './serve';
import { benchSizes } from './sizes';
import { benchSkills } from './skills';
import { benchValidatePeers, validatePeersReport } from './validate-peers';
import { benchWebhook, runBenchServer } from './webhook';
import { benchWebhookCpu, webhookCpuReport } from './webhook-cpu';
import { webhookReport } from './webhook-report';

const quick = process.argv.includes('--quick');
const started = Date.now();
const serverArgument = process.argv.find((arg) => arg.startsWith('--webhook-server='));
if (serverArgument) {
  // A server of the webhook benchmark, in a process of its own (started by benchWebhook).
  await runBenchServer(serverArgument.slice('--webhook-server='.length) as 'bare' | 'agentwire');
} else {
  await main();
}

/** The hostile-input and deadline sections: measured, and their lines. */
async function hostileSections(): Promise<string[]> {
  const runs = quick ? 1 : 5;
  const ioRuns = quick ? 1 : 3;
  console.log('hostile input…');
  const hostile = [...(await benchHostile(runs)), ...(await benchHostileIo(ioRuns))];
  console.log('deadlines…');
  const deadlines = [...(await benchServeDeadlines(ioRuns)), ...(await benchClientDeadlines(ioRuns))];
  return [...hostileReport(hostile, runs, ioRuns), ...deadlinesReport(deadlines, ioRuns)];
}

async function main(): Promise<void> {
  if (process.argv.includes('--only=validate')) {
    // `agentwire validate` beside its peers alone, printed and not written to docs/benchmarks.md.
    const rounds = quick ? 1 : 5;
    console.log(validatePeersReport(benchValidatePeers(rounds), rounds).join('\n'));
    return;
  }
  if (process.argv.includes('--only=serve')) {
    // `agentwire serve` alone, printed and not written to docs/benchmarks.md.
    // `--stores=file` measures the file store alone (no PostgreSQL); `--cells=10x8,100x8` only those
    // cells (conversations x connections); `--rounds=5` more rounds.
    const value = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
    const rounds = Number(value('rounds') ?? (quick ? 1 : 3));
    const stores = value('stores')?.split(',') as ServeStore[] | undefined;
    console.log(serveReport(await benchServe(quick ? 2 : 3, rounds, stores, parseCells(value('cells'))), rounds).join('\n'));
    return;
  }
  if (process.argv.includes('--only=webhook')) {
    // The webhook section alone, printed and not written to docs/benchmarks.md.
    console.log(
      webhookReport(await benchWebhook(process.argv[1] as string, quick ? 1 : 4, quick ? 1 : 3, quick ? 150_000 : 300_000)).join('\n'),
    );
    return;
  }
  if (process.argv.includes('--only=webhook-cpu')) {
    // The webhook handler's CPU time in one process, without HTTP: printed, not written.
    console.log(webhookCpuReport(await benchWebhookCpu(quick ? 5 : 15)).join('\n'));
    return;
  }
  if (process.argv.includes('--only=hostile')) {
    // These sections alone, printed and not written to docs/benchmarks.md.
    console.log((await hostileSections()).join('\n'));
    return;
  }
  const sideArgument = process.argv.find((arg) => arg.startsWith('--decode-side='));
  if (sideArgument) {
    // One side of the decode benchmarks in this process, for run.mjs to combine across processes.
    process.stdout.write(`${JSON.stringify(measureSide(sideArgument.slice('--decode-side='.length) as Side))}\n`);
    process.exit(0);
  }
  console.log('decode…');
  // run.mjs measures every side in processes of its own; run alone, this process measures them all.
  const decodeSamples: SideSample[] = process.env.AGENTWIRE_BENCH_DECODE
    ? (JSON.parse(readFileSync(process.env.AGENTWIRE_BENCH_DECODE, 'utf8')) as SideSample[])
    : SIDES.map((side) => measureSide(side));
  const decode = combineSamples(decodeSamples);
  if (process.argv.includes('--only=decode')) {
    // The decode section alone, printed and not written to docs/benchmarks.md.
    console.log(decodeReport(decode, Number(process.env.AGENTWIRE_BENCH_PROCESSES ?? 1)).join('\n'));
    return;
  }
  console.log('webhook…');
  const webhook = await benchWebhook(process.argv[1] as string, quick ? 1 : 4, quick ? 1 : 3, quick ? 150_000 : 300_000);
  console.log('agentwire serve…');
  const serveRounds = quick ? 1 : 3;
  const serve = await benchServe(quick ? 1 : 3, serveRounds);
  console.log('seen store…');
  const seen = benchSeen();
  console.log('skills…');
  const skills = await benchSkills();
  console.log('validate beside its peers…');
  const peerRounds = quick ? 1 : 5;
  const peers = validatePeersReport(benchValidatePeers(peerRounds), peerRounds);
  const hostile = await hostileSections();
  console.log('sizes…');
  const sizes = await benchSizes();

  const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(2)} KB`);
  /** Whether a size is within its budget, and by how much either way. */
  const verdict = (bytes: number, budget: number) =>
    bytes <= budget ? `met, ${format(budget - bytes)} B to spare` : `missed by ${format(bytes - budget)} B`;
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (`npm run bench -- --quick` for one process per figure). Every figure is a',
    'median over several runs, and every baseline was measured in the same run, interleaved with what it is',
    'compared to, so the ratios hold on a busy machine; absolute numbers vary by machine and load: read the ratios.',
    '',
    `- Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `- Node.js ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    `- Load average (1, 5, 15 min) when this report was written: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
    '',
    ...decodeReport(decode, Number(process.env.AGENTWIRE_BENCH_PROCESSES ?? 1)),
    ...webhookReport(webhook),
    ...serveReport(serve, serveRounds),
    `## Seen store (has + add of fresh keys, capacity ${format(seen.capacity)})`,
    '',
    '| when | ns per key | ratio to a plain `Set` of 100,000 keys |',
    '|---|---:|---:|',
    `| plain \`Set\` holding ${format(seen.capacity)} keys, adding without eviction (baseline) | ${seen.set.toFixed(0)} | 1.00 |`,
    `| \`createMemorySeenStore\`, below capacity | ${seen.below.toFixed(0)} | ${(seen.below / seen.set).toFixed(2)} |`,
    `| \`createMemorySeenStore\`, at ${format(seen.total)} keys (10× capacity) | ${seen.past.toFixed(0)} | ${(seen.past / seen.set).toFixed(2)} |`,
    '',
    ...hostile,
    `## Skills (${format(skills.count)} SKILL.md files of about 19 KB, median of 7 runs)`,
    '',
    "Loading summaries reads each file's front matter only; `scan: 'full'` reads every byte, as `agentwire validate` does.",
    '',
    '| what | ms | ratio to reading the files one by one | ratio to reading them all at once |',
    '|---|---:|---:|---:|',
    `| \`readFile\` of every SKILL.md, one after the other (baseline) | ${skills.sequential.toFixed(0)} | 1.00 | |`,
    `| \`readFile\` of every SKILL.md, all at once (baseline) | ${skills.concurrent.toFixed(0)} | | 1.00 |`,
    `| \`loadRepository\` (summaries) | ${skills.summaries.toFixed(0)} | ${(skills.summaries / skills.sequential).toFixed(2)} (target ≤ 2) | ${(skills.summaries / skills.concurrent).toFixed(2)} |`,
    `| \`loadRepository\` with \`scan: 'full'\` | ${skills.full.toFixed(0)} | ${(skills.full / skills.sequential).toFixed(2)} | ${(skills.full / skills.concurrent).toFixed(2)} |`,
    `| \`agentwire validate\` (the service's checks, every byte read) | ${skills.validate.toFixed(0)} | ${(skills.validate / skills.sequential).toFixed(2)} (target ≤ 2) | ${(skills.validate / skills.concurrent).toFixed(2)} |`,
    '',
    ...peers,
    '## Bundle sizes (the built package through its exports, browser, minified + gzip -9)',
    '',
    'An application folder whose `node_modules/agentwire` is the package imports it by name, so every',
    'import resolves through `exports` to `dist/`, as after installing agentwire.',
    '',
    '| import | esbuild | Bun | budget |',
    '|---|---:|---:|---:|',
    ...sizes.map(
      (size) =>
        `| ${size.name} | ${kb(size.esbuild)} | ${kb(size.bun)} | ${size.budget ? `${kb(size.budget)} (${verdict(Math.max(size.esbuild, size.bun), size.budget)})` : ''} |`,
    ),
    '',
    `Run time: ${Math.round((Date.now() - started) / 1000)} s (after the decode processes).`,
    '',
    // What the figures above leave out: profiles and what was tried (written by hand, kept beside the code).
    ...(existsSync('bench/notes.md') ? [readFileSync('bench/notes.md', 'utf8')] : []),
  ];
  writeFileSync('docs/benchmarks.md', lines.join('\n'));
  console.log(lines.join('\n'));
}
