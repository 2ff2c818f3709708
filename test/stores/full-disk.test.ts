/**
 * A full disk, end to end: `agentwire serve` (the built executable) on a data folder in a small
 * tmpfs. Batches that no longer fit are answered 5xx, never 200; once space is back, their
 * re-delivery is stored; every acknowledged event is stored exactly once. Mounting needs root:
 * elsewhere the injected write failure of `file-faults.test.ts` covers the same path.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkJsonLines, killAll, message, post, startServe, storedIds } from '../faults/serve-process';
import { requireBuild } from '../helpers/built';
import { needing } from '../helpers/components';

/** Why a tmpfs cannot be mounted here, or `undefined`. */
const unmountable =
  process.platform !== 'linux' ? 'mounting a tmpfs needs Linux' : process.getuid?.() !== 0 ? 'mounting a tmpfs needs root' : undefined;

/** A 2 MiB tmpfs mounted for the test, or `undefined` where mounting is not allowed. */
function mountTmpfs(): string | undefined {
  if (unmountable) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-full-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return dir;
}

const mount = mountTmpfs();
beforeAll(requireBuild);
afterEach(killAll);
afterAll(() => {
  if (!mount) return;
  spawnSync('umount', [mount]);
  rmSync(mount, { recursive: true, force: true });
});

const suite = needing('root', mount ? undefined : (unmountable ?? 'mount -t tmpfs failed'), 'a full disk under agentwire serve');

describe.skipIf(mount === undefined)(suite, () => {
  it('answers 5xx for what does not fit, stores the re-delivery once space is back, and loses nothing acknowledged', async () => {
    const base = mount as string;
    const dir = join(base, 'data');
    mkdirSync(dir);
    // Leave about 300 KiB free.
    writeFileSync(join(base, 'filler'), Buffer.alloc(2 * 1024 * 1024 - 300 * 1024));
    const served = await startServe(dir);
    const conversation = randomUUID();
    const batches = Array.from({ length: 60 }, (_, b) => Array.from({ length: 5 }, (_, i) => message(`batch ${b} event ${i}`, 4 * 1024)));
    const acknowledged: number[] = [];
    const refused: { batch: number; status: number }[] = [];
    for (let b = 0; b < batches.length; b++) {
      const response = await post(served.url, conversation, batches[b] as unknown[]);
      await response.arrayBuffer();
      if (response.status === 200) acknowledged.push(b);
      else refused.push({ batch: b, status: response.status });
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const { status } of refused) expect(status).toBeGreaterThanOrEqual(500);
    expect(served.stderr()).toContain('was not stored');
    checkJsonLines(dir, false);
    // What was acknowledged is there, each event once, in order; nothing of a refused batch is.
    const stored = storedIds(dir, conversation);
    expect(stored).toEqual(acknowledged.flatMap((b) => (batches[b] as { id: string }[]).map((event) => event.id)));

    // Space is back: the sender's re-deliveries are stored, once.
    rmSync(join(base, 'filler'));
    for (const { batch } of refused) expect((await post(served.url, conversation, batches[batch] as unknown[])).status).toBe(200);
    for (const b of acknowledged.slice(0, 3)) expect((await post(served.url, conversation, batches[b] as unknown[])).status).toBe(200);
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
    const after = storedIds(dir, conversation);
    expect(new Set(after).size).toBe(after.length);
    expect(new Set(after)).toEqual(new Set(batches.flat().map((event) => event.id)));
  }, 60_000);
});
