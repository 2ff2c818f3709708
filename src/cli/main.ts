#!/usr/bin/env node
/**
 * The `agentwire` executable.
 * @module
 */
import { readFileSync } from 'node:fs';
import { processIO } from './io';
import { runCli } from './run';

function packageVersion(): string {
  // dist/cli/main.js → ../../package.json (also right for src/cli/main.ts).
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

runCli(process.argv.slice(2), processIO(), packageVersion()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agentwire: ${String(error)}\n`);
    process.exitCode = 70;
  },
);
