/**
 * The fixers, one per rule code. A code that is not here is never fixed.
 * @module
 */
import { marketplaceSourceFixer } from './marketplace-source';
import { quoteScalarFixer } from './quote-scalar';
import { removeBomFixer } from './remove-bom';
import { renameTriggerFixer } from './rename-trigger';
import type { Fixer } from './text-edit';

const FIXERS: readonly Fixer[] = [quoteScalarFixer, renameTriggerFixer, removeBomFixer, marketplaceSourceFixer];

/** The fixer of a rule code, if it has one. */
export function fixerFor(code: string): Fixer | undefined {
  return FIXERS.find((fixer) => fixer.code === code);
}

/** The rule codes `--fix` may fix, in the order the documentation lists them. */
export const FIXABLE_CODES: readonly string[] = FIXERS.map((fixer) => fixer.code);
