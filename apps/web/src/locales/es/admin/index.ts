import type { Tree } from '../../tree';
import { mergeTrees } from '../../tree';

/**
 * The texts only the admin area shows (one file per feature, same nesting as the feature's own
 * file): their own chunk, added to the language's texts when the admin area loads.
 */
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

export default mergeTrees(Object.values(files).map((file) => file.default));
