import { describe, expect, it } from 'vitest';
import { relativeScript } from './hook-command';

describe('relativeScript', () => {
  it.each([
    ['./check.sh', './check.sh'],
    ['scripts/check.sh --fast', 'scripts/check.sh'],
    ['../shared/run', '../shared/run'],
    ['FOO=1 ./run.sh', './run.sh'],
    ['bash hooks/guard.sh', 'hooks/guard.sh'],
    ['/bin/bash -e hooks/guard.sh', 'hooks/guard.sh'],
    ['python3 -u guard.py', 'guard.py'],
    ['uv run tools/check.py', 'tools/check.py'],
    ['node "scripts/my check.js"', 'scripts/my check.js'],
    ["'./quoted dir/run.sh' arg", './quoted dir/run.sh'],
  ])('finds the relative script in %j', (command, script) => {
    expect(relativeScript(command)).toBe(script);
  });

  it.each([
    'echo hello',
    '/usr/local/bin/check',
    '~/bin/check',
    '$HOME/bin/check',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    '${OPENHANDS_PROJECT_DIR}/scripts/x.sh',
    'bash -c "./inline.sh"',
    'bash -lc ./inline.sh',
    'python3 -c "print(1)"',
    'python3 -m tools.check',
    'node -e "process.exit(0)"',
    'cd "$OPENHANDS_PROJECT_DIR" && ./run.sh',
    'curl https://example.com/hook',
    'git status',
    '',
  ])('finds none in %j', (command) => {
    expect(relativeScript(command)).toBeUndefined();
  });
});
