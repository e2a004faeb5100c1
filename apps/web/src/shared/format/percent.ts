/**
 * The one way a percentage is written on the site (`formatPercent`); it lives with the progress
 * formats, which every page of lessons loads, so pages that show one load no chunk of its own.
 */
export { formatPercent } from './progress';
