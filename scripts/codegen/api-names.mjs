// @ts-check
// The names agentwire gives the service's `/api/v1` operations, namespaces and schemas, and the
// facts the document does not state. Every operation of the document must be named here: a new
// one stops the generator until it has a place on the client. scripts/codegen/api-agent-server-names.mjs
// does the same for the agent server's document; both export the same tables.

/** @import { External, Namespace, OperationNames, Source } from './api-tables.mjs' */
/** @import { SchemaNode, Schemas } from './openapi.mjs' */

/**
 * Which document these names are for, and where its code goes:
 * - `document`: the vendored document (spec/README.md), read through `readSpec`;
 * - `paths`: path prefixes whose every operation must have a place on the client;
 * - `idSeparator`: what starts the framework's path-and-method suffix of an operationId;
 * - `folder`: the folder under src/api/generated ('' for the folder itself);
 * - `namesFile`: this file, for the generator's messages and the generated files' header;
 * - `docName`: how the generated documentation names the client (`client.sandboxes`);
 * - `testFile`, `harness`, `testName`: the generated operations test under test/api/generated, the
 *   module that runs its cases, and the name its calls give the client.
 * @type {Source}
 */
export const SOURCE = {
  document: 'service',
  paths: ['/api/v1/'],
  idSeparator: '_api_v1_',
  folder: '',
  namesFile: 'scripts/codegen/api-names.mjs',
  docName: 'client',
  testFile: 'operations.test.ts',
  harness: '../operation-cases',
  testName: 'api',
};

/**
 * Each operation, keyed by its operationId without the framework's path-and-method suffix
 * (`search_events_api_v1_conversation_…_get` → `search_events`):
 * - `at`: where it lives on the client, `namespace.method` or `namespace.sub.method`;
 * - `idempotent`: overrides the method's default (GET, PUT and DELETE are; POST and PATCH are not);
 * - `response`: `'text'` (a body that is not JSON) or `'binary'` (bytes), where the document says JSON;
 * - `sameAs`: query parameters that carry the value of a path parameter (`{ sandbox_id: 'id' }`);
 * - `positional`: query parameters the method takes as arguments after the path's (`['path']`);
 * - `body`: a request body the server reads although the document declares none: the name of a
 *   schema of {@link SCHEMAS} (the generator adds both to the document, and so does the loopback
 *   server of the tests; it stops when the document declares a body of its own);
 * - `checks`: a check of the method's arguments before anything is sent, by argument name
 *   (`{ body: 'checkPendingMessage' }`), each a function of {@link IMPORTS} called with the value
 *   and the method's name;
 * - `errors`: statuses that end the call for good, each with the error class of {@link IMPORTS} it
 *   is thrown as (never retried: a 429 that is a hard limit, not a rate limit);
 * - `note`: a sentence added to the method's documentation.
 * @type {Record<string, OperationNames>}
 */
