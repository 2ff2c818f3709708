/**
 * Suites that need something this machine may lack (a browser, root, a C compiler, a runtime).
 * Such a suite is skipped, never silently: its title carries a mark that names the component and
 * the reason, a warning is printed, and `scripts/test-summary.mjs` lists every marked suite on its
 * `skipped:` line (and fails the run when a component the run was meant to install is missing).
 */

/** The components a suite may need; the names `scripts/test-summary.mjs --require` takes. */
export type Component = 'chromium' | 'root' | 'c-compiler' | 'bun' | 'deno' | 'workerd';

/** The title of a suite that needs `component`, marked when `missing` says why it is absent. */
export function needing(component: Component, missing: string | undefined, title: string): string {
  if (missing === undefined) return title;
  console.warn(`\n*** SKIPPED: "${title}" needs ${component}: ${missing} ***\n`);
  return `${title} [skipped, needs ${component}: ${missing}]`;
}
