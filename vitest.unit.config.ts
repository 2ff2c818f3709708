/**
 * `npm run test:unit`: the fast inner loop (under a minute on an idle 2-core machine). Everything
 * of `vitest.config.ts` but the suites that need the built package (dist/, the packed tarball, the
 * CLI as a process), a PostgreSQL server, a browser, another runtime (Bun, Deno, workerd), many git
 * processes or loads at scale. Needs no build. `npm test` runs everything.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/** The suites `npm run test:unit` leaves to `npm test`, by what they need. */
const SLOW = [
  // The built package: dist/, the CLI run as a process, the packed tarball.
  'test/cli*.test.ts',
  'test/github-action.test.ts',
  'test/dist.test.ts',
  'test/api-report.test.ts',
  'test/serve*.test.ts',
  'test/size-budget.test.ts',
  'test/package*.test.ts',
  'test/plugins/launch-link-bundle.test.ts',
  'test/faults/serve*.test.ts',
  'test/stores/serve-*.test.ts',
  'test/stores/events-tail.test.ts',
  'test/stores/full-disk.test.ts',
  // The TypeScript compiler over every snippet of the docs.
  'test/docs-snippets.test.ts',
  // PostgreSQL.
  'test/stores/contract.test.ts',
  'test/stores/postgres-*.test.ts',
  'test/stores/scale-out.test.ts',
  'test/gate/**',
  // A browser, other runtimes.
  'test/viewer/**',
  'test/runtimes/**',
  // Many git processes, loads at scale, and waits on lock heartbeats.
  'test/faults/hostile-sockets.test.ts',
  'test/stores/file-faults.test.ts',
  'test/skills/config-repository.test.ts',
  'test/skills/scale.test.ts',
  'test/toolkit-conformance/**',
];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: [...configDefaults.exclude, ...SLOW],
    globalSetup: [],
    // In-process tests only: the files share each worker's module cache (no test here depends on a
    // fresh module state), which halves the time.
    isolate: false,
  },
});
