import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/helpers/tree';
import type { Diagnostic } from '../../internal/diagnostic';
import { nodeFileSystem } from '../../internal/node/file-system';
import { SafeWalker } from '../../internal/node/walk';
import { loadPluginHooks } from './plugin-hooks';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function load(files: Record<string, string>) {
  const { root, cleanup } = tempTree(files);
  cleanups.push(cleanup);
  const diagnostics: Diagnostic[] = [];
  const hooks = await loadPluginHooks(new SafeWalker(nodeFileSystem, root), join(root, 'hooks'), 1 << 20, diagnostics);
  return { root, hooks, diagnostics };
}

describe('loadPluginHooks', () => {
  it('keeps no hooks (null) for a file the service drops, with the error on that file', async () => {
    const { root, hooks, diagnostics } = await load({
      'hooks/hooks.json': '{ "Stop": [{ "hooks": [{ "command": "make lint" }] }], "Notification": [] }\n',
    });
    expect(hooks).toBeNull();
    expect(diagnostics.map((entry) => [entry.code, entry.severity, entry.file])).toEqual([
      ['hooks-unknown-event', 'error', join(root, 'hooks', 'hooks.json')],
    ]);
  });

  it('keeps an empty configuration for a file without hooks, and null without a file', async () => {
    expect((await load({ 'hooks/hooks.json': '{}' })).hooks).toEqual({
      pre_tool_use: [],
      post_tool_use: [],
      user_prompt_submit: [],
      session_start: [],
      session_end: [],
      stop: [],
    });
    expect((await load({ 'hooks/other.json': '{}' })).hooks).toBeNull();
  });
});
