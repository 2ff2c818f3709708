#!/usr/bin/env node
/**
 * The `agentwire` executable.
 * @module
 */
import { processIO } from './io';
import { runCli } from './run';
import { packageVersion } from './version';

runCli(process.argv.slice(2), processIO(), packageVersion()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agentwire: ${String(error)}\n`);
    process.exitCode = 70;
  },
);
