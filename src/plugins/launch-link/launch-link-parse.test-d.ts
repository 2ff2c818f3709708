import { describe, expectTypeOf, it } from 'vitest';
import {
  createLaunchLink,
  type Diagnostic,
  type LaunchLinkAnswer,
  type LaunchLinkFailureCode,
  type LaunchPlugin,
  type ParseResult,
  type PluginSpec,
  parseLaunchLink,
  type UncheckedLaunchPlugin,
} from '../index';

describe('launch-link types', () => {
  it('gives checked plugins in tolerant mode and unchecked ones in service mode', () => {
    const tolerant = parseLaunchLink('plugins=x');
    if (tolerant.ok) expectTypeOf(tolerant.value.plugins).toEqualTypeOf<LaunchPlugin[]>();
    const explicit = parseLaunchLink('plugins=x', { mode: 'tolerant' });
    if (explicit.ok) expectTypeOf(explicit.value.plugins).toEqualTypeOf<LaunchPlugin[]>();
    const service = parseLaunchLink(new URL('https://app.example.com/launch'), { mode: 'service' });
    if (service.ok) {
      expectTypeOf(service.value.plugins).toEqualTypeOf<UncheckedLaunchPlugin[]>();
      expectTypeOf(service.value.plugins[0]?.ref).toEqualTypeOf<unknown>();
      expectTypeOf(service.value.app).toEqualTypeOf<LaunchLinkAnswer>();
    } else {
      expectTypeOf(service.code).toEqualTypeOf<'invalid-format' | 'no-plugins'>();
      expectTypeOf(service.code).toEqualTypeOf<LaunchLinkFailureCode>();
      expectTypeOf(service.app).toEqualTypeOf<'ok' | 'invalid-format' | 'no-plugins'>();
      expectTypeOf(service.diagnostics).toEqualTypeOf<Diagnostic[]>();
    }
    // The toolkit's one result shape, with the app's answer on failure.
    expectTypeOf(tolerant).toMatchTypeOf<ParseResult<{ plugins: LaunchPlugin[]; message: string | undefined }>>();
  });

  it('takes what a plugin spec is and gives a link that is a string', () => {
    const plugins: PluginSpec[] = [{ source: 'github:o/r', parameters: { n: 1, list: [true, null], nested: { a: 'b' } } }];
    const link = createLaunchLink({ appUrl: 'https://app.example.com', plugins });
    expectTypeOf(link.url).toEqualTypeOf<string>();
    expectTypeOf(`${link}`).toEqualTypeOf<string>();
    // A tolerant plugin is a spec the next link can carry.
    const parsed = parseLaunchLink(link.url);
    if (parsed.ok) expectTypeOf(parsed.value.plugins).toMatchTypeOf<PluginSpec[]>();
  });
});
