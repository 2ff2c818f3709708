/**
 * `npm run test:unit`: the fast inner loop. Everything of `vitest.config.ts` but the suites that
 * need the built package (dist/, the packed tarball, the CLI as a process), a PostgreSQL server,
 * a browser or another runtime (Bun, Deno, workerd). Needs no build. `npm test` runs everything.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/** The suites `npm run test:unit` leaves to `npm test`, by what they need. */
const SLOW = [
  // The built package: dist/, the CLI run as a process, the packed tarball.
  'test/cli*.test.ts',
  'test/dist.test.ts',
  'test/serve*.test.ts',
  'test/size-budget.test.ts',
  'test/package*.test.ts',
  'test/plugins/launch-link-bundle.test.ts',
  'test/faults/serve*.test.ts',
  'test/stores/events-tail.test.ts',
  'test/stores/full-disk.test.ts',
  // The TypeScript compiler over every snippet of the docs.
  'test/docs-snippets.test.ts',
  // PostgreSQL.
  'test/stores/contract.test.ts',
  'test/stores/scale-out.test.ts',
  'test/gate/**',
  // A browser, other runtimes.
  'test/viewer/**',
  'test/runtimes/**',
];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: [...configDefaults.exclude, ...SLOW],
    globalSetup: [],
  },
});
