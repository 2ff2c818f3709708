/**
 * What a browser without a viewer session meets on `agentwire serve` (from dist): the signed-out
 * page in the viewer's stylesheet, light and dark, under a strict policy; and the icon request
 * every browser makes, answered without counting as a refused request.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_LINK } from '../../src/viewer/server/signed-out';
import { requireBuild } from '../helpers/built';
import { needing } from '../helpers/components';
import { CHROMIUM, hasChromium, launchBrowser, type Served, startServe } from './harness';

const KEY = 'signed-out-key';

beforeAll(requireBuild);

/** The `href` of the page's stylesheet link. */
const stylesheetOf = (html: string) => /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];

describe('the signed-out page', () => {
  it('wears the viewer stylesheet, with its dark palette, and loads nothing from elsewhere', async () => {
    const served = await startServe(KEY);
    try {
      const page = await fetch(`${served.origin}/viewer/`);
      expect([page.status, page.headers.get('content-type')]).toEqual([401, 'text/html; charset=utf-8']);
      const policy = page.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      const html = await page.text();
      expect(html).toContain('<meta name="color-scheme" content="light dark">');
      expect(html).toContain('<main class="signed-out">');
      expect(html).toContain('/viewer?token=');
      expect(html).toContain('X-Session-API-Key');
      expect(html).toContain(ICON_LINK);
      // Nothing but the stylesheet and the inline icon: no script, no other origin.
      expect(html).not.toContain('<script');
      expect([...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => (match[1] as string).split(':')[0])).toEqual([
        'data',
        '/viewer/assets/app.css',
      ]);
      // The stylesheet, without a session: the viewer's own, dark palette and all.
      const href = stylesheetOf(html) as string;
      const style = await fetch(`${served.origin}${href}`);
      expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
      const css = await style.text();
      expect(css).toMatch(/@media ?\(prefers-color-scheme: ?dark\)/);
      expect(css).toContain('.signed-out');
      // The rest of the page still needs a session.
      expect((await fetch(`${served.origin}/viewer/assets/app.js`)).status).toBe(401);
      // A spent or guessed token gets the same page, saying so.
      const spent = await fetch(`${served.origin}/viewer?token=guess`, { redirect: 'manual' });
      expect(spent.status).toBe(401);
      expect(await spent.text()).toContain('already used');
      // The viewer's own page carries the same icon, so a signed-in browser does not ask for one either.
      expect(readFileSync(new URL('../../dist/viewer/index.html', import.meta.url), 'utf8')).toContain(ICON_LINK);
    } finally {
      served.stop();
    }
  });

  it('answers /favicon.ico with 204, and the summary does not count it as refused', async () => {
    const served = await startServe(KEY);
    try {
      const icon = await fetch(`${served.origin}/favicon.ico`);
      expect(icon.status).toBe(204);
      expect((await fetch(`${served.origin}/favicon.ico`, { method: 'HEAD' })).status).toBe(204);
      // A request the webhook does refuse, to see the count.
      expect((await fetch(`${served.origin}/somewhere/else`)).status).toBe(404);
      served.child.kill('SIGTERM');
      const [code] = await once(served.child, 'exit');
      expect(code).toBe(0);
      expect(served.output()).toMatch(/Received 0 events in 0 conversations; refused 1 request \(404: 1\)/);
      expect(served.output()).not.toContain('favicon');
    } finally {
      served.stop();
    }
  });
});

const suite = needing(
  'chromium',
  hasChromium ? undefined : `no browser at ${CHROMIUM} (apt-get install -y chromium)`,
  'the signed-out page in a real browser',
);

describe.skipIf(!hasChromium)(suite, () => {
  let served: Served;
  let browser: { context: BrowserContext; close(): Promise<void> };

  beforeAll(async () => {
    served = await startServe(KEY);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    served?.stop();
  });

  it('follows the system setting, light and dark, and asks the receiver for nothing but the stylesheet', async () => {
    const page = await browser.context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('401')) refused.push(message.text());
    });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    expect((await page.goto(`${served.origin}/viewer/`))?.status()).toBe(401);
    expect(await page.locator('h1').textContent()).toBe('Not signed in');
    expect(await background()).toBe('rgb(251, 251, 250)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(21, 23, 25)');
    expect(asked.filter((path) => path !== '/viewer/')).toEqual(['/viewer/assets/app.css']);
    expect(refused).toEqual([]);
    await page.close();
  });
});
