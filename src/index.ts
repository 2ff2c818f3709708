/**
 * agentwire: the edge-safe areas in one import. Node-only areas (`agentwire/skills`,
 * `agentwire/webhooks/node`) have their own subpaths.
 * @module
 */

export * from './api/index';
export * from './events/index';
export * from './webhooks/index';
