/**
 * One batch to the webhook: the POST with its retries, and what each answer means for the
 * events in it.
 * @module
 */

import { isRetryableStatus, retryAfterMs, sleep } from '../../internal/http-retry';
import { scrubText } from '../../internal/secret-pattern';
import { EventDeliveryError, type EventDeliveryErrorInit } from './errors';

/**
 * What an answer means for the batch:
 * - `delivered`: 2xx.
 * - `retry`: 408, 429, 5xx: the receiver may take the same batch later.
 * - `halt`: 401, 403, 404, 405, 407, 410 or a redirect: an answer about the request (the key, the
 *   URL), which every other batch would get too. Splitting the batch would only drop every event.
 * - `poison`: any other 4xx (400, 409, 413, 415, 422…): an answer that may depend on the events,
 *   so the batch is split to find the one the receiver refuses.
 */
export type AnswerVerdict = 'delivered' | 'retry' | 'halt' | 'poison';

const HALT_STATUSES = /* @__PURE__ */ new Set([401, 403, 404, 405, 407, 410]);

/** What an answer's status means for the batch (see {@link AnswerVerdict}). */
export function answerVerdict(status: number): AnswerVerdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (HALT_STATUSES.has(status) || status < 200 || (status >= 300 && status < 400)) return 'halt';
  if (isRetryableStatus(status)) return 'retry';
  return 'poison';
}

/** A 4xx that may depend on the events sent (400, 409, 413, 415, 422…): the sender finds the event and drops it, reported. */
export function isPoisonStatus(status: number): boolean {
  return answerVerdict(status) === 'poison';
}

/** An answer about the whole request (401, 403, 404, 405, 407, 410, a redirect): the sender keeps its events and halts. */
export function isHaltStatus(status: number): boolean {
  return answerVerdict(status) === 'halt';
}

/** How a POST ended when it did not throw. */
export type PostOutcome = { verdict: 'delivered' } | { verdict: 'halt' | 'poison'; status: number; body: string };

/** What {@link postBatch} needs. */
export interface PostConfig {
  fetch: typeof globalThis.fetch;
  sessionApiKey: string;
  maxRetries: number;
  retryDelay: number;
  timeout: number;
  /** The session key as a pattern, removed from every answer shown. */
  secrets: RegExp | undefined;
}

/**
 * POSTs one batch, trying again after a `retry` answer or no answer at all (`Retry-After` honoured
 * on 429 and 503). Redirects are not followed, so the key never goes anywhere else. Throws
 * {@link EventDeliveryError} (with `about`) when every attempt failed.
 */
export async function postBatch(config: PostConfig, url: string, body: string, about: EventDeliveryErrorInit): Promise<PostOutcome> {
  const headers = { 'content-type': 'application/json', 'x-session-api-key': config.sessionApiKey };
  let failure = '';
  let status: number | undefined;
  let wait = 0;
  for (let attempt = 0; attempt <= config.maxRetries; attempt++) {
    if (attempt > 0) await sleep(wait);
    wait = config.retryDelay;
    try {
      const response = await config.fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(config.timeout),
      });
      const text = await response.text().catch(() => '');
      const verdict = answerVerdict(response.status);
      if (verdict === 'delivered') return { verdict };
      status = response.status;
      if (verdict !== 'retry') return { verdict, status, body: scrubText(text.slice(0, 10_000), config.secrets).slice(0, 300) };
      failure = `answered ${status}`;
      const asked = status === 429 || status === 503 ? retryAfterMs(response.headers) : undefined;
      if (asked !== undefined) wait = Math.min(asked, config.timeout);
    } catch (error) {
      status = undefined;
      failure =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${config.timeout} ms`
          : `could not connect (${scrubText(String((error as Error).message), config.secrets)})`;
    }
  }
  throw new EventDeliveryError(`POST ${url} failed after ${config.maxRetries + 1} attempts: ${failure}`, { ...about, status });
}

/** The message of a halt: what the answer says about the request, and what to change. */
export function haltMessage(url: string, status: number, body: string, kept: number): string {
  const why =
    status === 401
      ? 'the receiver refused the session key'
      : status === 403
        ? 'the session key may not post here'
        : status === 407
          ? 'a proxy asks for credentials'
          : status === 404 || status === 405 || status === 410
            ? 'there is no webhook at this URL (check baseUrl)'
            : 'a redirect, which the sender does not follow (set baseUrl to where it points)';
  return (
    `POST ${url} answered ${status || 'a redirect'}: ${why}${body ? ` (${body})` : ''}; ` +
    `delivery halted, ${kept} event${kept === 1 ? '' : 's'} kept`
  );
}
