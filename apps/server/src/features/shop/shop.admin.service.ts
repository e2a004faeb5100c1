import {
  type AdminProduct,
  type AdminShopQuery,
  availableNow,
  type Image,
  type ListMeta,
  type LocalizedText,
  PRODUCT_DETAIL_FIELDS,
  PRODUCT_IMAGES_MAX,
  type ProductDeleteResult,
  type ProductDetailField,
  type ProductImagePlanEntry,
  type ProductWrite,
  priceToMinor,
  toMinor,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { StoredFileRef } from '../../db/schema';
import { InvalidInput, NotFound } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { StreamedFile } from '../../platform/http/multipart';
import type { ImagePipeline } from '../../platform/images/images';
import { sniffStored } from '../../platform/storage/sniff';
import type { Storage } from '../../platform/storage/storage';
import {
  type AdminProductFilter,
  type AdminProductRow,
  isForeignKeyViolation,
  type ProductRecord,
  type ProductValues,
  type ShopAdminRepo,
} from './shop.admin.repo';
import { toProduct } from './shop.mappers';
import { parcelOf } from './shop.orders';
import type { ShopEvents } from './shop.schemas';

export interface ProductUpload {
  /** New image files in the order they were sent; appended after the kept images. */
  images: Buffer[];
  /** A digital book already streamed into private storage by the form reader. */
  file?: StreamedFile;
}

export function toAdminProduct(row: AdminProductRow): AdminProduct {
  return {
    ...toProduct(row),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    digitalFile: row.digitalFile ? { filename: row.digitalFile.filename, size: row.digitalFile.size } : null,
    orderCount: row.orderCount,
    parcel: parcelOf(row),
    featured: row.featured,
    position: row.position,
  };
}

/** The book's type by its content, never by the client's name or MIME type. */
async function sniffBook(storage: Storage, key: string): Promise<'application/pdf' | 'application/epub+zip' | null> {
  const type = await sniffStored(storage, 'private', key);
  return type === 'application/pdf' || type === 'application/epub+zip' ? type : null;
}

/** A download name without path parts or control characters. */
function safeFilename(name: string, contentType: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    // Control characters and quotes would break a Content-Disposition header.
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 150);
  const extension = contentType === 'application/pdf' ? '.pdf' : '.epub';
  if (!base) return `book${extension}`;
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

/** Size, materials, care: left out = unchanged; null or all languages empty = cleared. */
function detailValues(fields: ProductWrite): Partial<Pick<ProductValues, ProductDetailField>> {
  const values: Partial<Pick<ProductValues, ProductDetailField>> = {};
  for (const key of PRODUCT_DETAIL_FIELDS) {
    const text = fields[key];
    if (text === undefined) continue;
    if (!text?.ru) {
      values[key] = null;
      continue;
    }
    const stored: LocalizedText = { ru: text.ru };
    if (text.en) stored.en = text.en;
    if (text.es) stored.es = text.es;
    values[key] = stored;
  }
  return values;
}

function productValues(fields: ProductWrite): Omit<ProductValues, 'images' | 'digitalFile'> {
  const isBook = fields.category === 'book';
  return {
    name: fields.name,
    description: fields.description,
    ...priceToMinor(fields.price),
    category: fields.category,
    subcategory: fields.category === 'collection' ? (fields.subcategory ?? null) : null,
    availability: fields.availability,
    stock: fields.stock ?? null,
    bookFormats: isBook ? (fields.bookFormats?.length ? fields.bookFormats : ['physical']) : null,
    ...(fields.featured === undefined ? {} : { featured: fields.featured }),
    ...detailValues(fields),
    // Left out = unchanged; null = not placed in the owner's order.
    ...(fields.position === undefined ? {} : { position: fields.position }),
    // Left out = unchanged; null = back to the category's default.
    ...(fields.parcel === undefined
      ? {}
      : {
          weightGrams: fields.parcel?.weightGrams ?? null,
          lengthCm: fields.parcel?.lengthCm ?? null,
          widthCm: fields.parcel?.widthCm ?? null,
          heightCm: fields.parcel?.heightCm ?? null,
        }),
  };
}

const sellsDigital = (values: { category: string; bookFormats?: ProductValues['bookFormats'] }) =>
  values.category === 'book' && (values.bookFormats ?? []).includes('digital');

/**
 * Admin writes to the catalogue. Files are written before the row and removed again when the row
 * is not written; files a write replaced are removed only after the row no longer points at them.
 * The caller (routes) invalidates the public cache after every successful write.
 */
export function createShopAdminService({
  repo,
  images,
  storage,
  events,
}: {
  repo: ShopAdminRepo;
  images: ImagePipeline;
  storage: Storage;
  /** Where `productAvailable` goes when an edit makes a product available again. */
  events?: Pick<EventBus<ShopEvents>, 'emit'>;
}) {
  /** An edit that lets the product be bought from stock again tells the others, in its transaction. */
  async function announceIfBack(tx: Tx, before: ProductRecord, row: ProductRecord): Promise<void> {
    if (row.archivedAt === null && !availableNow(before) && availableNow(row)) {
      await events?.emit(tx, 'productAvailable', { productId: row.id, name: row.name });
    }
  }

  async function removeImages(list: Image[]): Promise<void> {
    await Promise.all(list.map((image) => images.remove(image).catch(() => undefined)));
  }

  async function removeBook(ref: StoredFileRef | null | undefined): Promise<void> {
    if (ref) await storage.delete('private', ref.key).catch(() => undefined);
  }

  /** Checks the uploaded book by content and turns it into the stored reference. */
  async function acceptBook(file: StreamedFile): Promise<StoredFileRef> {
    const type = await sniffBook(storage, file.stored.key);
    if (!type) {
      await file.discard();
      throw new InvalidInput('digitalFileType', { field: 'file' });
    }
    return {
      key: file.stored.key,
      filename: safeFilename(file.filename, type),
      contentType: type,
      size: file.stored.size,
    };
  }

  async function ingestAll(files: Buffer[]): Promise<Image[]> {
    const done: Image[] = [];
    try {
      for (const buffer of files) done.push(await images.ingest(buffer, 'products'));
      return done;
    } catch (error) {
      await removeImages(done);
      throw error;
    }
  }

  /** The envelope's message says what is wrong; `details.field` names the form field. */
  const fieldError = (field: string) => ({ field });

  /**
   * Checks a form's final image list against the current images and the uploaded parts: every
   * url is a current image, nothing twice, every uploaded part placed exactly once, at most 10.
   */
  function planImages(plan: ProductImagePlanEntry[], current: Image[], uploaded: number): void {
    const urls = new Set(current.map((image) => image.url));
    const seenUrls = new Set<string>();
    const seenFiles = new Set<number>();
    for (const entry of plan) {
      const ok =
        'url' in entry
          ? urls.has(entry.url) && !seenUrls.has(entry.url)
          : entry.file < uploaded && !seenFiles.has(entry.file);
      if (!ok) throw new InvalidInput('imageOrderInvalid', fieldError('images'));
      if ('url' in entry) seenUrls.add(entry.url);
      else seenFiles.add(entry.file);
    }
    if (seenFiles.size !== uploaded) throw new InvalidInput('imageOrderInvalid', fieldError('images'));
    if (plan.length > PRODUCT_IMAGES_MAX) throw new InvalidInput('tooManyImages', fieldError('images'));
  }

  async function withRow(id: string): Promise<AdminProductRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFound();
    return row;
  }

  return {
    async list(query: AdminShopQuery): Promise<{ items: AdminProduct[]; meta: ListMeta }> {
      const filter: AdminProductFilter = { archived: query.archived };
      if (query.category) filter.category = query.category;
      if (query.subcategory) filter.subcategory = query.subcategory;
      if (query.availability) filter.availability = query.availability;
      if (query.search) filter.search = query.search;
      if (query.minPrice !== undefined) filter.minPriceRubMinor = toMinor(query.minPrice);
      if (query.maxPrice !== undefined) filter.maxPriceRubMinor = toMinor(query.maxPrice);
      const { rows, total } = await repo.list(filter, query.sort, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(toAdminProduct), meta: { total, page: query.page, limit: query.limit } };
    },

    async get(id: string): Promise<AdminProduct> {
      return toAdminProduct(await withRow(id));
    },

    async create(fields: ProductWrite, upload: ProductUpload): Promise<AdminProduct> {
      const values = productValues(fields);
      try {
        if (fields.images) planImages(fields.images, [], upload.images.length);
        if (upload.images.length > PRODUCT_IMAGES_MAX) {
          throw new InvalidInput('tooManyImages', fieldError('images'));
        }
        if (upload.file && !sellsDigital(values)) {
          throw new InvalidInput('unexpectedFile', fieldError('file'));
        }
        if (!upload.file && sellsDigital(values)) {
          throw new InvalidInput('digitalFileRequired', fieldError('file'));
        }
      } catch (error) {
        await upload.file?.discard();
        throw error;
      }
      const digitalFile = upload.file ? await acceptBook(upload.file) : null;
      let ingested: Image[] = [];
      try {
        ingested = await ingestAll(upload.images);
        const plan = fields.images ?? ingested.map((_, file) => ({ file }));
        const ordered = plan.map((entry) => ingested['file' in entry ? entry.file : -1] as Image);
        const row = await repo.insert({ ...values, images: ordered, digitalFile });
        return toAdminProduct({ ...row, orderCount: 0 });
      } catch (error) {
        await removeImages(ingested);
        await removeBook(digitalFile);
        throw error;
      }
    },

    async update(id: string, fields: ProductWrite, upload: ProductUpload): Promise<AdminProduct> {
      const values = productValues(fields);
      let ingested: Image[] = [];
      let newBook: StoredFileRef | null = null;
      let dropped: Image[] = [];
      try {
        const existing = await repo.find(id);
        if (!existing) throw new NotFound();
        if (upload.file && !sellsDigital(values)) {
          throw new InvalidInput('unexpectedFile', fieldError('file'));
        }
        if (upload.file) newBook = await acceptBook(upload.file);
        ingested = await ingestAll(upload.images);
        const updated = await repo.updateLocked(
          id,
          async (row) => {
            const plan = fields.images ?? [
              ...row.images.map((image) => ({ url: image.url })),
              ...ingested.map((_, file) => ({ file })),
            ];
            planImages(plan, row.images, ingested.length);
            const byUrl = new Map(row.images.map((image) => [image.url, image]));
            const next = plan.map((entry) =>
              'url' in entry ? (byUrl.get(entry.url) as Image) : (ingested[entry.file] as Image),
            );
            const kept = new Set(next.map((image) => image.url));
            dropped = row.images.filter((image) => !kept.has(image.url));
            let digitalFile: StoredFileRef | null = row.digitalFile ?? null;
            if (fields.removeDigitalFile || !sellsDigital(values)) digitalFile = null;
            if (newBook) digitalFile = newBook;
            if (sellsDigital(values) && !digitalFile) {
              throw new InvalidInput('digitalFileRequired', fieldError('file'));
            }
            return { values: { ...values, images: next, digitalFile }, result: null };
          },
          announceIfBack,
        );
        if (!updated) throw new NotFound();
        // The row no longer points at these: remove them now that the change is committed.
        await removeImages(dropped);
        if (updated.before.digitalFile && updated.before.digitalFile.key !== updated.row.digitalFile?.key) {
          await removeBook(updated.before.digitalFile);
        }
        return toAdminProduct({ ...updated.row, orderCount: existing.orderCount });
      } catch (error) {
        await removeImages(ingested);
        if (newBook) await removeBook(newBook);
        else await upload.file?.discard();
        throw error;
      }
    },

    /** Removes one image by its index; later images move up by one. */
    async deleteImage(id: string, imageIndex: number): Promise<AdminProduct> {
      const updated = await repo.updateLocked(id, async (row) => {
        const image = row.images[imageIndex];
        if (!image) throw new NotFound();
        return { values: { images: row.images.filter((_, index) => index !== imageIndex) }, result: image };
      });
      if (!updated) throw new NotFound();
      await removeImages([updated.result]);
      return toAdminProduct({ ...updated.row, orderCount: await repo.orderCount(id) });
    },

    /**
     * A product that order lines reference is archived (hidden from the shop, kept for the orders);
     * otherwise the row and its files are deleted. An order written between the check and the
     * delete makes the delete fail on the foreign key, and the product is archived instead.
     */
    async remove(id: string): Promise<ProductDeleteResult> {
      const row = await withRow(id);
      if (row.orderCount > 0) {
        await repo.archive(id);
        return { id, outcome: 'archived' };
      }
      let deleted: ProductRecord | null;
      try {
        deleted = await repo.delete(id);
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        await repo.archive(id);
        return { id, outcome: 'archived' };
      }
      if (!deleted) throw new NotFound();
      await removeImages(deleted.images);
      await removeBook(deleted.digitalFile);
      return { id, outcome: 'deleted' };
    },
  };
}
export type ShopAdminService = ReturnType<typeof createShopAdminService>;