export const OPERATIONS = {
  search_events: { at: 'events.search' },
  count_events: { at: 'events.count' },
  batch_get_events: { at: 'events.get' },

  search_app_conversations: { at: 'appConversations.search' },
  count_app_conversations: { at: 'appConversations.count' },
  batch_get_app_conversations: { at: 'appConversations.get' },
  start_app_conversation: {
    at: 'appConversations.create',
    note: 'Answers with a start task, not the conversation: `waitUntilReady(task)` polls it until the conversation exists.',
  },
  update_app_conversation: {
    at: 'appConversations.update',
    idempotent: true,
    note: 'Setting the same fields twice does no harm, so it is retried like a GET.',
  },
  delete_app_conversation: { at: 'appConversations.delete' },
  send_message_to_conversation: { at: 'appConversations.sendMessage' },
  switch_conversation_profile: { at: 'appConversations.switchProfile' },
  switch_conversation_acp_model: { at: 'appConversations.switchAcpModel' },
  stream_app_conversation_start: {
    at: 'appConversations.streamStart',
    note: 'The server holds the answer open until the conversation started or failed, then the list of start-task states is complete: give it a `timeout` long enough for a start.',
  },
  search_app_conversation_start_tasks: { at: 'appConversations.startTasks.search' },
  count_app_conversation_start_tasks: { at: 'appConversations.startTasks.count' },
  batch_get_app_conversation_start_tasks: { at: 'appConversations.startTasks.get' },
  read_conversation_file: { at: 'appConversations.readFile' },
  get_conversation_git_changes: { at: 'appConversations.gitChanges' },
  get_conversation_git_diff: { at: 'appConversations.gitDiff' },
  get_conversation_skills: { at: 'appConversations.skills' },
  get_conversation_hooks: { at: 'appConversations.hooks' },
  export_conversation: { at: 'appConversations.download', response: 'binary', note: 'Resolves to the bytes of the zip file.' },

  queue_pending_message: {
    at: 'pendingMessages.queue',
    // The server reads `{ content, role }` from the raw request; its document declares no body.
    body: 'PendingMessageRequest',
    checks: { body: 'checkPendingMessage' },
    errors: { 429: 'PendingMessageLimitError' },
    note:
      'An empty `content` is refused before anything is sent (`MessageContentError`). The server keeps at most 10 ' +
      'pending messages per conversation: past them it answers 429, thrown as `PendingMessageLimitError` and never retried.',
  },

  search_sandboxes: { at: 'sandboxes.search' },
  batch_get_sandboxes: { at: 'sandboxes.get' },
  start_sandbox: { at: 'sandboxes.start' },
  pause_sandbox: { at: 'sandboxes.pause' },
  resume_sandbox: { at: 'sandboxes.resume' },
  delete_sandbox: {
    at: 'sandboxes.delete',
    sameAs: { sandbox_id: 'id' },
    note: 'The server reads the id from the `sandbox_id` query parameter; it goes in the path too.',
  },
  list_secret_names: { at: 'sandboxes.secrets.list' },
  get_secret_value: { at: 'sandboxes.secrets.get', response: 'text', note: 'Resolves to the secret as plain text. Do not log it.' },

  search_sandbox_specs: { at: 'sandboxSpecs.search' },
  batch_get_sandbox_specs: { at: 'sandboxSpecs.get' },

  load_settings: { at: 'settings.get' },
  store_settings: { at: 'settings.store' },
  load_settings_schema: { at: 'settings.agentSchema' },
  load_conversation_settings_schema: { at: 'settings.conversationSchema' },
  list_profiles: { at: 'settings.profiles.list' },
  get_profile: { at: 'settings.profiles.get' },
  save_profile: { at: 'settings.profiles.save' },
  delete_profile: { at: 'settings.profiles.delete' },
  activate_profile: {
    at: 'settings.profiles.activate',
    idempotent: true,
    note: 'Activating the same profile twice does no harm, so it is retried like a GET.',
  },
  rename_profile: { at: 'settings.profiles.rename' },

  search_custom_secrets: { at: 'secrets.search' },
  create_custom_secret: { at: 'secrets.create' },
  update_custom_secret: { at: 'secrets.update' },
  delete_custom_secret: { at: 'secrets.delete' },
  store_provider_tokens: { at: 'secrets.gitProviders.store' },
  unset_provider_tokens: { at: 'secrets.gitProviders.unset' },

  get_current_user_saas: { at: 'users.me' },
  get_current_user_git_info: { at: 'users.gitInfo' },
  get_current_user_git_organizations: { at: 'users.gitOrganizations' },

  search_skills: { at: 'skills.search' },
  get_marketplace_skills: {
    at: 'skills.marketplaceSkills',
    idempotent: true,
    note: 'A preview that changes nothing, so it is retried like a GET.',
  },

  on_conversation_update: {
    at: 'webhooks.sendConversation',
    idempotent: true,
    note: 'What an agent server sends; the service keeps the latest, so sending again does no harm.',
  },
  on_event: {
    at: 'webhooks.sendEvents',
    idempotent: true,
    note: 'What an agent server sends; the service keeps events by id, so sending again does no harm. `createEventSender` batches and queues them.',
  },
  get_secret: { at: 'webhooks.getSecret' },

  get_web_client_config: { at: 'config.webClient' },
  search_models: { at: 'config.models.search' },
  search_providers: { at: 'config.providers.search' },

  search_user_installations: { at: 'git.installations.search' },
  search_repositories: { at: 'git.repositories.search' },
  search_branches: { at: 'git.branches.search' },
  search_suggested_tasks: { at: 'git.suggestedTasks.search' },
};

