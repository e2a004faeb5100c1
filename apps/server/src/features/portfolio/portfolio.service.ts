import type {
  AdminPortfolioQuery,
  Image,
  ImagePlanEntry,
  ListMeta,
  PortfolioInput,
  PortfolioItem,
  PortfolioQuery,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import { InvalidInput, NotFound } from '../../platform/errors';
import type { ImagePipeline } from '../../platform/images/images';
import { createPortfolioRepo, type PortfolioRepo, type PortfolioRow } from './portfolio.repo';

function toItem(row: PortfolioRow): PortfolioItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    images: row.images,
    // An index left pointing past the list (an image was removed) falls back to the first image.
    mainImageIndex: row.mainImageIndex < row.images.length ? row.mainImageIndex : 0,
    linkedProductId: row.linkedProductId,
  };
}

function compact<T extends { ru: string; en?: string; es?: string }>(text: T): T {
  const out = { ...text };
  if (!out.en) delete out.en;
  if (!out.es) delete out.es;
  return out;
}

/**
 * Checks the requested image list against what the item has and the files sent: each kept url
 * must be one of the item's images, each file index must exist, nothing listed twice, every file
 * used. Without a plan: the kept images, then the new files.
 */
export function resolvePlan(plan: ImagePlanEntry[] | undefined, current: Image[], fileCount: number): ImagePlanEntry[] {
  const entries = plan ?? [
    ...current.map((image) => ({ url: image.url })),
    ...Array.from({ length: fileCount }, (_, file) => ({ file })),
  ];
  const known = new Set(current.map((image) => image.url));
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = 'url' in entry ? `u:${entry.url}` : `f:${entry.file}`;
    const exists = 'url' in entry ? known.has(entry.url) : entry.file < fileCount;
    if (!exists || seen.has(key)) throw new InvalidInput('imageOrderInvalid', { field: 'images' });
    seen.add(key);
  }
  const filesUsed = entries.filter((entry) => 'file' in entry).length;
  if (filesUsed !== fileCount) throw new InvalidInput('imageOrderInvalid', { field: 'images' });
  return entries;
}

export function createPortfolioService({ db, images }: { db: Db; images?: ImagePipeline }) {
  const repo: PortfolioRepo = createPortfolioRepo(db);

  function pipeline(): ImagePipeline {
    if (!images) throw new Error('portfolio service needs the image pipeline to write');
    return images;
  }

  /** Converts the new files (each checked by content); on a refusal the ones already stored go again. */
  async function ingestAll(files: Buffer[]): Promise<Image[]> {
    const done: Image[] = [];
    try {
      for (const file of files) done.push(await pipeline().ingest(file, 'portfolio'));
      return done;
    } catch (error) {
      await Promise.all(
        done.map((image) =>
          pipeline()
            .remove(image)
            .catch(() => undefined),
        ),
      );
      throw error;
    }
  }

  /** The shared part of create and update: validate, convert files, write in one transaction. */
  async function save(id: string | null, input: PortfolioInput, files: Buffer[]): Promise<string> {
    // Cheap checks before any file is converted.
    if (input.linkedProductId && !(await repo.productIsListed(input.linkedProductId))) {
      throw new InvalidInput('linkedProductNotFound', { field: 'linkedProductId' });
    }
    const before = id ? await repo.lockImages(id) : [];
    if (before === null) throw new NotFound();
    const preliminary = resolvePlan(input.images, before, files.length);
    if (preliminary.length === 0) throw new InvalidInput('portfolioImageRequired', { field: 'images' });
    if (input.mainImageIndex >= preliminary.length) {
      throw new InvalidInput('mainImageInvalid', { field: 'mainImageIndex' });
    }

    const added = await ingestAll(files);
    let removed: Image[] = [];
    try {
      const savedId = await db.transaction(async (tx) => {
        const txRepo = createPortfolioRepo(tx);
        // Read again under a row lock: a concurrent save must not lose or orphan images.
        const current = id ? await txRepo.lockImages(id) : [];
        if (current === null) throw new NotFound();
        const plan = resolvePlan(input.images, current, files.length);
        const byUrl = new Map(current.map((image) => [image.url, image]));
        const list = plan.map((entry) => ('url' in entry ? byUrl.get(entry.url)! : added[entry.file]!));
        const kept = new Set(list.map((image) => image.url));
        removed = current.filter((image) => !kept.has(image.url));
        const values = {
          title: compact(input.title),
          description: compact(input.description),
          category: input.category,
          images: list,
          mainImageIndex: input.mainImageIndex,
          linkedProductId: input.linkedProductId,
        };
        if (id === null) return txRepo.insert(values);
        await txRepo.update(id, values);
        return id;
      });
      await Promise.all(
        removed.map((image) =>
          pipeline()
            .remove(image)
            .catch(() => undefined),
        ),
      );
      return savedId;
    } catch (error) {
      await Promise.all(
        added.map((image) =>
          pipeline()
            .remove(image)
            .catch(() => undefined),
        ),
      );
      throw error;
    }
  }

  const service = {
    async list(query: PortfolioQuery): Promise<{ items: PortfolioItem[]; meta: ListMeta }> {
      const { rows, total } = await repo.list(query.category === 'all' ? undefined : query.category, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(toItem), meta: { total, page: query.page, limit: query.limit } };
    },

    async adminList(query: AdminPortfolioQuery): Promise<{ items: PortfolioItem[]; meta: ListMeta }> {
      const { rows, total } = await repo.list(
        query.category === 'all' ? undefined : query.category,
        { offset: (query.page - 1) * query.limit, limit: query.limit },
        query.search || undefined,
      );
      return { items: rows.map(toItem), meta: { total, page: query.page, limit: query.limit } };
    },

    async get(id: string): Promise<PortfolioItem> {
      const row = await repo.findById(id);
      if (!row) throw new NotFound();
      return toItem(row);
    },

    async create(input: PortfolioInput, files: Buffer[]): Promise<PortfolioItem> {
      return service.get(await save(null, input, files));
    },

    async update(id: string, input: PortfolioInput, files: Buffer[]): Promise<PortfolioItem> {
      return service.get(await save(id, input, files));
    },

    async remove(id: string): Promise<void> {
      const gone = await repo.delete(id);
      if (gone === null) throw new NotFound();
      await Promise.all(
        gone.map((image) =>
          pipeline()
            .remove(image)
            .catch(() => undefined),
        ),
      );
    },
  };
  return service;
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
