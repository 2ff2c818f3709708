/** Examples of the rules of launch links, read as `agentwire launch-link inspect` reads them. */
import type { RuleExamples } from './types';

const APP = 'https://app.example.com';

/** The `plugins` value of a link: the JSON of `plugins` as UTF-8, in base64, percent-encoded. */
const value = (plugins: unknown[], encoding: 'utf8' | 'latin1' = 'utf8') =>
  encodeURIComponent(Buffer.from(JSON.stringify(plugins), encoding).toString('base64'));

/** A launch link carrying `plugins`, then `query`. */
const launchLink = (plugins: unknown[], query = '') => `${APP}/launch?plugins=${value(plugins)}${query}`;

const FORMATTER = { source: 'github:acme/formatter' };

/** `levels` objects nested in one another. */
const nested = (levels: number): unknown => (levels === 0 ? 'deep' : { level: nested(levels - 1) });

export const LAUNCH_LINKS_EXAMPLES: RuleExamples = {
  'launch-link-too-long': {
    kind: 'launch-link',
    link: launchLink([{ ...FORMATTER, parameters: { style: 'x'.repeat(8000) } }]),
  },
  'launch-link-missing-padding': {
    kind: 'launch-link',
    // base64 of [{"source":"github:o/r"}] without its "=="
    link: `${APP}/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vciJ9XQ`,
    mode: 'tolerant',
  },
  'launch-link-raw-plus': {
    kind: 'launch-link',
    // base64 of [{"source":"github:o/r??","ref":"v>>>"}], whose "+" is not percent-encoded
    link: `${APP}/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vcj8/IiwicmVmIjoidj4+PiJ9XQ==`,
    mode: 'tolerant',
  },
  'launch-link-base64url': {
    kind: 'launch-link',
    // base64url of [{"source":"github:o/r??","ref":"v>>>"}]
    link: `${APP}/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vcj8_IiwicmVmIjoidj4-PiJ9XQ==`,
    mode: 'tolerant',
  },
  'launch-link-latin1': {
    kind: 'launch-link',
    link: `${APP}/launch?plugins=${value([{ ...FORMATTER, parameters: { greeting: 'Grüß Gott' } }], 'latin1')}`,
    mode: 'tolerant',
  },
  'launch-link-invalid-payload': {
    kind: 'launch-link',
    link: `${APP}/launch?plugins=${encodeURIComponent(Buffer.from('github:acme/formatter').toString('base64'))}`,
    note: 'The value is base64, but of a plain source instead of a JSON array.',
  },
  'launch-link-bad-element': {
    kind: 'launch-link',
    link: launchLink([{ repo: 'acme/formatter' }]),
  },
  'launch-link-too-deep': {
    kind: 'launch-link',
    link: launchLink([{ ...FORMATTER, parameters: { options: nested(100) } }]),
    mode: 'tolerant',
  },
  'launch-link-no-plugins': {
    kind: 'launch-link',
    link: `${APP}/launch?message=Format%20my%20code`,
  },
  'launch-link-unknown-key': {
    kind: 'launch-link',
    link: launchLink([{ ...FORMATTER, version: '1.2.0' }]),
  },
  'launch-link-message-tags': {
    kind: 'launch-link',
    link: launchLink([FORMATTER], `&message=${encodeURIComponent('Format <b>every</b> file')}`),
  },
  'launch-link-message-cut': {
    kind: 'launch-link',
    link: launchLink([FORMATTER], `&message=${encodeURIComponent(`Format every file. ${'Keep the style. '.repeat(40)}`)}`),
  },
  'launch-link-dev-form': {
    kind: 'launch-link',
    link: `${APP}/launch?plugin_source=${encodeURIComponent('github:acme/formatter')}`,
  },
  'launch-link-wrong-path': {
    kind: 'launch-link',
    link: `${APP}/conversations?plugins=${value([FORMATTER])}`,
  },
};
