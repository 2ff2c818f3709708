// @ts-check
// Writing a generator's output folders, or checking that the committed ones are what it generates.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './spec.mjs';

/**
 * One generated file: its path, relative to its output folder, and its text.
 * @typedef {{ path: string, text: string }} GeneratedFile
 */

/**
 * An output folder, relative to the repository, and every file it holds.
 * @typedef {{ dir: string, files: GeneratedFile[] }} Output
 */

/**
 * Every file below `dir`, as paths relative to it (none when it does not exist).
 * @param {string} dir
 */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
}

/**
 * With `check`, exits 1 naming the stale files when a folder differs from `files` (a file changed,
 * missing, or there but not generated); otherwise replaces each folder with its files.
 * @param {Output[]} outputs
 * @param {boolean} check
 */
export function writeOrCheck(outputs, check) {
  const dirs = outputs.map(({ dir }) => dir).join(' and ');
  if (check) {
    /** @type {string[]} */
    const stale = [];
    for (const { dir, files } of outputs) {
      const full = join(ROOT, dir);
      const expected = new Map(files.map((file) => [file.path, file.text]));
      for (const [path, text] of expected) {
        if (!existsSync(join(full, path)) || readFileSync(join(full, path), 'utf8') !== text) stale.push(`${dir}/${path}`);
      }
      for (const path of listFiles(full)) if (!expected.has(path)) stale.push(`${dir}/${path} (not generated)`);
    }
    if (stale.length > 0) {
      console.error(`${dirs} ${outputs.length > 1 ? 'are' : 'is'} out of date (${stale.length} files): ${stale.slice(0, 10).join(', ')}`);
      console.error('Run `npm run generate` and commit the result.');
      process.exit(1);
    }
    const count = outputs.reduce((n, { files }) => n + files.length, 0);
    console.log(`${dirs} ${outputs.length > 1 ? 'are' : 'is'} up to date (${count} files).`);
    return;
  }
  for (const { dir, files } of outputs) {
    const full = join(ROOT, dir);
    rmSync(full, { recursive: true, force: true });
    for (const file of files) {
      mkdirSync(dirname(join(full, file.path)), { recursive: true });
      writeFileSync(join(full, file.path), file.text);
    }
    console.log(`wrote ${files.length} files to ${dir}`);
  }
}

/**
 * Runs a generator when its module is the script node was started with (`url` its
 * `import.meta.url`): `generate` gets whether `--check` was given and returns the outputs, which
 * are then written or checked. A generator that throws prints its message and exits 1.
 * @param {string} url
 * @param {(check: boolean) => Output[]} generate
 */
export function runGenerator(url, generate) {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(url)) return;
  const check = process.argv.slice(2).includes('--check');
  let outputs;
  try {
    outputs = generate(check);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
  writeOrCheck(outputs, check);
}
