import {
  type AdminProduct,
  AVAILABILITIES,
  type Availability,
  BOOK_FORMATS,
  type BookFormat,
  DIGITAL_BOOK_MAX_BYTES,
  LANGUAGES,
  type Language,
  PRODUCT_CATEGORIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SUBCATEGORIES,
  type ProductCategory,
  type ProductSubcategory,
  type ProductWrite,
} from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { useUploadProgress } from '../../../shared/api/upload';
import { fieldProblems } from '../../../shared/forms/server-errors';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { FormProblem } from '../../../shared/ui/form-field';
import {
  FileField,
  ImageUploadField,
  imagePlanOf,
  itemsFromImages,
  newFilesOf,
  type UploadItem,
} from '../../../shared/ui/image-upload-field';
import { toFullText } from '../../../shared/ui/localized-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useSaveProduct } from '../api/admin-shop';

const amountText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** '' → null; otherwise the typed number (commas accepted as decimal separators), NaN when junk. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const BOOK_ACCEPT = 'application/pdf,application/epub+zip,.pdf,.epub';

/**
 * Create or edit one product: name and description per language, prices in ₽ € $ (empty € / $ =
 * not sold in it), category, subcategory (collection only), availability, optional stock count,
 * book formats with the digital file, and the images (order, add, remove) — one upload with a
 * progress bar.
 */
