/**
 * `server.profiles`: the generated operations of the agent server's `/api/profiles`, with the
 * LLM configuration's secrets kept out of what a failed `validate` or `save` shows.
 * @module
 */
import type { ClientCore } from '../core';
import type { ValidateProfileResponse } from '../generated/agent-server/index';
import { type AgentServerProfilesOperations, createAgentServerProfilesOperations } from '../generated/agent-server/profiles';

/** The answer of `profiles.validate`: `valid`, and the error a misconfigured profile gave (`null` when valid). */
export type ProfileValidation = ValidateProfileResponse;

/** `server.profiles`: list, get, save, delete, validate, rename and activate LLM profiles. */
export type AgentServerProfilesResource = AgentServerProfilesOperations;

/** Field names whose string values are credentials. */
const SECRET_FIELD = /key|token|secret|password|credential|authorization/i;

/**
 * The credentials inside a request body's LLM configuration: strings under a field named like a
 * key, token, secret or password (at any depth), and every extra header's value.
 */
export function secretsOf(body: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, secret: boolean): void => {
    if (typeof value === 'string') {
      if (secret) found.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, secret);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) walk(item, secret || SECRET_FIELD.test(name) || name === 'extra_headers');
    }
  };
  walk((body as { llm?: unknown } | null | undefined)?.llm, false);
  return found;
}

/**
 * Creates `server.profiles`. `coreWith(secrets)` is the client's core with more strings to
 * redact: `validate` and `save` send an LLM configuration, whose keys a server may echo in an error.
 */
export function createProfilesResource(coreWith: (secrets: string[]) => ClientCore): AgentServerProfilesResource {
  const operations = createAgentServerProfilesOperations(coreWith([]));
  const carrying = (body: unknown) => {
    const secrets = secretsOf(body);
    return secrets.length ? createAgentServerProfilesOperations(coreWith(secrets)) : operations;
  };
  return {
    ...operations,
    validate: (name, body, options) => carrying(body).validate(name, body, options),
    save: (name, body, options) => carrying(body).save(name, body, options),
  };
}
