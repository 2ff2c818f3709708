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

const IMPORTS = {
  guard: "export { isActionEvent } from 'agentwire/events';",
  events: "export * from 'agentwire/events';",
  webhooks: "export * from 'agentwire/events'; export * from 'agentwire/webhooks';",
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

/** The sizes, in bytes, with the budgets of the performance issue. Needs `npm run build` first. */
export async function benchSizes(): Promise<SizeRow[]> {
  const esbuild = await measure('esbuild');
  const bun = await measure('bun');
  return [
    { name: 'one kind guard (`isActionEvent`)', esbuild: esbuild.guard, bun: bun.guard, budget: 1024 },
    { name: '`agentwire/events`, whole', esbuild: esbuild.events, bun: bun.events, budget: 30 * 1024 },
    {
      name: '`agentwire/webhooks` core, on top of the events codec',
      esbuild: esbuild.webhooks - esbuild.events,
      bun: bun.webhooks - bun.events,
      budget: 8 * 1024,
    },
    { name: '`createLaunchLink` + `parseLaunchLink`', esbuild: esbuild.launchLinks, bun: bun.launchLinks, budget: 3 * 1024 },
    { name: '`agentwire` (root entry)', esbuild: esbuild.root, bun: bun.root },
  ];
}
