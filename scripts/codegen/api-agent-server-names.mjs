// @ts-check
// The names agentwire gives the agent server's operations that `createAgentServerClient` covers
// (LLM profiles and workspace files), their namespaces and schemas, and the facts the document does
// not state. The tables mean what they mean in scripts/codegen/api-names.mjs. Every operation under
// `/api/profiles` and `/api/file/` must be named here: a new one stops the generator until it has a
// place on the client.

/** @import { External, Namespace, OperationNames, Source } from './api-tables.mjs' */
/** @import { Schemas } from './openapi.mjs' */

/**
 * Which document these names are for, and where its code goes (see api-names.mjs).
 * @type {Source}
 */
export const SOURCE = {
  document: 'agent-server',
  paths: ['/api/profiles', '/api/file/'],
  idSeparator: '_api_',
  folder: 'agent-server',
  namesFile: 'scripts/codegen/api-agent-server-names.mjs',
  docName: 'server',
  testFile: 'agent-server-operations.test.ts',
  harness: '../agent-server-operation-cases',
  testName: 'server',
};

const PROFILE = { name: 'checkProfileName' };
const ABSOLUTE = { path: 'checkAbsolutePath' };

/**
 * Each operation, keyed by its operationId without the framework's suffix (see api-names.mjs).
 * @type {Record<string, OperationNames>}
 */
export const OPERATIONS = {
  list_profiles: { at: 'profiles.list' },
  get_profile: {
    at: 'profiles.get',
    checks: PROFILE,
    note: "The configuration's `api_key` comes back `null` (`api_key_set` tells whether one is saved) unless `options.headers` asks for it with `X-Expose-Secrets: encrypted` (or `plaintext`, for a backend).",
  },
  save_profile: {
    at: 'profiles.save',
    checks: PROFILE,
    idempotent: true,
    errors: { 409: 'ProfileLimitError' },
    note: 'Overwrites a profile of the same name, so it is retried like a GET. A new profile past the server’s limit (50) is a `ProfileLimitError`.',
  },
  delete_profile: {
    at: 'profiles.delete',
    checks: PROFILE,
    note: 'Deleting a profile that does not exist succeeds; a profile an agent profile still uses is a `ConflictError` naming them.',
  },
  validate_profile: { at: 'profiles.validate', checks: PROFILE },
  rename_profile: {
    at: 'profiles.rename',
    checks: { name: 'checkProfileName', body: 'checkProfileRename' },
    note: 'A missing profile is a `NotFoundError`, a `new_name` already taken a `ConflictError`.',
  },
  activate_profile: {
    at: 'profiles.activate',
    checks: PROFILE,
    idempotent: true,
    note: 'Activating the same profile twice does no harm, so it is retried like a GET.',
  },

  upload_file_query: { at: 'files.upload', positional: ['path'], checks: ABSOLUTE },
  download_file_query: {
    at: 'files.download',
    positional: ['path'],
    checks: ABSOLUTE,
    response: 'binary',
    note: 'Resolves to the bytes of the file.',
  },
  create_directory: { at: 'files.createDirectory', positional: ['path'], checks: ABSOLUTE, idempotent: true },
  get_home_directory: { at: 'files.home' },
  search_subdirs: { at: 'files.searchSubdirs', positional: ['path'], checks: ABSOLUTE },
  download_trajectory: { at: 'files.downloadTrajectory', response: 'binary', note: 'Resolves to the bytes of the zip file.' },
  archive_directory: {
    at: 'files.archive',
    positional: ['path'],
    checks: ABSOLUTE,
    response: 'binary',
    note: 'Resolves to the bytes of the archive; the `X-Archive-*` headers of `withResponse()` describe the repository.',
  },
};

/**
 * The namespaces, in the client's order (see api-names.mjs).
 * @type {Record<string, Namespace>}
 */
export const NAMESPACES = {
  profiles: { type: 'AgentServerProfilesOperations', file: 'profiles', doc: 'The LLM profiles saved on the agent server.' },
  files: { type: 'AgentServerFilesOperations', file: 'files', doc: "Files and folders on the agent server's machine." },
};

/**
 * Schemas agentwire already has (none: no event reaches these operations).
 * @type {Record<string, External>}
 */
export const EXTERNAL = {};

/**
 * TypeScript names that read badly as the framework writes them, or that the service's document
 * also has (agentwire/api exports both, and the generator stops on a clash): those take the
 * `AgentServer` prefix.
 * @type {Record<string, string>}
 */
export const RENAMES = {
  Body_upload_file_query_api_file_upload_post: 'FileUpload',
  ActivateProfileResponse: 'AgentServerActivateProfileResponse',
  FallbackStrategy: 'AgentServerFallbackStrategy',
  'LLM-Input': 'AgentServerLLM',
  ProfileDetailResponse: 'AgentServerProfileDetailResponse',
  ProfileInfo: 'AgentServerProfileInfo',
  ProfileListResponse: 'AgentServerProfileListResponse',
  ProfileMutationResponse: 'AgentServerProfileMutationResponse',
  RenameProfileRequest: 'AgentServerRenameProfileRequest',
  SaveProfileRequest: 'AgentServerSaveProfileRequest',
  Success: 'AgentServerSuccess',
};

/**
 * Fields the server always sends although the document does not list them as required (FastAPI
 * writes every field of its response models, `null` included).
 * @type {Record<string, string[]>}
 */
export const PRESENT = {
  ValidateProfileResponse: ['error'],
  ProfileListResponse: ['active_profile'],
};

/**
 * Schemas the document lacks (none).
 * @type {Schemas}
 */
export const SCHEMAS = {};

/**
 * Fields the document lacks, by schema (none: it is the newer document).
 * @type {Record<string, Schemas>}
 */
export const PROPERTIES = {};

/**
 * The hand-written checks and error classes the operations name, by the module under src/api that exports them.
 * @type {Record<string, string>}
 */
export const IMPORTS = {
  checkProfileName: 'agent-server/checks',
  checkProfileRename: 'agent-server/checks',
  checkAbsolutePath: 'agent-server/checks',
  ProfileLimitError: 'agent-server/errors',
};

/**
 * Values the operations test gives parameters whose schema says too little: the server takes absolute paths only.
 * @type {Record<string, unknown>}
 */
export const EXAMPLES = { path: '/workspace/project' };
