/**
 * What a rewrite needs only once it runs (the request, its stream, the automatic wait for a busy engine),
 * imported on the first Humanize, or earlier once there is text in the box (humanizer-card), so the home
 * page's first load does not carry it.
 */
export { humanizeText, humanizeTextStreaming, newIdempotencyKey } from '../api/humanize-text';
export { withAutoWait } from './auto-wait';
