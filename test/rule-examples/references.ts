/**
 * Examples of the rules of plugin references `{source, ref, repo_path}`, met in a launch link as
 * `agentwire launch-link inspect` checks each plugin it carries, and of `plugin@marketplace`
 * specifiers.
 */
import type { RuleExamples } from './types';

/** A launch link carrying `plugins`. */
const launchLink = (plugins: unknown[]) =>
  `https://app.example.com/launch?plugins=${encodeURIComponent(Buffer.from(JSON.stringify(plugins)).toString('base64'))}`;

export const REFERENCES_EXAMPLES: RuleExamples = {
  'reference-wrong-type': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', ref: 2 }]),
    mode: 'service',
    note: 'Today\u2019s app passes the number on; the tolerant reading refuses the element itself (launch-link-bad-element).',
  },
  'reference-repo-path-absolute': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', repo_path: '/plugins/formatter' }]),
  },
  'reference-repo-path-parent': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', repo_path: 'plugins/../../formatter' }]),
  },
  'reference-repo-path-backslash': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', repo_path: 'plugins\\formatter' }]),
  },
  'reference-repo-path-empty': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', repo_path: '' }]),
  },
  'reference-repo-path-local': {
    kind: 'launch-link',
    link: launchLink([{ source: '/opt/tools', repo_path: 'plugins/formatter' }]),
  },
  'reference-ref-local': {
    kind: 'launch-link',
    link: launchLink([{ source: './plugins/formatter', ref: 'v1' }]),
  },
  'reference-ref-empty': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools', ref: '' }]),
  },
  'reference-specifier-invalid': {
    kind: 'specifier',
    specifier: 'formatter@',
    note: 'Read by `parsePluginSpecifier` of agentwire/plugins; no command takes a specifier.',
  },
};
