import { describe, expectTypeOf, it } from 'vitest';
import {
  createLaunchLink,
  type LaunchLinkNote,
  type LaunchPlugin,
  type PluginSpec,
  parseLaunchLink,
  type UncheckedLaunchPlugin,
} from '../index';

describe('launch-link types', () => {
  it('gives checked plugins in tolerant mode and unchecked ones in service mode', () => {
    const tolerant = parseLaunchLink('plugins=x');
    if (tolerant.ok) expectTypeOf(tolerant.plugins).toEqualTypeOf<LaunchPlugin[]>();
    const explicit = parseLaunchLink('plugins=x', { mode: 'tolerant' });
    if (explicit.ok) expectTypeOf(explicit.plugins).toEqualTypeOf<LaunchPlugin[]>();
    const service = parseLaunchLink(new URL('https://app.example.com/launch'), { mode: 'service' });
    if (service.ok) {
      expectTypeOf(service.plugins).toEqualTypeOf<UncheckedLaunchPlugin[]>();
      expectTypeOf(service.plugins[0]?.ref).toEqualTypeOf<unknown>();
    } else {
      expectTypeOf(service.error.code).toEqualTypeOf<'invalid_format' | 'no_plugins'>();
      expectTypeOf(service.error.problems).toEqualTypeOf<LaunchLinkNote[]>();
    }
  });

  it('takes what a plugin spec is and gives a link that is a string', () => {
    const plugins: PluginSpec[] = [{ source: 'github:o/r', parameters: { n: 1, list: [true, null], nested: { a: 'b' } } }];
    const link = createLaunchLink({ appUrl: 'https://app.example.com', plugins });
    expectTypeOf(link.url).toEqualTypeOf<string>();
    expectTypeOf(`${link}`).toEqualTypeOf<string>();
    // A tolerant plugin is a spec the next link can carry.
    const parsed = parseLaunchLink(link.url);
    if (parsed.ok) expectTypeOf(parsed.plugins).toMatchTypeOf<PluginSpec[]>();
  });
});
