import type { About, LandingSettings, Language } from '@atelier/shared';
import type { SeoResult } from '../../platform/http/seo';
import { artisanJsonLd, toAbout, toSettings } from './landing.mappers';
import type { LandingRepo } from './landing.repo';

export function createLandingService({ repo, publicUrl }: { repo: LandingRepo; publicUrl: string }) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    async about(): Promise<About> {
      const { about } = await repo.read(['about']);
      return toAbout(about);
    },

    async settings(): Promise<LandingSettings> {
      const { settings } = await repo.read(['settings']);
      return toSettings(settings);
    },

    /** Person + LocalBusiness JSON-LD for the home page (one query for both rows). */
    async homeSeo(lang: Language): Promise<SeoResult> {
      const rows = await repo.read(['about', 'settings']);
      const jsonLd = artisanJsonLd(toAbout(rows.about), toSettings(rows.settings), lang, base);
      return jsonLd.length > 0 ? { jsonLd } : {};
    },
  };
}
export type LandingService = ReturnType<typeof createLandingService>;
