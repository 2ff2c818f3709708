/**
 * The built page (`dist/viewer`: index.html, app.js, app.css), found beside the running code.
 * Node only.
 * @module
 */
import { readFile } from 'node:fs/promises';

/** The page's three files. */
export interface ViewerAssets {
  html: string;
  script: string;
  style: string;
}

/** Folders where the build puts the page, relative to this code (built chunks, or the sources). */
const CANDIDATES = ['./viewer/', '../viewer/', '../../viewer/', '../../../dist/viewer/'];

/** Reads the built page, or `undefined` when it was not built. */
export async function loadAssets(): Promise<ViewerAssets | undefined> {
  for (const candidate of CANDIDATES) {
    const dir = new URL(candidate, import.meta.url);
    try {
      const [html, script, style] = await Promise.all(
        ['index.html', 'app.js', 'app.css'].map((name) => readFile(new URL(name, dir), 'utf8')),
      );
      return { html: html as string, script: script as string, style: style as string };
    } catch {}
  }
  return undefined;
}