export function ProductEditor({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { prefix: useId() };
  const id = (name: string) => `${ids.prefix}-${name}`;
  const [lang, setLang] = useState<Language>('ru');
  const [name, setName] = useState(() => toFullText(product?.name));
  const [description, setDescription] = useState(() => toFullText(product?.description));
  const [prices, setPrices] = useState(() => ({
    rub: amountText(product?.price.rub),
    eur: amountText(product?.price.eur),
    usd: amountText(product?.price.usd),
  }));
  const [category, setCategory] = useState<ProductCategory>(product?.category ?? 'collection');
  const [subcategory, setSubcategory] = useState<ProductSubcategory | ''>(product?.subcategory ?? '');
  const [availability, setAvailability] = useState<Availability>(product?.availability ?? 'in_stock');
  const [stock, setStock] = useState(amountText(product?.stock));
  const [formats, setFormats] = useState<BookFormat[]>(product?.bookFormats ?? ['physical']);
  const [images, setImages] = useState<UploadItem[]>(() => itemsFromImages(product?.images ?? []));
  const [bookFile, setBookFile] = useState<File | null>(null);
  const [removeBook, setRemoveBook] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSaveProduct();

  const isBook = category === 'book';
  const sellsDigital = isBook && formats.includes('digital');
  const hasBook = bookFile !== null || (product?.digitalFile != null && !removeBook);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rub = parseAmount(prices.rub);
    const eur = parseAmount(prices.eur);
    const usd = parseAmount(prices.usd);
    const stockValue = stock.trim() === '' ? null : Number(stock);
    const problems: string[] = [];
    if (name.ru.trim() === '' || description.ru.trim() === '') {
      setLang('ru');
      problems.push(t('shop.admin.ruRequired'));
    }
    if (rub === null || Number.isNaN(rub) || rub <= 0) problems.push(t('shop.admin.rubRequired'));
    if (Number.isNaN(eur) || Number.isNaN(usd)) problems.push(t('shop.admin.priceFormat'));
    if (stockValue !== null && !(Number.isInteger(stockValue) && stockValue >= 0)) {
      problems.push(t('shop.admin.stockFormat'));
    }
    if (isBook && formats.length === 0) problems.push(t('shop.admin.formatRequired'));
    if (sellsDigital && !hasBook) problems.push(t('shop.admin.bookRequired'));
    if (problems.length > 0) {
      setProblem(problems.join(' · '));
      return;
    }
    setProblem(null);
    const fields: ProductWrite = {
      name,
      description,
      price: { rub: rub as number, eur, usd },
      category,
      subcategory: category === 'collection' && subcategory ? subcategory : null,
      availability,
      stock: stockValue,
      images: imagePlanOf(images),
    };
    if (isBook) fields.bookFormats = formats;
    if (removeBook && !bookFile) fields.removeDigitalFile = true;
    save.mutate(
      { id: product?.id ?? null, fields, images: newFilesOf(images), file: sellsDigital ? bookFile : null, onProgress },
      {
        onSuccess: () => {
          toast.success(t('shop.admin.saved'));
          onDone();
        },
        onError: (error) => {
          const fieldTexts = fieldProblems(error).map((p) => p.message);
          setProblem([errorMessage(error, t('shop.admin.failed')), ...fieldTexts].join(' · '));
        },
        onSettled: reset,
      },
    );
  };

  const priceInput = (currency: 'rub' | 'eur' | 'usd') => (
    <div key={currency}>
      <label htmlFor={id(`price-${currency}`)} className="field-label">
        {t(`shop.admin.fields.price_${currency}`)}
      </label>
      <input
        id={id(`price-${currency}`)}
        className="input"
        inputMode="decimal"
        value={prices[currency]}
        onChange={(event) => setPrices({ ...prices, [currency]: event.target.value })}
        aria-describedby={currency === 'rub' ? undefined : id('price-hint')}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
      <ChipGroup
        legend={t('shop.admin.language')}
        legendClassName="field-label"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(value) => value.toUpperCase()}
      />
      <div>
        <label htmlFor={id(`name-${lang}`)} className="field-label">
          {t('shop.admin.fields.name', { lang: lang.toUpperCase() })}
        </label>
        <input
          id={id(`name-${lang}`)}
          className="input"
          value={name[lang]}
          maxLength={PRODUCT_NAME_MAX}
          onChange={(event) => setName({ ...name, [lang]: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={id(`description-${lang}`)} className="field-label">
          {t('shop.admin.fields.description', { lang: lang.toUpperCase() })}
        </label>
        <textarea
          id={id(`description-${lang}`)}
          className="input min-h-32 resize-y"
          value={description[lang]}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          onChange={(event) => setDescription({ ...description, [lang]: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className="field-label">{t('shop.admin.fields.prices')}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">{(['rub', 'eur', 'usd'] as const).map(priceInput)}</div>
        <p id={id('price-hint')} className="mt-2 text-sm text-muted">
          {t('shop.admin.priceHint')}
        </p>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={id('category')} className="field-label">
            {t('shop.category')}
          </label>
          <select
            id={id('category')}
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value as ProductCategory)}
          >
            {PRODUCT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`shop.categories.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {category === 'collection' ? (
          <div>
            <label htmlFor={id('subcategory')} className="field-label">
              {t('shop.subcategory')}
            </label>
            <select
              id={id('subcategory')}
              className="input"
              value={subcategory}
              onChange={(event) => setSubcategory(event.target.value as ProductSubcategory | '')}
            >
              <option value="">{t('shop.admin.noSubcategory')}</option>
              {PRODUCT_SUBCATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`shop.subcategories.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor={id('availability')} className="field-label">
            {t('shop.admin.fields.availability')}
          </label>
          <select
            id={id('availability')}
            className="input"
            value={availability}
            onChange={(event) => setAvailability(event.target.value as Availability)}
          >
            {AVAILABILITIES.map((value) => (
              <option key={value} value={value}>
                {t(`shop.availability.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id('stock')} className="field-label">
            {t('shop.admin.fields.stock')}
          </label>
          <input
            id={id('stock')}
            className="input"
            inputMode="numeric"
            value={stock}
            onChange={(event) => setStock(event.target.value)}
            aria-describedby={id('stock-hint')}
          />
          <p id={id('stock-hint')} className="mt-1 text-sm text-muted">
            {t('shop.admin.stockHint')}
          </p>
        </div>
      </div>
      {isBook ? (
        <fieldset className="grid grid-cols-1 gap-3">
          <legend className="field-label">{t('shop.bookFormat')}</legend>
          <div className="flex flex-wrap gap-4">
            {BOOK_FORMATS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm font-semibold">
                <input
                  type="checkbox"
                  className="size-5 accent-rose-600"
                  checked={formats.includes(value)}
                  onChange={(event) =>
                    setFormats(
                      event.target.checked
                        ? BOOK_FORMATS.filter((f) => f === value || formats.includes(f))
                        : formats.filter((f) => f !== value),
                    )
                  }
                />
                {t(`shop.formats.${value}`)}
              </label>
            ))}
          </div>
          {sellsDigital ? (
            <>
              <FileField
                id={id('book-file')}
                label={t('shop.admin.fields.bookFile')}
                hint={t('shop.admin.bookHint')}
                file={bookFile}
                onChange={setBookFile}
                currentName={removeBook ? null : (product?.digitalFile?.filename ?? null)}
                accept={BOOK_ACCEPT}
                maxBytes={DIGITAL_BOOK_MAX_BYTES}
                disabled={save.isPending}
              />
              {product?.digitalFile && !bookFile ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-rose-600"
                    checked={removeBook}
                    onChange={(event) => setRemoveBook(event.target.checked)}
                  />
                  {t('shop.admin.removeBook')}
                </label>
              ) : null}
            </>
          ) : null}
        </fieldset>
      ) : null}
      <ImageUploadField
        id={id('images')}
        label={t('shop.admin.fields.images')}
        hint={t('shop.admin.imagesHint', { max: PRODUCT_IMAGES_MAX })}
        items={images}
        onChange={setImages}
        maxFiles={PRODUCT_IMAGES_MAX}
        disabled={save.isPending}
      />
      <UploadProgressBar progress={progress} label={t('shop.admin.uploading')} />
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.sending') : t('shop.admin.save')}
        </button>
      </div>
    </form>
  );
}
