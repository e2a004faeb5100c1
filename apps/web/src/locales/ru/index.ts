import { legalLabels } from '../labels';
import type { Tree } from '../tree';
import { mergeTrees } from '../tree';

/**
 * The ru texts of the app and its server-rendered pages: one JSON file per feature (each file holds
 * one top-level key) and the legal documents' labels shared with the server's mails, merged into
 * one chunk. The texts only browser-rendered pages show are in later/, the admin area's in admin/.
 */
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

export default mergeTrees([...Object.values(files).map((file) => file.default), legalLabels('ru')]);
