/**
 * Events of every kind as a 1.43.1 agent server sends them (see `test/helpers/agent-server-events.ts`),
 * posted in the sender's batches of five to `agentwire serve` from dist: every stored line, and
 * what `events list --json` prints, is the event exactly as it was posted.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, killAll, post, startServe } from './faults/serve-process';
import { removeTempFolders, tempFolder } from './faults/temp';
import { agentServerBatches } from './helpers/agent-server-events';
import { requireBuild } from './helpers/built';

afterAll(removeTempFolders);
afterEach(killAll);
beforeAll(requireBuild);

const { batches, expectedLines } = agentServerBatches();

describe('events as a 1.43.1 agent server sends them, through agentwire serve', () => {
  it('accepted, stored and listed as sent', async () => {
    const dir = tempFolder('agentwire-agent-server-serve-');
    const served = await startServe(dir);
    const conversation = randomUUID();
    for (const batch of batches) {
      const response = await post(served.url, conversation, batch);
      expect(response.status, await response.text()).toBe(200);
    }
    const lines = readFileSync(join(dir, `${conversation}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual(expectedLines);
    const listed = cli(['events', 'list', conversation, '--data', dir, '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toBe(`[\n${expectedLines.join(',\n')}\n]\n`);
  }, 120_000);
});
