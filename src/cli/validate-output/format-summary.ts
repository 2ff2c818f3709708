/**
 * The summary line every output format of `agentwire validate` ends with (or carries):
 * `3 errors, 1 warning in 42 files (18 skills, 2 plugins, 1 marketplace)`.
 * @module
 */
import type { Inventory, ValidationReport } from '../../validate/index';

/** `1 error`, `2 errors`. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The parts of the inventory the summary names, in its order. */
const INVENTORY_PARTS: readonly [keyof Omit<Inventory, 'files'>, string, string][] = [
  ['skills', 'skill', 'skills'],
  ['plugins', 'plugin', 'plugins'],
  ['marketplaces', 'marketplace', 'marketplaces'],
  ['contextFiles', 'context file', 'context files'],
  ['configRepositories', 'configuration repository', 'configuration repositories'],
  ['hooks', 'hooks file', 'hooks files'],
  ['toolServers', 'tool-server file', 'tool-server files'],
];

/** `18 skills, 2 plugins, 1 marketplace`: what was found, leaving out what was not; empty when nothing was. */
export function formatInventory(inventory: Inventory): string {
  return INVENTORY_PARTS.filter(([key]) => inventory[key] > 0)
    .map(([key, singular, plural]) => countOf(inventory[key], singular, plural))
    .join(', ');
}

/**
 * `3 errors, 1 warning in 42 files (18 skills, 2 plugins, 1 marketplace)`. Infos are named only
 * when there are some (`…, 1 warning, 2 infos in …`); the parenthesis is left out when nothing
 * was found. With a baseline the counts are of new findings, and `; baseline: 4 known, 1 fixed`
 * follows; `; 2 suppressed` when suppression comments left findings out.
 */
export function formatSummary(report: ValidationReport): string {
  const { errors, warnings, infos } = report.summary;
  const counts = [countOf(errors, 'error'), countOf(warnings, 'warning'), ...(infos > 0 ? [countOf(infos, 'info')] : [])];
  const found = formatInventory(report.inventory);
  const baseline = report.baseline ? `; baseline: ${report.baseline.known} known, ${report.baseline.fixed} fixed` : '';
  const suppressed = report.suppressed ? `; ${report.suppressed} suppressed` : '';
  return `${counts.join(', ')} in ${countOf(report.inventory.files, 'file')}${found === '' ? '' : ` (${found})`}${baseline}${suppressed}`;
}
