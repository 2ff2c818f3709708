/**
 * Examples of the rules of marketplace registrations, checked by `parseMarketplaceRegistrations` of
 * agentwire/plugins (no command reads registrations).
 */
import type { RuleExamples } from './types';

const TEAM = { name: 'team', source: 'github:acme/marketplace' };

export const REGISTRATIONS_EXAMPLES: RuleExamples = {
  'registration-not-object': {
    kind: 'registrations',
    registrations: ['github:acme/marketplace'],
  },
  'registration-field-missing': {
    kind: 'registrations',
    registrations: [{ source: 'github:acme/marketplace' }],
  },
  'registration-wrong-type': {
    kind: 'registrations',
    registrations: [{ ...TEAM, auto_load: 'yes' }],
  },
  'registration-source-pattern': {
    kind: 'registrations',
    registrations: [{ name: 'team', source: 'https://user:token@gitlab.com/acme/marketplace.git' }],
  },
  'registration-source-unparsable': {
    kind: 'registrations',
    registrations: [{ name: 'team', source: 'marketplace' }],
    note: 'A bare word passes the app\u2019s pattern for relative paths; the agent server cannot classify it.',
  },
  'registration-source-local': {
    kind: 'registrations',
    registrations: [{ name: 'team', source: 'marketplaces/team' }],
  },
  'registration-repo-path-invalid': {
    kind: 'registrations',
    registrations: [{ ...TEAM, repo_path: '../marketplace' }],
  },
  'registration-repo-path-local': {
    kind: 'registrations',
    registrations: [{ name: 'team', source: 'marketplaces/team', repo_path: 'tools' }],
  },
  'registration-auto-load-list': {
    kind: 'registrations',
    registrations: [{ ...TEAM, auto_load: ['formatter'] }],
  },
  'registration-scope-invalid': {
    kind: 'registrations',
    registrations: [{ ...TEAM, scope: 'team' }],
  },
  'registration-scope-refused': {
    kind: 'registrations',
    registrations: [{ ...TEAM, scope: 'instance' }],
    allowedScopes: ['personal'],
    note: 'A user whose role registers only personal marketplaces.',
  },
  'registration-duplicate-name': {
    kind: 'registrations',
    registrations: [TEAM, { ...TEAM, source: 'github:acme/other-marketplace' }],
  },
  'registration-unknown-field': {
    kind: 'registrations',
    registrations: [{ ...TEAM, autoload: true }],
  },
};
