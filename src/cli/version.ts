/**
 * The package version, read from the package's own package.json wherever the code runs from
 * (the built `dist/cli/main.js`, or the sources in tests).
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The version of the agentwire package. */
export function packageVersion(): string {
  if (cached) return cached;
  // Without a module URL (code bundled into a CommonJS file by someone else) there is nothing to find.
  if (typeof import.meta.url !== 'string') return '0.0.0';
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'agentwire' && manifest.version) {
        cached = manifest.version;
        return cached;
      }
    }
    if (dirname(folder) === folder) return '0.0.0';
  }
}
