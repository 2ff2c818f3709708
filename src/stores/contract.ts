/**
 * The event store contract as runnable checks: what every store must do (idempotent appends under
 * concurrent re-delivery, order, cursors, filters, summaries, watches, restarts). The checks use
 * no test framework; hand them to yours:
 *
 * ```ts
 * import { storeContract } from 'agentwire/stores/contract';
 * for (const check of storeContract({ create: () => createMyStore() })) test(check.name, check.run);
 * ```
 * Edge-safe.
 * @module agentwire/stores/contract
 */
import { appendChecks } from './contract/checks-append';
import { idChecks } from './contract/checks-ids';
import { readChecks } from './contract/checks-read';
import { recentChecks } from './contract/checks-recent';
import { watchChecks } from './contract/checks-watch';
import { createSubject, type StoreCheck, type StoreContractOptions } from './contract/subject';

export { StoreContractError } from './contract/assert';
export type { StoreCheck, StoreContractOptions } from './contract/subject';

/**
 * The checks a store must pass, each on a new store from `options.create`: appends, reads, the
 * restart checks when `options.reopen` is given, the `recentConversations` checks unless
 * `options.recent` is false, and the watch checks unless `options.watch` is false. Each check resolves, or rejects with a `StoreContractError` that says what differed.
 */
export function storeContract(options: StoreContractOptions): StoreCheck[] {
  const subject = createSubject(options);
  return [
    ...appendChecks(subject),
    ...idChecks(subject),
    ...readChecks(subject),
    ...(options.recent === false ? [] : recentChecks(subject)),
    ...(options.watch === false ? [] : watchChecks(subject)),
  ];
}
