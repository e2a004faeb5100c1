import { sharedLabels } from '../labels';
import type { Tree } from '../tree';
import { mergeTrees } from '../tree';

/**
 * Every ru text: one JSON file per feature (each file holds one top-level key) and the labels
 * shared with the server's mails, merged into one chunk.
 */
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

export default mergeTrees([...Object.values(files).map((file) => file.default), sharedLabels('ru')]);
