import { PAGE_TITLES_RU } from '@atelier/shared/page-titles/ru';
import { orderLabels } from '../../order-labels';
import type { Tree } from '../../tree';
import { mergeTrees } from '../../tree';

/**
 * The texts only pages rendered in the browser show (the account, the cart and checkout's delivery, the lesson player,
 * custom requests, receipts, the orders' labels) and the pages' titles shared with the server's head (`pages`, for
 * the title after a client-side navigation): their own chunk, added to the language's texts once a server-rendered
 * page has hydrated, and before such a page opens (shared/i18n/i18n.ts).
 */
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

export default mergeTrees([
  ...Object.values(files).map((file) => file.default),
  orderLabels('ru'),
  { pages: PAGE_TITLES_RU },
]);
