/**
 * Starting the harness (`harness/`) under each runtime, in a project where `agentwire` is the
 * packed package: Node (the harness bundled with its packages left external), Bun and Deno (the
 * TypeScript run as is), workerd through Miniflare (the Worker bundled as Wrangler does, without
 * `nodejs_compat`). Each listens on 127.0.0.1 only.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../helpers/built';

/** A runtime serving the harness. */
export interface Running {
  /** The base URL that serves an example (and the harness routes, with no example). */
  url(example?: string): string;
  close(): Promise<void>;
}

/** A runtime the suite knows. */
export interface Runtime {
  name: 'node' | 'bun' | 'deno' | 'workerd';
  /** The examples its harness serves. */
  examples: string[];
  /** One example per distinct server code path, for the repeated large-body probe. */
  probe: string[];
  /** Why it cannot run here (its package is not installed, or its binary does not run), if so. */
  unavailable(): string | undefined;
  /** Starts the harness in `project` with the webhook key. */
  start(project: string, key: string): Promise<Running>;
}

const require = createRequire(import.meta.url);
const STARTUP_MS = 30_000;

/** Copies the harness and the examples it serves into the project, in the repository's layout. */
export function copyHarness(project: string): void {
  cpSync(join(ROOT, 'test/runtimes/harness'), join(project, 'test/runtimes/harness'), { recursive: true });
  cpSync(join(ROOT, 'examples/webhooks'), join(project, 'examples/webhooks'), { recursive: true });
}

function binary(name: string): string {
  return join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

/** Why a runtime shipped as an npm package's binary cannot run, if so. */
function binaryUnavailable(name: string): string | undefined {
  const path = binary(name);
  if (!existsSync(path)) return `the ${name} package is not installed (it is a devDependency: run npm install)`;
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: STARTUP_MS });
  if (result.status === 0) return undefined;
  return `the ${name} package is installed but its binary does not run: ${result.error?.message ?? result.stderr.trim()}`;
}

/** Spawns a harness process and waits for the JSON line with its port(s). */
function serve(command: string, args: string[], project: string, env: Record<string, string>): Promise<Running> {
  const child = spawn(command, args, { cwd: project, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: ${reason}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no port after ${STARTUP_MS} ms`), STARTUP_MS);
    child.on('error', (error) => fail(error.message));
    child.on('exit', (code) => fail(`exited with ${code} before listening`));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n', 2);
      if (line.length < 2) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const { port, ports = {} } = JSON.parse(line[0] as string) as { port: number; ports?: Record<string, number> };
      resolve({
        url: (example) => `http://127.0.0.1:${example === undefined ? port : (ports[example] ?? port)}`,
        close: () => stop(child),
      });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const harness = (project: string, name: string) => join(project, 'test/runtimes/harness', name);

/** The runtimes, in the order the suite runs them. */
export const RUNTIMES: Runtime[] = [
  {
    name: 'node',
    examples: ['edge', 'hono', 'next', 'node-http'],
    // node:http through the Node adapter, and Web fetch through @hono/node-server.
    probe: ['node-http', 'edge'],
    unavailable: () => undefined,
    async start(project, key) {
      // Node 20 does not run TypeScript: bundle the harness, leaving every package to Node's resolution.
      const outfile = join(project, 'harness-node.mjs');
      await build({
        entryPoints: [harness(project, 'node.ts')],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'error',
      });
      return serve(process.execPath, [outfile], project, { WEBHOOK_KEY: key });
    },
  },
  {
    name: 'bun',
    examples: ['edge', 'hono', 'next'],
    probe: ['edge'],
    unavailable: () => binaryUnavailable('bun'),
    start: (project, key) => serve(binary('bun'), ['run', '--no-install', harness(project, 'bun.ts')], project, { WEBHOOK_KEY: key }),
  },
  {
    name: 'deno',
    examples: ['edge', 'hono', 'next'],
    probe: ['edge'],
    unavailable: () => binaryUnavailable('deno'),
    start: (project, key) =>
      serve(
        binary('deno'),
        ['run', '--sloppy-imports', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', '--no-prompt', harness(project, 'deno.ts')],
        project,
        { WEBHOOK_KEY: key, DENO_DIR: join(project, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
      ),
  },
  {
    name: 'workerd',
    examples: ['edge', 'hono', 'worker'],
    probe: ['worker'],
    unavailable() {
      try {
        require.resolve('miniflare');
      } catch {
        return 'the miniflare package is not installed (it is a devDependency: run npm install)';
      }
      return binaryUnavailable('workerd');
    },
    async start(project, key) {
      // What Wrangler does: one ES module bundle, resolved with the Worker conditions.
      const bundle = await build({
        entryPoints: [harness(project, 'worker.ts')],
        absWorkingDir: project,
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        conditions: ['workerd', 'worker'],
        target: 'es2022',
        logLevel: 'error',
      });
      const { Miniflare } = (await import('miniflare')) as typeof import('miniflare');
      const miniflare = new Miniflare({
        modules: true,
        script: bundle.outputFiles[0]?.text ?? '',
        compatibilityDate: '2026-04-01',
        bindings: { WEBHOOK_KEY: key },
        host: '127.0.0.1',
        port: 0,
      });
      const url = await miniflare.ready;
      return { url: () => url.origin, close: () => miniflare.dispose() };
    },
  },
];
