/**
 * `plugin@marketplace`: naming a plugin of a registered marketplace, and finding it in the
 * marketplaces a conversation has, with the service's failures (ambiguous, missing) as typed results.
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';
import { diagnostic } from '../../internal/diagnostic';
import type { ParseResult } from '../../internal/result';
import { defineRule, type Rule } from '../../internal/rule';
import { type MarketplaceSourceResolution, resolveMarketplaceSource } from './marketplace-source';
import type { Marketplace, MarketplacePluginEntry } from './marketplace-types';
import type { MarketplaceRegistration } from './registration';

/** A parsed `plugin@marketplace` (or a bare plugin name). */
export interface PluginSpecifier {
  plugin: string;
  /** The registration name after the last `@`; absent for a bare name. */
  marketplace?: string;
}

/** The specifier is empty, or one side of its `@` is. */
export const REFERENCE_SPECIFIER_INVALID = /* @__PURE__ */ defineRule({
  code: 'reference-specifier-invalid',
  severity: 'error',
  title: 'A plugin specifier is not `plugin` or `plugin@marketplace`',
  description: 'The service splits on the last `@` and refuses an empty specifier or an empty plugin or marketplace name.',
  hint: 'Write `plugin-name` or `plugin-name@marketplace-name`.',
  example: 'formatter@',
});

/** The rules of plugin specifiers. */
export const SPECIFIER_RULES: readonly Rule[] = [REFERENCE_SPECIFIER_INVALID];

/** Parses `plugin@marketplace`, splitting on the last `@` as the service does (`a@b@c` is plugin `a@b` of marketplace `c`). Never throws. */
export function parsePluginSpecifier(text: string, options: { file?: string } = {}): ParseResult<PluginSpecifier> {
  const file = options.file ?? '<input>';
  const fail = (message: string): ParseResult<PluginSpecifier> => ({
    ok: false,
    diagnostics: [diagnostic(REFERENCE_SPECIFIER_INVALID, { file, message })],
  });
  if (typeof text !== 'string' || text === '') return fail('The plugin specifier is empty; the service refuses it.');
  const at = text.lastIndexOf('@');
  if (at < 0) return { ok: true, value: { plugin: text }, diagnostics: [] };
  const plugin = text.slice(0, at);
  const marketplace = text.slice(at + 1);
  if (plugin === '' || marketplace === '')
    return fail(`"${text}" has an empty ${plugin === '' ? 'plugin' : 'marketplace'} name; the service refuses it.`);
  return { ok: true, value: { plugin, marketplace }, diagnostics: [] };
}

/** A registration with the marketplace it loaded (already fetched and parsed by the caller). */
export interface RegisteredMarketplace {
  registration: MarketplaceRegistration;
  marketplace: Marketplace;
  /** The folder the marketplace was loaded from; `<registration name>` when omitted. Relative sources resolve against it. */
  root?: string;
  /** For `personal` registrations the owner's user id, for `org` ones the organization's id. */
  owner?: string;
}

/** Why a plugin could not be resolved. The base of the lookup failures. */
export class PluginResolutionError extends AgentwireError {
  override name = 'PluginResolutionError';
}

/** A bare plugin name found in several marketplaces. */
export class AmbiguousPluginError extends PluginResolutionError {
  override name = 'AmbiguousPluginError';
  constructor(
    readonly pluginName: string,
    readonly matchingMarketplaces: readonly string[],
  ) {
    super(
      `Plugin '${pluginName}' is ambiguous; found in multiple marketplaces: ${matchingMarketplaces.join(', ')}. Use '${pluginName}@<marketplace-name>'.`,
    );
  }
}

/** A plugin in none of the marketplaces searched. */
export class PluginNotFoundError extends PluginResolutionError {
  override name = 'PluginNotFoundError';
  constructor(
    readonly pluginName: string,
    readonly marketplaceName?: string,
  ) {
    super(
      marketplaceName === undefined
        ? `Plugin '${pluginName}' not found in any registered marketplace`
        : `Plugin '${pluginName}' not found in marketplace '${marketplaceName}'`,
    );
  }
}

/** A `plugin@marketplace` naming a marketplace that is not registered. */
export class MarketplaceNotFoundError extends PluginResolutionError {
  override name = 'MarketplaceNotFoundError';
  constructor(readonly marketplaceName: string) {
    super(`Marketplace '${marketplaceName}' is not registered`);
  }
}

/** What {@link findPlugin} gives: the entry, its marketplace and both resolutions of its source, or a typed failure. */
export type PluginLookupResult =
  | { ok: true; plugin: MarketplacePluginEntry; marketplace: RegisteredMarketplace; resolution: MarketplaceSourceResolution }
  | { ok: false; error: PluginResolutionError };

/**
 * Finds a plugin as the service's registry does: `name@marketplace` in that registration (the
 * first entry of that name), a bare name in every registration (ambiguous when several have it).
 * Registrations are keyed by their registration name, not the marketplace file's `name`; a repeated
 * registration name fails as the service fails. Returns failures, never throws.
 */
export function findPlugin(specifier: string | PluginSpecifier, marketplaces: readonly RegisteredMarketplace[]): PluginLookupResult {
  let wanted: PluginSpecifier;
  if (typeof specifier === 'string') {
    const parsed = parsePluginSpecifier(specifier);
    if (!parsed.ok) return { ok: false, error: new PluginResolutionError(parsed.diagnostics[0]?.message ?? 'Invalid plugin specifier') };
    wanted = parsed.value;
  } else {
    wanted = specifier;
  }
  const names = new Set<string>();
  for (const entry of marketplaces) {
    if (names.has(entry.registration.name))
      return { ok: false, error: new PluginResolutionError(`Duplicate marketplace registration: ${entry.registration.name}`) };
    names.add(entry.registration.name);
  }
  const found = (registered: RegisteredMarketplace, plugin: MarketplacePluginEntry): PluginLookupResult => ({
    ok: true,
    plugin,
    marketplace: registered,
    resolution: resolveMarketplaceSource(plugin, {
      marketplaceRoot: registered.root ?? `<${registered.registration.name}>`,
      marketplace: registered.registration,
    }),
  });
  if (wanted.marketplace !== undefined) {
    const registered = marketplaces.find((entry) => entry.registration.name === wanted.marketplace);
    if (!registered) return { ok: false, error: new MarketplaceNotFoundError(wanted.marketplace) };
    const plugin = registered.marketplace.plugins.find((entry) => entry.name === wanted.plugin);
    return plugin ? found(registered, plugin) : { ok: false, error: new PluginNotFoundError(wanted.plugin, wanted.marketplace) };
  }
  const matches: [RegisteredMarketplace, MarketplacePluginEntry][] = [];
  for (const registered of marketplaces) {
    const plugin = registered.marketplace.plugins.find((entry) => entry.name === wanted.plugin);
    if (plugin) matches.push([registered, plugin]);
  }
  const [first] = matches;
  if (!first) return { ok: false, error: new PluginNotFoundError(wanted.plugin) };
  if (matches.length > 1)
    return {
      ok: false,
      error: new AmbiguousPluginError(
        wanted.plugin,
        matches.map(([registered]) => registered.registration.name),
      ),
    };
  return found(first[0], first[1]);
}

/** {@link findPlugin} that throws its {@link PluginResolutionError} instead of returning it. */
export function findPluginOrThrow(
  specifier: string | PluginSpecifier,
  marketplaces: readonly RegisteredMarketplace[],
): Extract<PluginLookupResult, { ok: true }> {
  const result = findPlugin(specifier, marketplaces);
  if (!result.ok) throw result.error;
  return result;
}
