/**
 * Minified + gzipped bytes of what a browser or Worker bundle pulls from the BUILT package
 * (through its `exports`), with esbuild and with Bun's bundler.
 */
import { type Bundler, packageBundle } from './gzipped-size';

/** One row: what is imported, its size with each bundler, and its budget. */
export interface SizeRow {
  name: string;
  esbuild: number;
  bun: number;
  budget?: number;
}

/**
 * The events codec and every export of `agentwire/webhooks` but the event sender's: what a receiver
 * pays. A receiver's bundle leaves the sender out (about 3.4 KB), and a sender's the receiver.
 */
export const WEBHOOK_RECEIVER_IMPORT =
  "export * from 'agentwire/events'; export { compactConversationId, normalizeConversationId, " +
  'createWebhookHandler, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_EVENTS, createMemorySeenStore, ' +
  "storeListener } from 'agentwire/webhooks';";

const IMPORTS = {
  guard: "export { isActionEvent } from 'agentwire/events';",
  events: "export * from 'agentwire/events';",
  webhooks: WEBHOOK_RECEIVER_IMPORT,
  launchLinks: "export { createLaunchLink, parseLaunchLink } from 'agentwire/plugins';",
  root: "export * from 'agentwire';",
};

async function measure(bundler: Bundler): Promise<Record<keyof typeof IMPORTS, number>> {
  const sizes = {} as Record<keyof typeof IMPORTS, number>;
  for (const [name, contents] of Object.entries(IMPORTS)) {
    sizes[name as keyof typeof IMPORTS] = (await packageBundle(contents, bundler)).bytes;
  }
  return sizes;
}

const KB = 1024;

/** What each import may cost, gzipped (the budget tests in test/size-budget.test.ts check them too). */
export const SIZE_BUDGETS = {
  guard: 1 * KB,
  // 28.5 KB before the 1.43.1 models; their error classification (the classifier's codes and
  // words) and keeping unknown fields (unknownFields: 'keep') add about 2.5 KB.
  events: 32 * KB,
  // 7.9 KB before stores kept each event as it was sent (the body's items, found without a second
  // parse) and fields a newer server adds were told to listeners (unknownFields): about 0.6 KB.
  webhooks: 9 * KB,
  launchLinks: 3 * KB,
} as const;

/** The sizes, in bytes, with their budgets. Needs `npm run build` first. */
export async function benchSizes(): Promise<SizeRow[]> {
  const esbuild = await measure('esbuild');
  const bun = await measure('bun');
  return [
    { name: 'one kind guard (`isActionEvent`)', esbuild: esbuild.guard, bun: bun.guard, budget: SIZE_BUDGETS.guard },
    { name: '`agentwire/events`, whole', esbuild: esbuild.events, bun: bun.events, budget: SIZE_BUDGETS.events },
    {
      name: '`agentwire/webhooks` core (the receiver), on top of the events codec',
      esbuild: esbuild.webhooks - esbuild.events,
      bun: bun.webhooks - bun.events,
      budget: SIZE_BUDGETS.webhooks,
    },
    {
      name: '`createLaunchLink` + `parseLaunchLink`',
      esbuild: esbuild.launchLinks,
      bun: bun.launchLinks,
      budget: SIZE_BUDGETS.launchLinks,
    },
    { name: '`agentwire` (root entry)', esbuild: esbuild.root, bun: bun.root },
  ];
}