/**
 * The namespaces, in the client's order: the generated interface's name, the file (top-level
 * namespaces only) and one line of documentation.
 * @type {Record<string, Namespace>}
 */
export const NAMESPACES = {
  appConversations: {
    type: 'AppConversationsOperations',
    file: 'app-conversations',
    doc: 'Conversations of the app, and their start tasks.',
  },
  'appConversations.startTasks': {
    type: 'StartTasksOperations',
    doc: 'The start tasks of conversations: what `appConversations.create` answers.',
  },
  events: { type: 'EventsOperations', file: 'events', doc: "A conversation's events." },
  pendingMessages: {
    type: 'PendingMessagesOperations',
    file: 'pending-messages',
    doc: 'Messages queued for a conversation that is not ready yet.',
  },
  sandboxes: { type: 'SandboxesOperations', file: 'sandboxes', doc: 'Sandboxes: the machines conversations run in.' },
  'sandboxes.secrets': { type: 'SandboxSecretsOperations', doc: 'The secrets a sandbox may read.' },
  sandboxSpecs: { type: 'SandboxSpecsOperations', file: 'sandbox-specs', doc: 'Sandbox templates.' },
  settings: { type: 'SettingsOperations', file: 'settings', doc: "The user's settings." },
  'settings.profiles': { type: 'SettingsProfilesOperations', doc: "The user's saved LLM profiles." },
  secrets: { type: 'SecretsOperations', file: 'secrets', doc: "The user's custom secrets and git provider tokens." },
  'secrets.gitProviders': { type: 'GitProviderTokensOperations', doc: "The user's git provider tokens." },
  users: { type: 'UsersOperations', file: 'users', doc: 'The current user.' },
  skills: { type: 'SkillsOperations', file: 'skills', doc: 'Skills available to the user.' },
  webhooks: { type: 'WebhooksOperations', file: 'webhooks', doc: 'The callbacks an agent server calls on the service.' },
  config: { type: 'ConfigOperations', file: 'config', doc: "The service's configuration: web client, models, providers." },
  'config.models': { type: 'ModelsOperations', doc: 'The LLM models the service offers.' },
  'config.providers': { type: 'ProvidersOperations', doc: 'The LLM providers the service offers.' },
  git: { type: 'GitOperations', file: 'git', doc: "The user's git providers: installations, repositories, branches, suggested tasks." },
  'git.installations': { type: 'GitInstallationsOperations', doc: 'Installations of the git provider apps.' },
  'git.repositories': { type: 'GitRepositoriesOperations', doc: 'Repositories the user can reach.' },
  'git.branches': { type: 'GitBranchesOperations', doc: 'Branches of a repository.' },
  'git.suggestedTasks': {
    type: 'SuggestedTasksOperations',
    doc: 'Tasks suggested from the user’s repositories (open issues, failing checks…).',
  },
};

/**
 * Schemas agentwire already has: their type comes from `agentwire/events`, and an answer holding
 * events is decoded with the event codecs, as the client was told to treat unknown kinds
 * (`core.decodeEvent`).
 * @type {Record<string, External>}
 */
export const EXTERNAL = {
  'Event-Output': { type: 'Event', decoder: 'core.decodeEvent' },
  'Event-Input': { type: 'Event' },
  SecurityRisk: { type: 'SecurityRisk', schema: 'SecurityRiskSchema' },
};

