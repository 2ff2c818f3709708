/** Temporary folders of the fault tests, removed when a test file ends (some hold 600 MiB sparse files). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new empty folder under `base` (default the system's temporary folder). */
export function tempFolder(prefix: string, base = tmpdir()): string {
  const dir = mkdtempSync(join(base, prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder made so far; call it in `afterAll`. */
export function removeTempFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
