/**
 * `createAgentServerClient`: the agent server's profiles and files, generated from its own OpenAPI
 * document. The code lives in `./agent-server/`; this module is its entry.
 * @module
 */
export { checkProfileName } from './agent-server/checks';
export {
  type AgentServerClient,
  type AgentServerClientOptions,
  type AgentServerClientSummary,
  createAgentServerClient,
} from './agent-server/client';
export { ProfileLimitError } from './agent-server/errors';
export type { AgentServerFilesResource, DirectoryArchive } from './agent-server/files';
export type { AgentServerProfilesResource, ProfileValidation } from './agent-server/profiles';