/**
 * TypeScript names that would clash with another export of the package, or read badly once the
 * document's module prefixes are removed. The events' `TextContent` is what the codec decodes
 * (defaults filled); what a request takes is the `…Input` form. Skills, hooks, plugin specs and
 * marketplace registrations as the service's API carries them take the `Service` prefix: the
 * toolkit's own types of those names (`agentwire/skills`, `agentwire/plugins`) are what agentwire
 * reads from files, and each name has one home.
 * @type {Record<string, string>}
 */
export const RENAMES = {
  TextContent: 'TextContentInput',
  ImageContent: 'ImageContentInput',
  openhands__sdk__tool__tool__ToolAnnotations: 'ToolAnnotationsInput',
  openhands__sdk__tool__spec__Tool: 'ToolSpec',
  openhands__sdk__marketplace__registration__MarketplaceRegistration: 'AgentMarketplaceRegistration',
  openhands__app_server__settings__settings_models__MarketplaceRegistration: 'ServiceMarketplaceRegistration',
  HookDefinition: 'ServiceHookDefinition',
  'HookMatcher-Input': 'ServiceHookMatcher',
  HookType: 'ServiceHookType',
  PluginSpec: 'ServicePluginSpec',
  'Skill-Input': 'ServiceSkill',
  SkillResources: 'ServiceSkillResources',
};

/**
 * Fields the service always sends although the document does not list them as required (a
 * default factory): a response without them breaks the contract, and their type says they are
 * there. `waitUntilReady` needs a start task's id; every caller a conversation's.
 * @type {Record<string, string[]>}
 */
export const PRESENT = {
  AppConversation: ['id'],
  AppConversationStartTask: ['id'],
};

/**
 * `LLM.provider_connection_id` (1.43.0): a saved provider connection whose key and base URL the LLM uses.
 * @type {SchemaNode}
 */
const PROVIDER_CONNECTION_ID = {
  anyOf: [{ type: 'string' }, { type: 'null' }],
  title: 'Provider Connection Id',
  description:
    'A saved provider connection whose API key and base URL are applied each time the LLM is loaded; the LLM then keeps none of its own.',
};

/**
 * Schemas the document lacks, added to its components (see `body` in {@link OPERATIONS}).
 * @type {Schemas}
 */
export const SCHEMAS = {
  // What the pending-message route reads: `content` a non-empty list (400 otherwise), `role` any string.
  PendingMessageRequest: {
    type: 'object',
    title: 'PendingMessageRequest',
    description: 'A message to deliver once the conversation is ready.',
    properties: {
      content: {
        type: 'array',
        minItems: 1,
        items: { anyOf: [{ $ref: '#/components/schemas/TextContent' }, { $ref: '#/components/schemas/ImageContent' }] },
        title: 'Content',
        description: 'The text and image blocks of the message: at least one.',
      },
      role: { type: 'string', title: 'Role', description: 'Who the message is from.', default: 'user' },
    },
    required: ['content'],
  },
};

/**
 * Fields the models the service runs (1.43.1, as `spec/agent-server-openapi.json` declares them)
 * have and its older document lacks, by schema: added to the schema as given.
 * @type {Record<string, Schemas>}
 */
export const PROPERTIES = {
  'LLM-Input': { provider_connection_id: PROVIDER_CONNECTION_ID },
  'LLM-Output': { provider_connection_id: PROVIDER_CONNECTION_ID },
};

/**
 * The hand-written checks and error classes that `checks` and `errors` name, by the module under src/api that exports them.
 * @type {Record<string, string>}
 */
export const IMPORTS = {
  checkPendingMessage: 'pending-message-checks',
  PendingMessageLimitError: 'pending-message-checks',
};

/**
 * Values the generated operations test gives parameters whose schema says too little, by parameter name.
 * @type {Record<string, unknown>}
 */
export const EXAMPLES = {};
