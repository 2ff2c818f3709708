/** Minified + gzipped bytes of what a browser or Worker bundle pulls, measured with esbuild. */
import { gzippedSize as gz } from './gzipped-size';

/** The sizes, in bytes, with the budgets of the performance issue. */
export async function benchSizes() {
  const events = await gz("export * from './src/events/index.ts';");
  const guard = await gz("export { isActionEvent } from './src/events/index.ts';");
  const withWebhooks = await gz("export * from './src/events/index.ts'; export * from './src/webhooks/index.ts';");
  const root = await gz("export * from './src/index.ts';");
  return [
    { name: 'one kind guard (`isActionEvent`)', bytes: guard, budget: 1024 },
    { name: '`agentwire/events`, whole', bytes: events, budget: 30 * 1024 },
    { name: '`agentwire/webhooks` core, on top of the events codec', bytes: withWebhooks - events, budget: 8 * 1024 },
    { name: '`agentwire` (root entry)', bytes: root },
  ];
}
