/**
 * What the viewer's browser tests share: `agentwire serve` from the built package, posting
 * batches, and Debian's chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CLI } from '../helpers/built';

/** Where Debian puts chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser tests can run here. */
export const hasChromium = existsSync(CHROMIUM);

/** A running `agentwire serve`. */
export interface Served {
  /** `http://127.0.0.1:port`. */
  origin: string;
  /** The one-time viewer URL it printed. */
  viewerUrl: string;
  /** The process. */
  child: ChildProcess;
  output(): string;
  stop(): void;
}

/** Starts `agentwire serve` from dist on a free port and resolves once it printed its URLs. */
export function startServe(key: string): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-viewer-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data', join(dir, 'data'), '--api-key', key, '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      stop();
      reject(new Error(`serve did not start:\n${output}`));
    }, 60_000);
    const poll = setInterval(() => {
      const origin = /listening on (\S+)/.exec(output)?.[1];
      const viewerUrl = /viewer URL\s+(\S+)/.exec(output)?.[1];
      if (origin && viewerUrl) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ origin, viewerUrl, child, output: () => output, stop });
      }
    }, 20);
  });
}

/** Posts a batch to the webhook; throws unless it is accepted. */
export async function post(origin: string, key: string, conversation: string, batch: readonly unknown[]): Promise<void> {
  const response = await fetch(`${origin}/api/v1/webhooks/events/${conversation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': key },
    body: JSON.stringify(batch),
  });
  if (response.status !== 200) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
}

/** Launches chromium headless with a fresh profile (its own user data folder); `close` also removes the profile. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'agentwire-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
