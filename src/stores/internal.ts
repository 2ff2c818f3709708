/**
 * What other areas of the package use from `src/stores/` beyond its public entries (`index.ts`,
 * `file.ts`, `postgres.ts`, `contract.ts`): the webhook handler hands a store the exact JSON text
 * it received. Not a published subpath; other areas import these from here, never from the files
 * themselves.
 * @module
 */

export { rememberReceivedJson } from './stored-json';
