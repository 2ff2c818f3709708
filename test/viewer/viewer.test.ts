/**
 * The viewer end to end: `agentwire serve` from dist, a recorded conversation posted in batches,
 * and Debian's chromium reading it through the printed URL.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import conversation from '../fixtures/conversation.json';
import { requireBuild } from '../helpers/built';
import { needing } from '../helpers/components';
import { HOSTILE as ESCAPE_TEXT, ESCAPES, hostileTerminalEvents, rawControls } from '../helpers/terminal-escapes';
import { CHROMIUM, hasChromium, launchBrowser, post, type Served, startServe } from './harness';
import { ANSI_OUTPUT, HOSTILE_TEXT, hostileEvents } from './hostile-events';

const KEY = 'viewer-test-key';
const RECORDED = '6c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const HOSTILE = randomUUID();
const ESCAPING = randomUUID();
/** A conversation that starts while the list is shown. */
const LATER = randomUUID();
const events = conversation as unknown[];

const suite = needing(
  'chromium',
  hasChromium ? undefined : `no browser at ${CHROMIUM} (apt-get install -y chromium)`,
  'the viewer in a real browser',
);

describe.skipIf(!hasChromium)(suite, () => {
  let served: Served;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    requireBuild();
    served = await startServe(KEY);
    // The recorded conversation in the sender's batches of five (and its 32-hex id), all but the last nine events.
    for (let i = 0; i < 25; i += 5) await post(served.origin, KEY, RECORDED.replaceAll('-', ''), events.slice(i, i + 5));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    served?.stop();
  });

  it('signs in with the printed URL, then lands on a clean URL', async () => {
    await page.goto(served.viewerUrl);
    expect(page.url()).toBe(`${served.origin}/viewer/`);
    const cookies = await browser.context.cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite, cookie.path])).toEqual([
      ['agentwire_viewer', true, 'Strict', '/viewer'],
    ]);
    // The token worked once.
    const again = await fetch(served.viewerUrl, { redirect: 'manual' });
    expect(again.status).toBe(401);
  });

  it('lists the conversation with its first message, count and error badge', async () => {
    const entry = page.locator(`li[data-id="${RECORDED}"]`);
    await entry.waitFor();
    expect(await entry.locator('.title').textContent()).toBe('The checkout total ignores discounts. Please fix it and add a test.');
    expect(await entry.locator('.meta').textContent()).toContain('25 events');
    expect(await entry.locator('.badge').allTextContents()).toEqual(['running', '2 errors · MCPConnectionError']);
  });

  it('puts a conversation that gets events on top of the list as they are stored, without a reload', async () => {
    await page.evaluate(() => {
      (window as unknown as { __sameLoad?: boolean }).__sameLoad = true;
    });
    const first = page.locator('ol.conversations > li').first();
    await post(served.origin, KEY, LATER, events.slice(0, 1));
    await page.waitForFunction((id) => document.querySelector('ol.conversations > li')?.getAttribute('data-id') === id, LATER);
    expect(await first.locator('.meta').textContent()).toContain('1 events');
    expect(await page.locator('ol.conversations > li').evaluateAll((items) => items.map((item) => item.getAttribute('data-id')))).toEqual([
      LATER,
      RECORDED,
    ]);
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    expect(await page.locator('button.more').isHidden()).toBe(true);
  });

  it('shows the transcript: a command with its output, and errors that stand out', async () => {
    await page.locator(`li[data-id="${RECORDED}"] a`).click();
    const grep = page.locator('.item.tool', { hasText: 'grep -rn "total" src/checkout' });
    await grep.waitFor();
    expect(await grep.locator('.command').textContent()).toBe('grep -rn "total" src/checkout');
    expect(await grep.locator('.output').textContent()).toBe(
      'src/checkout/cart.ts:42:  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
    );
    expect(await grep.locator('.risk').textContent()).toBe('LOW');
    const errors = await page.locator('.item.row.error .row-text').allTextContents();
    expect(errors).toEqual([
      'AgentErrorEvent (file_editor): Error validating tool arguments: missing required field "path" for command "create".',
      'ServerErrorEvent: MCPConnectionError — The tool server at http://127.0.0.1:8931 did not answer within 30 s.',
    ]);
    expect(await page.locator('.branch button').allTextContents()).toEqual([
      '1. terminal: rm -rf node_modules && npm install',
      '2. file_editor: str_replace /workspace/shop/src/checkout/cart.ts',
    ]);
    await page.locator('.stream.live').waitFor();
  });

  it('shows a new batch as it arrives, without a reload and without moving the reader', async () => {
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      window.scrollTo(0, 300);
    });
    const before = await page.evaluate(() => ({ y: window.scrollY, bottom: document.documentElement.scrollHeight - window.innerHeight }));
    expect(before.y).toBe(300);
    expect(before.bottom).toBeGreaterThan(400);
    for (let i = 25; i < events.length; i += 5) await post(served.origin, KEY, RECORDED, events.slice(i, i + 5));
    await page.locator('.item.message.agent', { hasText: 'Done: discounts are now applied and covered by a test.' }).waitFor();
    await page.locator('.item.row.error', { hasText: 'SandboxStopped' }).waitFor();
    const after = await page.evaluate(() => ({
      y: window.scrollY,
      same: (window as unknown as { __sameDocument?: boolean }).__sameDocument,
    }));
    expect(after).toEqual({ y: 300, same: true });
    expect(await page.locator('.counts').textContent()).toBe('32 of 34 events shown');
  });

  it('switches branches and shows the raw JSON of an event', async () => {
    await page.locator('.branch button').first().click();
    await page.locator('.item.row', { hasText: 'rejected: No need to reinstall' }).waitFor();
    expect(await page.locator('.counts').textContent()).toBe('12 of 34 events shown');
    await page.locator('.item.tool', { hasText: 'grep -rn' }).locator('button.raw').click();
    const raw = await page.locator('dialog[open] pre').textContent();
    expect(JSON.parse(`[${(raw ?? '').replace(/\n\n(?=\{)/g, ',')}]`).map((event: { kind: string }) => event.kind)).toEqual([
      'ActionEvent',
      'ObservationEvent',
    ]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('.conversations').waitFor();
  });

  it('runs nothing from hostile events: markup, handlers, javascript: links and ANSI escapes stay text', async () => {
    await post(served.origin, KEY, HOSTILE, hostileEvents());
    await page.goto(`${served.origin}/viewer/#/c/${HOSTILE}`);
    await page.locator('.item.row.error').waitFor();
    await page.waitForTimeout(300);
    // The texts are there, as text.
    expect(await page.locator('.item.message.user .text').textContent()).toBe(HOSTILE_TEXT);
    expect(await page.locator('.item.tool .output').textContent()).toBe('FAIL cart.test.ts\nlink <svg onload="window.__pwned=1">');
    expect(ANSI_OUTPUT.includes('\u001b')).toBe(true);
    const dom = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      scripts: [...document.scripts].map((script) => script.getAttribute('src')),
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith('on')),
      ),
      links: [...document.querySelectorAll('a[href]')].map((anchor) => anchor.getAttribute('href')),
      images: [...document.querySelectorAll('.transcript img')].length,
      frames: document.querySelectorAll('iframe, object, embed, svg').length,
      escapes: (document.body.textContent ?? '').includes('\u001b'),
      title: document.title,
    }));
    expect(dom).toEqual({
      pwned: undefined,
      scripts: ['/viewer/assets/app.js'],
      handlers: [],
      links: ['#/', `/viewer/api/conversations/${HOSTILE}/events.jsonl`, 'https://example.com/docs'],
      images: 0,
      frames: 0,
      escapes: false,
      title: `${HOSTILE.slice(0, 8)} · agentwire`,
    });
    // Hovering and clicking what looks like a link runs nothing either.
    await page.locator('.item.tool .summary').hover();
    await page.locator('.item.message.user .text').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('shows control characters and bidirectional overrides as escapes, in the list, the transcript and the raw JSON', async () => {
    const batch = hostileTerminalEvents();
    await post(served.origin, KEY, ESCAPING, batch);
    /** The text and every attribute value of the page, and its raw control characters (a carriage return is only a space here). */
    const shown = async () => {
      const all = await page.evaluate(() =>
        [document.title, document.body.textContent ?? '']
          .concat(
            [...document.querySelectorAll('*')].flatMap((element) =>
              element.getAttributeNames().map((name) => element.getAttribute(name) ?? ''),
            ),
          )
          .join('\n'),
      );
      return { all, raw: rawControls(all, '\r') };
    };

    await page.goto(`${served.origin}/viewer/#/`);
    const entry = page.locator(`li[data-id="${ESCAPING}"]`);
    await entry.waitFor();
    expect(await entry.locator('.title').textContent()).toContain(
      '\\u0007 \\u0000 \\u007f safe EVIL txt.\\u202eexe \\u2066isolated\\u2069',
    );
    expect((await shown()).raw).toEqual([]);

    await page.goto(`${served.origin}/viewer/#/c/${ESCAPING}`);
    await page.locator('.item.row.error').waitFor();
    expect(await page.locator('.item.message.user .text').first().textContent()).toBe(
      '    \\u0007 \\u0000 \\u007f safe\rEVIL txt.\\u202eexe \\u2066isolated\\u2069',
    );
    expect(await page.locator('.item.tool .tool-name').textContent()).toBe('terminal\\u001b]0;pwned title\\u0007txt.\\u202eexe');
    const transcript = await shown();
    expect(transcript.raw).toEqual([]);
    expect(transcript.all).toContain(`2025-01-02T03:04:05.000000\\u001b]52;c;cm0gLXJmIH4K\\u0007`);

    // The raw JSON: still JSON of the very values sent.
    await page.locator('.item.tool button.raw').click();
    const raw = (await page.locator('dialog[open] pre').textContent()) ?? '';
    expect(rawControls(raw)).toEqual([]);
    const [action] = JSON.parse(`[${raw.replace(/\n\n(?=\{)/g, ',')}]`) as Record<string, unknown>[];
    expect(action).toMatchObject({ tool_name: `terminal${ESCAPES.title}${ESCAPES.rlo}`, summary: ESCAPE_TEXT });
    expect((await shown()).raw).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('downloads the conversation as JSON Lines', async () => {
    const response = await page.request.get(`${served.origin}/viewer/api/conversations/${RECORDED}/events.jsonl`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="${RECORDED}.jsonl"`);
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(events.map((event) => (event as { id: string }).id));
  });

  it('refuses every read endpoint without the key', async () => {
    const paths = [
      '/viewer/',
      '/viewer/assets/app.js',
      '/viewer/api/conversations',
      `/viewer/api/conversations/${RECORDED}/events`,
      `/viewer/api/conversations/${RECORDED}/stream`,
      `/viewer/api/conversations/${RECORDED}/events.jsonl`,
    ];
    const bare = await Promise.all(paths.map(async (path) => (await fetch(`${served.origin}${path}`)).status));
    expect(bare).toEqual(paths.map(() => 401));
    const wrong = await fetch(`${served.origin}/viewer/api/conversations`, {
      headers: { 'x-session-api-key': 'nope', cookie: 'agentwire_viewer=forged' },
    });
    expect(wrong.status).toBe(401);
    const keyed = await fetch(`${served.origin}/viewer/api/conversations`, { headers: { 'x-session-api-key': KEY } });
    expect(keyed.status).toBe(200);
    expect(served.output()).not.toContain(KEY);
  });
});
