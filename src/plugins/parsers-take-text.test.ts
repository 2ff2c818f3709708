import { describe, expect, it } from 'vitest';
import {
  parseAuthorString,
  parseHooksConfig,
  parseLegacyMcpConfig,
  parseLegacyPluginManifest,
  parseMarketplace,
  parseMcpConfig,
  parsePluginManifest,
} from './index';

const FILE_PARSERS = {
  parseHooksConfig,
  parseLegacyMcpConfig,
  parseLegacyPluginManifest,
  parseMarketplace,
  parseMcpConfig,
  parsePluginManifest,
} as const;

describe('the parsers of file text', () => {
  it.each(Object.entries(FILE_PARSERS))('%s says to pass the text when given a parsed value', (name, parse) => {
    for (const value of [{ name: 'x' }, ['x'], new TextEncoder().encode('{}'), null]) {
      const call = () => (parse as (json: unknown, options: { file: string }) => unknown)(value, { file: 'f.json' });
      expect(call).toThrow(TypeError);
      expect(call).toThrow(new RegExp(`^${name} takes the file's text, not `));
    }
  });

  it('parseAuthorString says the same of a value that is not text', () => {
    expect(() => parseAuthorString({ name: 'Ada' } as unknown as string)).toThrow(
      /^parseAuthorString takes the file's text, not a value of type object/,
    );
  });
});
