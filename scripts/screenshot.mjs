#!/usr/bin/env node
// @ts-check
// `npm run screenshot`: takes the README's picture of the viewer, docs/viewer.png. Starts
// `agentwire serve` from dist/ (run `npm run build` first) on a temporary folder, posts the recorded
// conversation of test/fixtures/conversation.json in batches of five, opens the printed viewer URL
// in Debian's chromium (playwright-core) and photographs the transcript.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTPUT = join(ROOT, 'docs/viewer.png');
const KEY = 'screenshot-key';
// A fixed id, so the picture is the same from run to run.
const CONVERSATION = '6c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

/** @param {string} message */
function fail(message) {
  console.error(`screenshot: ${message}`);
  process.exit(1);
}

if (!existsSync(CLI)) fail('dist/cli/main.js is missing: run npm run build first');
if (!existsSync(BROWSER)) fail(`no browser at ${BROWSER} (apt-get install -y chromium, or set CHROMIUM_PATH)`);

const folder = mkdtempSync(join(tmpdir(), 'agentwire-screenshot-'));
const serve = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', join(folder, 'data'), '--api-key', KEY, '--quiet'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let printed = '';
serve.stdout.on('data', (chunk) => {
  printed += chunk;
});
serve.stderr.on('data', (chunk) => {
  printed += chunk;
});

/** @returns {Promise<{ origin: string, viewerUrl: string }>} */
function started() {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${printed}`)), 60_000);
    const poll = setInterval(() => {
      const origin = /listening on (\S+)/.exec(printed)?.[1];
      const viewerUrl = /viewer URL\s+(\S+)/.exec(printed)?.[1];
      if (!origin || !viewerUrl) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ origin, viewerUrl });
    }, 20);
  });
}

const profile = mkdtempSync(join(tmpdir(), 'agentwire-chromium-'));
try {
  const { origin, viewerUrl } = await started();
  const events = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/conversation.json'), 'utf8'));
  for (let i = 0; i < events.length; i += 5) {
    const response = await fetch(`${origin}/api/v1/webhooks/events/${CONVERSATION}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
      body: JSON.stringify(events.slice(i, i + 5)),
    });
    if (response.status !== 200) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: BROWSER,
    headless: true,
    viewport: { width: 1100, height: 900 },
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
  try {
    const page = await context.newPage();
    await page.goto(viewerUrl);
    await page.locator(`li[data-id="${CONVERSATION}"] a`).click();
    await page.locator('.item.message.agent', { hasText: 'Done: discounts are now applied' }).waitFor();
    await page.locator('.stream.live').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: OUTPUT });
    console.log(`wrote ${OUTPUT}`);
  } finally {
    await context.close();
  }
} finally {
  serve.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
