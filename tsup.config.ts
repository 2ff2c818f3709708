import { defineConfig } from 'tsup';

const library = {
  index: 'src/index.ts',
  'events/index': 'src/events/index.ts',
  'events/json-schema': 'src/events/json-schema.ts',
  'webhooks/index': 'src/webhooks/index.ts',
  'webhooks/node': 'src/webhooks/node.ts',
  'api/index': 'src/api/index.ts',
  'plugins/index': 'src/plugins/index.ts',
  'plugins/node': 'src/plugins/node.ts',
  'skills/index': 'src/skills/index.ts',
};

export default defineConfig([
  {
    entry: library,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
  },
  {
    // The executable: ESM only, no declarations.
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    target: 'node20',
    splitting: false,
    treeshake: true,
  },
]);
