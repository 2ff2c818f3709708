/**
 * The viewer's server side, as `agentwire serve` mounts it: the routes under `/viewer` (the page,
 * its assets and the read endpoints), the key or session check, the cached conversation list and
 * the live stream. The viewer's one entry: the CLI imports it, not a published subpath. Node only.
 * @module
 */
export type { ViewerAssets } from './server/assets';
export { createViewer, type Viewer, type ViewerOptions } from './server/routes';
export type { ViewerSource } from './server/source';
export type { StreamTimings } from './server/sse';
