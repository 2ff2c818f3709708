/**
 * The V1 API in one pass: create a conversation with a plugin and a first message, wait until it
 * is ready, read its events, then pause and resume its sandbox. `test/api/conversations.test.ts` runs it
 * against a server that checks each request against the reference OpenAPI.
 */
import { createClient } from 'agentwire/api';

/** What the walkthrough saw. */
export interface WalkthroughResult {
  conversationId: string;
  eventKinds: string[];
  sandboxId: string;
}

/** Runs the walkthrough against a service at `baseUrl`. */
export async function runWalkthrough(options: { baseUrl: string; apiKey: string; pollInterval?: number }): Promise<WalkthroughResult> {
  const api = createClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  const task = await api.appConversations.create({
    initial_message: { content: [{ type: 'text', text: 'Review the open pull request' }], run: true },
    plugins: [{ source: 'github:acme/agent-plugins', ref: 'main', repo_path: 'plugins/pr-review' }],
  });
  const conversationId = await api.appConversations.waitUntilReady(task, { pollInterval: options.pollInterval ?? 2000 });

  const eventKinds: string[] = [];
  for await (const event of await api.events.search(conversationId, { limit: 100 })) eventKinds.push(event.kind);

  const [conversation] = await api.appConversations.get([conversationId]);
  if (!conversation) throw new Error(`conversation ${conversationId} not found`);
  await api.sandboxes.pause(conversation.sandbox_id);
  await api.sandboxes.resume(conversation.sandbox_id);
  return { conversationId, eventKinds, sandboxId: conversation.sandbox_id };
}
