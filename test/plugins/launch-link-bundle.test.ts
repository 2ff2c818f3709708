/**
 * `agentwire/plugins` in a browser bundle: no Node built-in pulled in, the launch-link functions
 * running where only Web globals exist, and what a page pays for making and reading links.
 */
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { gzippedSize } from '../../bench/gzipped-size';
import { ROOT } from '../helpers/built';

const BUILTINS = new Set(builtinModules);

/** Fails the build on any import of a Node built-in (`node:fs`, `fs`, `fs/promises`…). */
const refuseNode: Plugin = {
  name: 'refuse-node-builtins',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, ({ path, importer }) => {
      const bare = path.replace(/^node:/, '');
      if (path.startsWith('node:') || BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0] as string)) {
        return { errors: [{ text: `${importer} imports the Node built-in ${path}` }] };
      }
      return undefined;
    });
  },
};

async function bundlePlugins(format: 'esm' | 'iife') {
  return build({
    entryPoints: [join(ROOT, 'src/plugins/index.ts')],
    bundle: true,
    platform: 'browser',
    format,
    globalName: 'agentwirePlugins',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [refuseNode],
  });
}

describe('agentwire/plugins in a browser bundle', () => {
  it('pulls in no Node built-in and no Node-only area', async () => {
    const result = await bundlePlugins('esm');
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((input) => input.startsWith('node:') || BUILTINS.has(input))).toEqual([]);
    expect(inputs.filter((input) => /src\/skills\/|simple-git|gray-matter/.test(input))).toEqual([]);
    expect(inputs).toContain('src/plugins/launch-link/launch-link-parse.ts');
  });

  it('makes and reads launch links where only Web globals exist (no Buffer, no process)', async () => {
    const result = await bundlePlugins('iife');
    const context = createContext({ URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa });
    runInContext(result.outputFiles[0]?.text ?? '', context);
    const { createLaunchLink, parseLaunchLink, formatPluginParameters } = context.agentwirePlugins;
    expect(runInContext('typeof Buffer + typeof process + typeof require', context)).toBe('undefinedundefinedundefined');
    const link = createLaunchLink({
      appUrl: 'https://app.example.com',
      plugins: [{ source: 'github:o/r', parameters: { city: 'Zürich' } }],
    });
    expect(link.url).toBe(
      'https://app.example.com/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vciIsInBhcmFtZXRlcnMiOnsiY2l0eSI6IlrDvHJpY2gifX1d',
    );
    const parsed = parseLaunchLink(`${link.url}&message=Hi`);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      ok: true,
      value: { plugins: [{ source: 'github:o/r', ref: null, repo_path: null, parameters: { city: 'Zürich' } }], message: 'Hi', app: 'ok' },
      diagnostics: [],
    });
    expect(formatPluginParameters(parsed.value.plugins)).toBe('\n\nPlugin Configuration Parameters:\n- city: Zürich');
  });
});

describe('what a page pays for launch links, from the built package', () => {
  it('createLaunchLink + parseLaunchLink stay under 3 KB gzipped', async () => {
    if (!existsSync(join(ROOT, 'dist/plugins/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
    // tsconfigRaw: resolve `agentwire/plugins` through the package's own exports (dist/), not the repository's tsconfig paths.
    const size = await gzippedSize("export { createLaunchLink, parseLaunchLink } from 'agentwire/plugins';", ROOT, {
      tsconfigRaw: '{}',
      metafile: true,
    });
    expect(size).toBeGreaterThan(1024);
    expect(size).toBeLessThanOrEqual(3 * 1024);
  });

  it('measures the built files, not the sources', async () => {
    const result = await build({
      stdin: { contents: "export { createLaunchLink } from 'agentwire/plugins';", resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      tsconfigRaw: '{}',
    });
    expect(Object.keys(result.metafile.inputs)).toContain('dist/plugins/index.js');
  });
});
