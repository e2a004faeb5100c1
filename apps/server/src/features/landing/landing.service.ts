import type { About, AboutUpdate, Image, LandingSettings, LandingSettingsUpdate, Language } from '@atelier/shared';
import { siteLinks } from '../../platform/http/links';
import type { SeoResult } from '../../platform/http/seo';
import type { ImagePipeline } from '../../platform/images/images';
import { artisanJsonLd, toAbout, toSettings } from './landing.mappers';
import type { LandingRepo } from './landing.repo';

/** Drops languages left blank, so a cleared en/es falls back to ru instead of showing nothing. */
function compact<T extends { ru: string; en?: string; es?: string }>(text: T): T {
  const out = { ...text };
  if (!out.en) delete out.en;
  if (!out.es) delete out.es;
  return out;
}

export function createLandingService({
  repo,
  images,
  publicUrl,
}: {
  repo: LandingRepo;
  images?: ImagePipeline;
  publicUrl: string;
}) {
  const base = siteLinks(publicUrl).base;
  return {
    async about(): Promise<About> {
      const { about } = await repo.read(['about']);
      return toAbout(about);
    },

    async settings(): Promise<LandingSettings> {
      const { settings } = await repo.read(['settings']);
      return toSettings(settings);
    },

    /**
     * Replaces the about texts; a new photo (already-read bytes) is checked and converted first,
     * so a bad file changes nothing. The old photo's files go only after the new row is stored.
     */
    async updateAbout(input: AboutUpdate, photo?: Buffer): Promise<About> {
      if (!images) throw new Error('landing service needs the image pipeline to write');
      const current = await this.about();
      const added: Image | null = photo ? await images.ingest(photo, 'landing') : null;
      const image = added ?? (input.removeImage ? null : current.image);
      const next: About = { title: compact(input.title), content: compact(input.content), image };
      try {
        await repo.write('about', next);
      } catch (error) {
        if (added) await images.remove(added).catch(() => undefined);
        throw error;
      }
      if (current.image && current.image.url !== image?.url) await images.remove(current.image).catch(() => undefined);
      return next;
    },

    async updateSettings(input: LandingSettingsUpdate): Promise<LandingSettings> {
      const next: LandingSettings = {
        ...input,
        artisanName: input.artisanName || undefined,
        heroTitle: compact(input.heroTitle),
        heroSubtitle: compact(input.heroSubtitle),
      };
      if (!next.artisanName) delete next.artisanName;
      await repo.write('settings', next);
      return next;
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
