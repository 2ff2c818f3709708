/**
 * The viewer inside `agentwire serve` (from dist), without a browser: an open stream does not
 * hold up the shutdown, and the key never shows in the output.
 */
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import conversation from '../fixtures/conversation.json';
import { requireBuild } from '../helpers/built';
import { post, startServe } from './harness';

const KEY = 'serve-viewer-key';
const ID = '6c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

beforeAll(requireBuild);

describe('agentwire serve with the viewer', () => {
  it('streams stored and new events, and ends the stream at once on SIGTERM', async () => {
    const served = await startServe(KEY);
    try {
      await post(served.origin, KEY, ID, conversation.slice(0, 5));
      const response = await fetch(`${served.origin}/viewer/api/conversations/${ID}/stream`, { headers: { 'x-session-api-key': KEY } });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      const dataLines = () => text.split('\n').filter((line) => line.startsWith('data: ')).length;
      const readUntil = async (count: number) => {
        while (dataLines() < count) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
        }
      };
      await readUntil(5);
      await post(served.origin, KEY, ID, conversation.slice(5, 10));
      await readUntil(10);
      expect(dataLines()).toBe(10);
      served.child.kill('SIGTERM');
      const [code] = await once(served.child, 'exit');
      expect(code).toBe(0);
      // The shutdown ended the stream itself: its deadline (10 s) cut nothing (how soon the process
      // exits is measured by `npm run bench`).
      expect(served.output()).toMatch(/SIGTERM, stopped\./);
      expect(served.output()).not.toContain('still open at the deadline');
      expect((await reader.read()).done).toBe(true);
      expect(served.output()).not.toContain(KEY);
    } finally {
      served.stop();
    }
  });
});
