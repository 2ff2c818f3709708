/**
 * Budgets of what browser and Worker bundles pay, measured as an application meets the package:
 * the BUILT files (`dist/`, run `npm run build` first), reached through the package's `exports`,
 * bundled for browsers and minified by esbuild and by Bun's bundler, then gzip -9.
 * docs/benchmarks.md has the current figures.
 */
import { describe, expect, it } from 'vitest';
import { type Bundler, packageBundle } from '../bench/gzipped-size';
import { SIZE_BUDGETS, WEBHOOK_RECEIVER_IMPORT } from '../bench/sizes';
import { ROOT, requireBuild } from './helpers/built';

const KB = 1024;
const GUARD = "export { isActionEvent } from 'agentwire/events';";
const EVENTS = "export * from 'agentwire/events';";
const EVENTS_AND_WEBHOOKS = WEBHOOK_RECEIVER_IMPORT;
const LAUNCH_LINKS = "export { createLaunchLink, parseLaunchLink } from 'agentwire/plugins';";

const bundle = (contents: string, bundler: Bundler) => {
  requireBuild();
  return packageBundle(contents, bundler, ROOT);
};

describe.each(['esbuild', 'bun'] as const)('bundle size budgets, the built package bundled by %s', (bundler) => {
  it('resolves the package through its exports to the built files, never to src/', async () => {
    const { inputs } = await bundle(EVENTS, bundler);
    expect(inputs).toContain('dist/events/index.js');
    expect(inputs.filter((input) => input.startsWith('src/'))).toEqual([]);
  });

  it('one kind guard stays under 1 KB: no schema, no decoder comes with it', async () => {
    const { bytes } = await bundle(GUARD, bundler);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(SIZE_BUDGETS.guard);
  });

  it('the whole events codec stays under 32 KB', async () => {
    const { bytes } = await bundle(EVENTS, bundler);
    expect(bytes).toBeGreaterThan(10 * KB);
    expect(bytes).toBeLessThanOrEqual(SIZE_BUDGETS.events);
  });

  it('the webhook core adds under 9 KB on top of the codec', async () => {
    const [events, both] = await Promise.all([bundle(EVENTS, bundler), bundle(EVENTS_AND_WEBHOOKS, bundler)]);
    expect(both.bytes - events.bytes).toBeGreaterThan(0);
    expect(both.bytes - events.bytes).toBeLessThanOrEqual(SIZE_BUDGETS.webhooks);
  });

  it('making and reading launch links costs a page at most 3 KB', async () => {
    const { bytes, inputs } = await bundle(LAUNCH_LINKS, bundler);
    expect(inputs).toContain('dist/plugins/index.js');
    expect(bytes).toBeGreaterThan(1 * KB);
    expect(bytes).toBeLessThanOrEqual(SIZE_BUDGETS.launchLinks);
  });
});

it('the webhook receiver measured is every export of agentwire/webhooks but the event sender', async () => {
  const webhooks = await import('agentwire/webhooks');
  const sender = await import('../src/webhooks/sender/index');
  const measured = /export \{ ([^}]*) \} from 'agentwire\/webhooks'/.exec(WEBHOOK_RECEIVER_IMPORT)?.[1]?.split(', ');
  expect(measured?.sort()).toEqual(
    Object.keys(webhooks)
      .filter((name) => !(name in sender))
      .sort(),
  );
});
