import { ResourceAdminPage } from './resource-admin-page';

/** Read-only lists shown until a feature plugs its own admin page into ADMIN_PAGES. */
export const ShopPlaceholderPage = () => <ResourceAdminPage section="shop" />;
export const LessonsPlaceholderPage = () => <ResourceAdminPage section="lessons" />;
export const PromoCodesPlaceholderPage = () => <ResourceAdminPage section="promoCodes" />;
