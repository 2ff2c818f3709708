import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The suites that start processes, servers, a browser or other runtimes, or that need the built
 * package, a PostgreSQL server or loads at scale, by what they need. They run isolated, each file in
 * a fresh worker; `npm run test:unit` leaves them out.
 */
const PROCESSES = [
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
  // PostgreSQL.
  'test/stores/contract.test.ts',
  'test/stores/postgres-*.test.ts',
  'test/stores/scale-out.test.ts',
  'test/gate/**/*.test.ts',
  // A browser, other runtimes.
  'test/viewer/**/*.test.ts',
  'test/runtimes/**/*.test.ts',
  // Many git processes, loads at scale, and waits on lock heartbeats.
  'test/faults/hostile-sockets.test.ts',
  'test/stores/file-faults.test.ts',
  'test/skills/config-repository.test.ts',
  'test/skills/scale.test.ts',
  'test/toolkit-conformance/**/*.test.ts',
];

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'];

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples and tests import the package by its public name; the dist test covers the build.
    alias: [
      { find: /^agentwire\/events\/json-schema$/, replacement: src('events/json-schema.ts') },
      { find: /^agentwire\/events$/, replacement: src('events/index.ts') },
      { find: /^agentwire\/stores\/file$/, replacement: src('stores/file.ts') },
      { find: /^agentwire\/stores\/postgres$/, replacement: src('stores/postgres.ts') },
      { find: /^agentwire\/stores\/contract$/, replacement: src('stores/contract.ts') },
      { find: /^agentwire\/stores$/, replacement: src('stores/index.ts') },
      { find: /^agentwire\/webhooks\/node$/, replacement: src('webhooks/node.ts') },
      { find: /^agentwire\/webhooks$/, replacement: src('webhooks/index.ts') },
      { find: /^agentwire\/api$/, replacement: src('api/index.ts') },
      { find: /^agentwire\/plugins\/node$/, replacement: src('plugins/node.ts') },
      { find: /^agentwire\/plugins$/, replacement: src('plugins/index.ts') },
      { find: /^agentwire\/skills$/, replacement: src('skills/index.ts') },
      { find: /^agentwire\/validate$/, replacement: src('validate/index.ts') },
      { find: /^agentwire$/, replacement: src('index.ts') },
    ],
  },
  test: {
    // Hang guards, not measures: generous enough for a 2-core machine under heavy load (no test
    // asserts on time; speed is measured by `npm run bench`).
    testTimeout: 120_000,
    // Three workers, on a 2-core machine too: many suites wait on child processes, disks and
    // servers, and a third worker fills those waits (a whole run on 2 idle cores: 225 s with 2
    // workers, 212 and 216 s with 3, 229 s with 4; vitest's default leaves a core idle there).
    maxWorkers: 3,
    // One PostgreSQL server for the whole run, started only when a test file asks for it.
    globalSetup: ['test/stores/postgres-server.ts'],
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          // `npm run test:unit` (`--project in-process`): no build, no server, no other process. The
          // files share each worker's module cache (no test here depends on a fresh module state):
          // a third of the time of a fresh worker per file.
          name: 'in-process',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...PROCESSES],
          isolate: false,
          typecheck: {
            enabled: true,
            include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
            // The type tests and what they import: `npm run typecheck` checks the whole project.
            tsconfig: './tsconfig.typetests.json',
          },
        },
      },
      {
        extends: true,
        test: { name: 'processes', include: PROCESSES, exclude: [...configDefaults.exclude] },
      },
    ],
  },
});
