/**
 * The store contract under vitest: every check of `agentwire/stores/contract` as a test. Any
 * store passes through here; `contract.test.ts` runs the memory, file and PostgreSQL stores.
 */
import { type StoreContractOptions, storeContract } from 'agentwire/stores/contract';
import { describe, it } from 'vitest';

/** Declares one test per check of the contract, in a `describe` named after the store. */
export function describeStoreContract(name: string, options: StoreContractOptions | (() => StoreContractOptions)): void {
  describe(`${name}: the event store contract`, () => {
    const resolved = typeof options === 'function' ? options() : options;
    for (const check of storeContract(resolved)) it(check.name, check.run);
  });
}
