/** The webhook section of docs/benchmarks.md. */
import { verdict } from './decode-report';
import { format } from './measure';
import type { WebhookFigures, WebhookRates } from './webhook';

const row = (name: string, figures: WebhookFigures, baseline: WebhookFigures) =>
  `| ${name} | ${format(figures.rps)} | ${figures === baseline ? '1.00' : verdict(figures.rps / baseline.rps, 0.85, 'min')} | ${figures.cpuPerRequest.toFixed(1)} | ${(figures.cpuPerRequest - baseline.cpuPerRequest).toFixed(1)} |`;

export function webhookReport(webhook: WebhookRates): string[] {
  const header = [
    '| server | requests/s | ratio to bare (target ≥ 0.85) | server CPU µs per request | µs above bare |',
    '|---|---:|---:|---:|---:|',
  ];
  return [
    '## Webhook (5-event batches over loopback, autocannon, 10 connections)',
    '',
    'Each server runs in a process of its own; ' +
      (webhook.pinned
        ? 'the servers are pinned to one core and the load generator to the other (`taskset`).'
        : '`taskset` is not available here, so the load generator shares the cores with the servers.') +
      ' Server CPU time per request (`process.cpuUsage` in the server process) is steadier than requests/s.',
    '',
    'Re-delivered ids (one batch sent again and again; every event after the first request is a duplicate), median of 3 rounds:',
    '',
    ...header,
    row('bare `node:http` (JSON.parse, answer `{"success":true}`)', webhook.bare, webhook.bare),
    row('`toNodeHandler(createWebhookHandler())` (auth, limit, decode, dedupe, listener)', webhook.agentwire, webhook.bare),
    '',
    `Fresh ids: every request carries five new event ids, as the service sends a conversation: ${format(webhook.freshEvents)} events to the handler in ${webhook.freshChunks} chunks of 2 s, the servers taking turns; the figures are the medians of the ${webhook.freshChunksPast} chunks that started past the seen store's capacity of 100,000 keys.`,
    '',
    ...header,
    row('bare `node:http`', webhook.bareFresh, webhook.bareFresh),
    row('`toNodeHandler(createWebhookHandler())`', webhook.agentwireFresh, webhook.bareFresh),
    '',
  ];
}
