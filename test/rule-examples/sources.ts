/**
 * Examples of the rules of plugin sources. A marketplace reports the warnings of a source object's
 * URL as they are, but turns its errors into `marketplace-source-invalid` and judges paths by its
 * own rules; those are met in a launch link, as `agentwire launch-link inspect` checks each plugin
 * it carries.
 */
import type { RuleExamples } from './types';

/** A launch link carrying `plugins`. */
const launchLink = (plugins: unknown[]) =>
  `https://app.example.com/launch?plugins=${encodeURIComponent(Buffer.from(JSON.stringify(plugins)).toString('base64'))}`;

/** A repository whose marketplace lists one plugin from `source`. */
const marketplace = (source: unknown) => {
  const marketplace = { name: 'tools', owner: { name: 'Tools team' }, plugins: [{ name: 'formatter', source }] };
  return { '.claude-plugin/marketplace.json': `${JSON.stringify(marketplace, null, 2)}\n` };
};

export const SOURCES_EXAMPLES: RuleExamples = {
  'source-empty': {
    kind: 'launch-link',
    link: launchLink([{ source: '' }]),
  },
  'source-github-shorthand-invalid': {
    kind: 'launch-link',
    link: launchLink([{ source: 'github:acme/tools/plugins/formatter' }]),
  },
  'source-unrecognized': {
    kind: 'launch-link',
    link: launchLink([{ source: 'formatter' }]),
  },
  'source-ssh-url': {
    kind: 'launch-link',
    link: launchLink([{ source: 'ssh://git@github.com/acme/formatter.git' }]),
  },
  'source-url-git-slash': {
    kind: 'launch-link',
    link: launchLink([{ source: 'https://github.com/acme/formatter.git/' }]),
  },
  'source-credentials': {
    files: marketplace({ source: 'url', url: 'https://oauth2:glpat-secret@gitlab.com/acme/formatter.git' }),
  },
  'source-windows-path': {
    kind: 'launch-link',
    link: launchLink([{ source: 'C:\\plugins\\formatter' }]),
  },
  'source-local-path': {
    kind: 'launch-link',
    link: launchLink([{ source: './plugins/formatter' }]),
  },
  'source-looks-like-github': {
    kind: 'launch-link',
    link: launchLink([{ source: 'acme/formatter' }]),
  },
  'source-whitespace': {
    files: marketplace({ source: 'url', url: ' https://github.com/acme/formatter.git' }),
  },
};
