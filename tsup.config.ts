import { defineConfig } from 'tsup';

const library = {
  index: 'src/index.ts',
  'events/index': 'src/events/index.ts',
  'events/json-schema': 'src/events/json-schema.ts',
  'stores/index': 'src/stores/index.ts',
  'stores/file': 'src/stores/file.ts',
  'stores/postgres': 'src/stores/postgres.ts',
  'stores/contract': 'src/stores/contract.ts',
  'webhooks/index': 'src/webhooks/index.ts',
  'webhooks/node': 'src/webhooks/node.ts',
  'api/index': 'src/api/index.ts',
  'plugins/index': 'src/plugins/index.ts',
  'plugins/node': 'src/plugins/node.ts',
  'skills/index': 'src/skills/index.ts',
  'validate/index': 'src/validate/index.ts',
};
const cli = { 'cli/main': 'src/cli/main.ts' };

export default defineConfig({
  // The executable is built with the library's ESM entries, so it imports their shared chunks
  // instead of carrying a second copy of the library; it has no CommonJS build and no declarations.
  entry: { ...library, ...cli },
  format: ['esm', 'cjs'],
  dts: { entry: library },
  esbuildOptions(options, { format }) {
    if (format === 'cjs') options.entryPoints = library;
  },
  // No source maps: the output is not minified and keeps the source's names and layout, and the
  // maps were two thirds of the package (see the README's "Package contents").
  sourcemap: false,
  target: 'node20',
  splitting: true,
  treeshake: true,
  // The PostgreSQL store loads node-postgres, an optional peer dependency, only when it is used.
  external: ['pg'],
});
