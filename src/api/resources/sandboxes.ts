/**
 * Sandboxes and sandbox templates (specs): `/api/v1/sandboxes`, `/api/v1/sandbox-specs`.
 * @module
 */
import * as v from 'valibot';
import type { Page, PageParams } from '../page';
import { decodeResponse } from '../response';
import type { Request } from '../transport';
import { batchGet, listPages } from './batch-get';

/** Sandbox states. */
export type SandboxStatus = 'STARTING' | 'RUNNING' | 'PAUSED' | 'ERROR' | 'MISSING';

/** A URL a sandbox exposes (the app server, an editor…). */
export interface ExposedUrl {
  name: string;
  url: string;
  port: number;
}

/** A sandbox. `session_api_key` is a secret: do not log it. */
export interface SandboxInfo {
  id: string;
  created_by_user_id?: string | null;
  sandbox_spec_id: string;
  status: SandboxStatus;
  session_api_key?: string | null;
  exposed_urls?: ExposedUrl[] | null;
  [key: string]: unknown;
}

/** A sandbox template. */
export interface SandboxSpecInfo {
  id: string;
  command: string[] | null;
  created_at?: string;
  initial_env?: Record<string, string>;
  working_dir?: string;
  [key: string]: unknown;
}

const ExposedUrlSchema = v.looseObject({ name: v.string(), url: v.string(), port: v.number() });
const SandboxSchema = v.looseObject({
  id: v.string(),
  created_by_user_id: v.optional(v.nullable(v.string())),
  sandbox_spec_id: v.string(),
  status: v.picklist(['STARTING', 'RUNNING', 'PAUSED', 'ERROR', 'MISSING']),
  session_api_key: v.optional(v.nullable(v.string())),
  exposed_urls: v.optional(v.nullable(v.array(ExposedUrlSchema))),
});
const SpecSchema = v.looseObject({
  id: v.string(),
  command: v.nullable(v.array(v.string())),
  created_at: v.optional(v.string()),
  initial_env: v.optional(v.record(v.string(), v.string())),
  working_dir: v.optional(v.string()),
});
const SuccessSchema = v.looseObject({ success: v.optional(v.boolean(), true) });

/** `client.sandboxes`. */
export function sandboxesResource(request: Request) {
  return {
    /** Lists sandboxes, a page at a time (`for await` walks every page). */
    search: async (params: PageParams = {}): Promise<Page<SandboxInfo>> =>
      listPages(request, '/api/v1/sandboxes/search', SandboxSchema as v.GenericSchema<unknown, SandboxInfo>, {}, params),
    /** Starts a sandbox from a template (`sandbox_spec_id` goes in the query, as the server reads it). Never repeated once the server may have acted. */
    async start(params: { sandboxSpecId?: string | undefined } = {}): Promise<SandboxInfo> {
      const body = await request({
        method: 'POST',
        path: '/api/v1/sandboxes',
        query: { sandbox_spec_id: params.sandboxSpecId },
        create: true,
      });
      return decodeResponse(SandboxSchema, body, 'POST /api/v1/sandboxes') as SandboxInfo;
    },
    /** Pauses a running sandbox. */
    async pause(id: string): Promise<void> {
      decodeResponse(SuccessSchema, await request({ method: 'POST', path: `/api/v1/sandboxes/${encodeURIComponent(id)}/pause` }), 'pause');
    },
    /** Resumes a paused sandbox. */
    async resume(id: string): Promise<void> {
      decodeResponse(
        SuccessSchema,
        await request({ method: 'POST', path: `/api/v1/sandboxes/${encodeURIComponent(id)}/resume` }),
        'resume',
      );
    },
    /** Deletes a sandbox (the server reads the id from `?sandbox_id=`). */
    async delete(id: string): Promise<void> {
      const path = `/api/v1/sandboxes/${encodeURIComponent(id)}`;
      decodeResponse(SuccessSchema, await request({ method: 'DELETE', path, query: { sandbox_id: id } }), 'delete');
    },
    /** Gets sandboxes by id, in order, `null` for unknown ids. */
    get: (ids: readonly string[]) =>
      batchGet(request, '/api/v1/sandboxes', 'id', ids, SandboxSchema as v.GenericSchema<unknown, SandboxInfo>),
  };
}

/** `client.sandboxSpecs`. */
export function sandboxSpecsResource(request: Request) {
  return {
    /** Lists sandbox templates, a page at a time. */
    search: async (params: PageParams = {}): Promise<Page<SandboxSpecInfo>> =>
      listPages(request, '/api/v1/sandbox-specs/search', SpecSchema as v.GenericSchema<unknown, SandboxSpecInfo>, {}, params),
    /** Gets templates by id, in order, `null` for unknown ids. */
    get: (ids: readonly string[]) =>
      batchGet(request, '/api/v1/sandbox-specs', 'id', ids, SpecSchema as v.GenericSchema<unknown, SandboxSpecInfo>),
  };
}
