import { describe, expect, it } from 'vitest';
import { gzippedSize } from '../bench/gzipped-size';
import { ROOT } from './helpers/built';

const gzipped = (contents: string) => gzippedSize(contents, ROOT);

// Budgets of what browser and Worker bundles pay (docs/benchmarks.md has the current figures).
describe('bundle size budgets', () => {
  it('one kind guard stays under 1 KB and pulls no schema', async () => {
    expect(await gzipped("export { isActionEvent } from './src/events/index.ts';")).toBeLessThanOrEqual(1024);
  });

  it('the whole events codec stays under 30 KB', async () => {
    expect(await gzipped("export * from './src/events/index.ts';")).toBeLessThanOrEqual(30 * 1024);
  });

  it('the webhook core adds under 8 KB on top of the codec', async () => {
    const events = await gzipped("export * from './src/events/index.ts';");
    const both = await gzipped("export * from './src/events/index.ts'; export * from './src/webhooks/index.ts';");
    expect(both - events).toBeLessThanOrEqual(8 * 1024);
  });
});
