/**
 * Render ahead: how a click, a key or a keystroke finds its answer already on the page. Each
 * technique has one name; docs/benchmarks.md measures each (the file of each says which row).
 *
 * - Screen ahead (`LinkAhead`, screen-ahead.tsx): a link pressed or holding the keyboard's focus
 *   renders its screen out of sight, so the click or the Enter only shows it.
 * - Reads at the press (`LinkAhead`'s `prepare`: records/call-reads.ts `prefetchCall`,
 *   records/deal-reads.ts `prefetchDeal`): the screen's first reads start while the button is
 *   held, 50-150 ms before the click.
 * - Read ahead when idle (`useReadAheadWhenIdle`, read-ahead-when-idle.ts): a list puts into the
 *   page, once idle, the answers the local copy holds of the records it shows.
 * - After the paint (`useValueAfterPaint`, after-paint.ts): work that can wait one frame waits
 *   for the frame that shows what the person asked for.
 * - Address when paused (`replaceWhenPaused`, address-when-paused.ts): a screen whose fields are
 *   its own state writes its address once typing pauses, not on every key.
 */

export { replaceWhenPaused } from './address-when-paused';
export { useValueAfterPaint } from './after-paint';
export { type ReadAheadSource, readAheadAt, useReadAheadWhenIdle } from './read-ahead-when-idle';
export { LinkAhead, useScreenAhead } from './screen-ahead';
