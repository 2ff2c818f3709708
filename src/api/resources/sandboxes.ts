/**
 * `client.sandboxes`: the generated operations of `/api/v1/sandboxes`, with `start` also taking
 * the template as `sandboxSpecId`.
 * @module
 */
import type { APIPromise } from '../api-promise';
import { rejectedPromise } from '../api-promise';
import type { ClientCore } from '../core';
import type { SandboxInfo, StartSandboxParams } from '../generated/index';
import { createSandboxesOperations, type SandboxesOperations } from '../generated/sandboxes';
import type { RequestOptions } from '../request-options';

/** The parameters of `sandboxes.start`: the template, as the API names it or as `sandboxSpecId`. */
export interface StartSandboxOptions extends StartSandboxParams {
  /** The same as `sandbox_spec_id`: the template to start from (default: the server's). */
  sandboxSpecId?: string | undefined;
}

/** `client.sandboxes`: search, get, start, pause, resume and delete sandboxes, and read their secrets. */
export interface SandboxesResource extends Omit<SandboxesOperations, 'start'> {
  /**
   * Starts a sandbox from a template (`sandbox_spec_id` goes in the query, as the server reads
   * it). Not sent again once the server may have acted on it: only after a refused connection, a
   * 429, or a 503 with `Retry-After`.
   *
   * `POST /api/v1/sandboxes`
   */
  start(params?: StartSandboxOptions, options?: RequestOptions): APIPromise<SandboxInfo>;
}

/** Creates `client.sandboxes`. */
export function createSandboxesResource(core: ClientCore): SandboxesResource {
  const operations = createSandboxesOperations(core);
  return {
    ...operations,
    start(params, options) {
      if (params === null || typeof params !== 'object' || !('sandboxSpecId' in params)) return operations.start(params, options);
      const { sandboxSpecId, ...rest } = params;
      if (sandboxSpecId !== undefined && rest.sandbox_spec_id !== undefined && rest.sandbox_spec_id !== sandboxSpecId) {
        return rejectedPromise(new TypeError('sandboxes.start: sandboxSpecId and sandbox_spec_id disagree'));
      }
      return operations.start({ ...rest, sandbox_spec_id: rest.sandbox_spec_id ?? sandboxSpecId }, options);
    },
  };
}
