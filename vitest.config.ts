import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // Hang guards, not measures: generous enough for a 2-core machine under heavy load (no test
    // asserts on time; speed is measured by `npm run bench`).
    testTimeout: 120_000,
    // Both cores of a small machine (vitest's default leaves one idle there).
    maxWorkers: 2,
    // One PostgreSQL server for the whole run, started only when a test file asks for it.
    globalSetup: ['test/stores/postgres-server.ts'],
    hookTimeout: 180_000,
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
