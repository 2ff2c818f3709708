import { describe, expect, it } from 'vitest';
import { classifyGitFailure, gitFailureSummary } from './git-failure';

describe('classifyGitFailure', () => {
  it('tells missing repositories, missing refs and network failures apart', () => {
    const cases: [string, ReturnType<typeof classifyGitFailure>][] = [
      ["fatal: '/tmp/x/.agents.git' does not appear to be a git repository\nfatal: Could not read from remote repository.", 'missing'],
      ["remote: Repository not found.\nfatal: repository 'https://github.com/acme/.agents.git/' not found", 'missing'],
      ["fatal: could not read Username for 'https://github.com': terminal prompts disabled", 'auth-failed'],
      ["fatal: Authentication failed for 'https://gitlab.com/acme/service-config.git/'", 'auth-failed'],
      ['fatal: unable to access \u2026: The requested URL returned error: 403', 'auth-failed'],
      ['fatal: unable to access \u2026: The requested URL returned error: 401', 'auth-failed'],
      ['remote: HTTP Basic: Access denied\nfatal: Authentication failed for \u2026', 'auth-failed'],
      ['fatal: unable to access \u2026: The requested URL returned error: 404', 'missing'],
      ['git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.', 'missing'],
      ['remote: TF401019: The Git repository with name or identifier service-config does not exist', 'missing'],
      ['warning: Could not find remote branch feature to clone.\nfatal: Remote branch feature not found in upstream origin', 'ref-missing'],
      ['fatal: couldn\u2019t find remote ref feature'.replace('\u2019', "'"), 'ref-missing'],
      ['fatal: reference is not a tree: ffffffffffffffffffffffffffffffffffffffff', 'ref-missing'],
      ['error: Server does not allow request for unadvertised object ffff', 'ref-missing'],
      ["fatal: unable to access 'https://github.com/a/b/': Could not resolve host: github.com", 'unreachable'],
      [
        'ssh: Could not resolve hostname github.com: Name or service not known\nfatal: Could not read from remote repository.',
        'unreachable',
      ],
      ["fatal: unable to access 'https://x/': Failed to connect to x port 443: Connection refused", 'unreachable'],
      ['fatal: unable to access \u2026: The requested URL returned error: 502', 'unreachable'],
      ['fatal: early EOF', 'unreachable'],
      ['fatal: not a git repository (or any of the parent directories): .git', 'other'],
    ];
    for (const [message, kind] of cases) expect(classifyGitFailure(message), message).toBe(kind);
  });
});

describe('gitFailureSummary', () => {
  it('keeps git\u2019s fatal, error and remote lines', () => {
    expect(gitFailureSummary("Cloning into 'x'...\nremote: Repository not found.\nfatal: repository 'u' not found\n")).toBe(
      "remote: Repository not found. fatal: repository 'u' not found",
    );
    expect(gitFailureSummary('Cloning...\r\nsomething odd\n')).toBe('something odd');
    expect(gitFailureSummary(`fatal: ${'x'.repeat(1000)}`)).toHaveLength(500);
  });
});
