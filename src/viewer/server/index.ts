/**
 * The viewer's server side, as `agentwire serve` mounts it: the routes under `/viewer` (the page,
 * its assets and the read endpoints), the key or session check, the cached conversation list and
 * the live stream. The one entry the CLI imports. Node only.
 * @module
 */
export type { ViewerAssets } from './assets';
export { createViewer, type Viewer, type ViewerOptions } from './routes';
export type { ViewerSource } from './source';
export type { StreamTimings } from './stream';
