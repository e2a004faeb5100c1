import {
  type AdminProduct,
  AVAILABILITIES,
  type Availability,
  BOOK_FORMATS,
  type BookFormat,
  DIGITAL_BOOK_MAX_BYTES,
  FEATURED_HOME_LIMIT,
  PARCEL_DEFAULTS,
  PRODUCT_CATEGORIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DETAIL_FIELDS,
  PRODUCT_DETAIL_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SUBCATEGORIES,
  type ProductCategory,
  type ProductSubcategory,
  type ProductWrite,
  ProductWriteSchema,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { useUploadProgress } from '../../../shared/api/upload';
import { CheckboxGroup } from '../../../shared/forms/checkbox-group';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { moneyRules, PRICE_PATHS, priceFromText } from '../../../shared/forms/money-input';
import { problemText } from '../../../shared/forms/server-errors';
import { useMissingLanguagesWarning } from '../../../shared/forms/use-missing-languages-warning';
import {
  type FormRuleProblem,
  numberOrNull,
  numberText,
  useFieldMessage,
  writeResolver,
} from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import {
  CheckboxField,
  FormField,
  FormProblem,
  fieldControlProps,
  SubmitButton,
  TextField,
} from '../../../shared/ui/form-field';
import {
  FileField,
  ImageUploadField,
  imagePlanOf,
  itemsFromImages,
  newFilesOf,
  type UploadItem,
} from '../../../shared/ui/image-upload-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useSaveProduct } from '../api/admin-shop';

const BOOK_ACCEPT = 'application/pdf,application/epub+zip,.pdf,.epub';

/** What the product form holds: the inputs' text, the image list, the picked book file. */
export interface ProductForm {
  name: FullText;
  description: FullText;
  price: { rub: string; eur: string; usd: string };
  category: ProductCategory;
  subcategory: ProductSubcategory | '';
  availability: Availability;
  stock: string;
  /** Place in the owner's order of the shop: a whole number from 1, or empty for none. */
  position: string;
  bookFormats: BookFormat[];
  images: UploadItem[];
  bookFile: File | null;
  removeDigitalFile: boolean;
  /** Packed weight (g) and box (cm) for CDEK's price: all four, or all empty for the category's default. */
  parcel: { weightGrams: string; lengthCm: string; widthCm: string; heightCm: string };
  /** Shown on the home page (the owner's pick). */
  featured: boolean;
  /** The product page's size, materials and care; all languages empty = not shown. */
  size: FullText;
  materials: FullText;
  care: FullText;
}

const PARCEL_FIELDS = ['weightGrams', 'lengthCm', 'widthCm', 'heightCm'] as const;

export function productFormOf(product: AdminProduct | null): ProductForm {
  return {
    name: toFullText(product?.name),
    description: toFullText(product?.description),
    price: {
      rub: numberText(product?.price.rub),
      eur: numberText(product?.price.eur),
      usd: numberText(product?.price.usd),
    },
    category: product?.category ?? 'collection',
    subcategory: product?.subcategory ?? '',
    availability: product?.availability ?? 'in_stock',
    stock: numberText(product?.stock),
    position: numberText(product?.position),
    bookFormats: product?.bookFormats ?? ['physical'],
    images: itemsFromImages(product?.images ?? []),
    bookFile: null,
    removeDigitalFile: false,
    parcel: {
      weightGrams: numberText(product?.parcel?.weightGrams),
      lengthCm: numberText(product?.parcel?.lengthCm),
      widthCm: numberText(product?.parcel?.widthCm),
      heightCm: numberText(product?.parcel?.heightCm),
    },
    featured: product?.featured ?? false,
    size: toFullText(product?.size),
    materials: toFullText(product?.materials),
    care: toFullText(product?.care),
  };
}

/** A text left empty in every language is cleared (null); otherwise sent as typed. */
function detailBody(text: FullText): ProductWrite['size'] {
  return Object.values(text).every((value) => value.trim() === '') ? null : text;
}

/** All four empty: the category's default (null); otherwise the four numbers, checked by the shared schema. */
function parcelBody(parcel: ProductForm['parcel']): ProductWrite['parcel'] {
  if (PARCEL_FIELDS.every((field) => parcel[field].trim() === '')) return null;
  return {
    weightGrams: numberOrNull(parcel.weightGrams) as number,
    lengthCm: numberOrNull(parcel.lengthCm) as number,
    widthCm: numberOrNull(parcel.widthCm) as number,
    heightCm: numberOrNull(parcel.heightCm) as number,
  };
}

const sellsDigital = (form: ProductForm) => form.category === 'book' && form.bookFormats.includes('digital');

/**
 * The `data` part of POST /shop and PUT /shop/{id}, checked with ProductWriteSchema before it is
 * sent: prices in major units (empty € / $ = not sold in it), the subcategory of a collection
 * piece only, book formats of a book only, the final image plan.
 */
export function productBody(form: ProductForm): ProductWrite {
  const body: ProductWrite = {
    name: form.name,
    description: form.description,
    price: priceFromText(form.price),
    category: form.category,
    subcategory: form.category === 'collection' && form.subcategory ? form.subcategory : null,
    availability: form.availability,
    stock: numberOrNull(form.stock),
    position: numberOrNull(form.position),
    images: imagePlanOf(form.images),
    parcel: parcelBody(form.parcel),
    featured: form.featured,
    size: detailBody(form.size),
    materials: detailBody(form.materials),
    care: detailBody(form.care),
  };
  if (form.category === 'book') body.bookFormats = form.bookFormats;
  if (form.removeDigitalFile && !form.bookFile) body.removeDigitalFile = true;
  return body;
}

const priceRules = moneyRules(PRICE_PATHS);

/** A digital book needs its file: a new one, or the stored one kept; a typed price is an amount. */
export function productRules(hasStoredFile: boolean) {
  return (form: ProductForm): FormRuleProblem[] => [
    ...priceRules(form),
    ...(sellsDigital(form) && !form.bookFile && (!hasStoredFile || form.removeDigitalFile)
      ? [{ path: 'bookFile', message: 'shop.admin.bookRequired' }]
      : []),
  ];
}

/**
 * Create or edit one product: name and description per language, prices in ₽ € $ (empty € / $ =
 * not sold in it), category, subcategory (collection only), availability, optional stock count,
 * book formats with the digital file, and the images (order, add, remove) — one upload with a
 * progress bar.
 */
export function ProductEditor({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const { t } = useTranslation();
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSaveProduct();
  const form = useForm<ProductForm, unknown, ProductWrite>({
    resolver: writeResolver(ProductWriteSchema, productBody, productRules(product?.digitalFile != null)),
    defaultValues: productFormOf(product),
  });
  const { register, control, handleSubmit, watch, getValues } = form;
  const { field: images } = useController({ control, name: 'images' });
  const { field: bookFile } = useController({ control, name: 'bookFile' });
  const ruRequired = t('shop.admin.ruRequired');
  const message = useFieldMessage(form.formState.errors, {
    'name.ru': ruRequired,
    'description.ru': ruRequired,
    'price.rub': t('shop.admin.rubRequired'),
    'price.eur': t('shop.admin.priceFormat'),
    'price.usd': t('shop.admin.priceFormat'),
    stock: t('shop.admin.stockFormat'),
    position: t('shop.admin.positionFormat'),
    bookFormats: t('shop.admin.formatRequired'),
    ...Object.fromEntries(
      PRODUCT_DETAIL_FIELDS.map((field) => [`${field}.ru`, t('shop.admin.details.detailsRuRequired')]),
    ),
    ...Object.fromEntries(PARCEL_FIELDS.map((field) => [`parcel.${field}`, t('shop.admin.parcel.invalid')])),
  });
  const category = watch('category');
  const usual = PARCEL_DEFAULTS[category];
  const isBook = category === 'book';
  const digital = isBook && watch('bookFormats').includes('digital');
  const warning = useMissingLanguagesWarning<ProductForm>(TRANSLATED_FIELDS.product, (field, lang) =>
    field === 'name' || field === 'description'
      ? t(`shop.admin.fields.${field}`, { lang: lang.toUpperCase() })
      : t(`shop.admin.details.${field}`, { lang: lang.toUpperCase() }),
  );

  const submit = handleSubmit((fields) => {
    setProblem(null);
    const values = getValues();
    if (!warning.allows(values)) return;
    save.mutate(
      {
        id: product?.id ?? null,
        fields,
        images: newFilesOf(values.images),
        file: sellsDigital(values) ? values.bookFile : null,
        onProgress,
      },
      {
        onSuccess: () => {
          toast.success(t('shop.admin.saved'));
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('shop.admin.failed'))),
        onSettled: reset,
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
        <LocalizedFields
          idPrefix={prefix}
          legend={t('shop.admin.language')}
          message={message}
          fields={[
            {
              name: 'name',
              label: (lang) => t('shop.admin.fields.name', { lang: lang.toUpperCase() }),
              maxLength: PRODUCT_NAME_MAX,
            },
            {
              name: 'description',
              label: (lang) => t('shop.admin.fields.description', { lang: lang.toUpperCase() }),
              maxLength: PRODUCT_DESCRIPTION_MAX,
              kind: 'richtext',
            },
          ]}
        />
        <fieldset className="grid grid-cols-1 gap-3 rounded-2xl border border-line p-4">
          <legend className="field-label px-1">{t('shop.admin.details.detailsLegend')}</legend>
          <p className="text-sm text-muted">{t('shop.admin.details.detailsHint')}</p>
          <LocalizedFields
            idPrefix={`${prefix}-details`}
            legend={t('shop.admin.language')}
            message={message}
            fields={PRODUCT_DETAIL_FIELDS.map((name) => ({
              name,
              label: (lang) => t(`shop.admin.details.${name}`, { lang: lang.toUpperCase() }),
              maxLength: PRODUCT_DETAIL_MAX,
              multiline: name === 'care',
            }))}
          />
        </fieldset>
        <fieldset>
          <legend className="field-label">{t('shop.admin.fields.prices')}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(['rub', 'eur', 'usd'] as const).map((currency) => (
              <TextField
                key={currency}
                {...register(`price.${currency}`)}
                id={id(`price-${currency}`)}
                label={t(`shop.admin.fields.price_${currency}`)}
                error={message(`price.${currency}`)}
                inputMode="decimal"
              />
            ))}
          </div>
          <p className="mt-2 text-sm text-muted">{t('shop.admin.priceHint')}</p>
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField id={id('category')} label={t('shop.category')}>
            <select {...register('category')} {...fieldControlProps(id('category'), false)} className="input">
              {PRODUCT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`shop.categories.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          {category === 'collection' ? (
            <FormField id={id('subcategory')} label={t('shop.subcategory')} error={message('subcategory')}>
              <select
                {...register('subcategory')}
                {...fieldControlProps(id('subcategory'), Boolean(message('subcategory')))}
                className="input"
              >
                <option value="">{t('shop.admin.noSubcategory')}</option>
                {PRODUCT_SUBCATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`shop.subcategories.${value}`)}
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
          <FormField id={id('availability')} label={t('shop.admin.fields.availability')}>
            <select {...register('availability')} {...fieldControlProps(id('availability'), false)} className="input">
              {AVAILABILITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`shop.availability.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            {...register('stock')}
            id={id('stock')}
            label={t('shop.admin.fields.stock')}
            error={message('stock')}
            hint={t('shop.admin.stockHint')}
            inputMode="numeric"
          />
          <TextField
            {...register('position')}
            id={id('position')}
            label={t('shop.admin.fields.position')}
            error={message('position')}
            hint={t('shop.admin.positionHint')}
            inputMode="numeric"
          />
        </div>
        <CheckboxField {...register('featured')} id={id('featured')}>
          <span className="font-semibold">{t('shop.admin.fields.featured')}</span>
          <span className="mt-1 block text-muted">{t('shop.admin.featuredHint', { count: FEATURED_HOME_LIMIT })}</span>
        </CheckboxField>
        <fieldset>
          <legend className="field-label">{t('shop.admin.parcel.legend')}</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {PARCEL_FIELDS.map((field) => (
              <TextField
                key={field}
                {...register(`parcel.${field}`)}
                id={id(`parcel-${field}`)}
                label={t(`shop.admin.parcel.${field}`)}
                error={message(`parcel.${field}`)}
                inputMode="numeric"
              />
            ))}
          </div>
          <p className="mt-2 text-sm text-muted">
            {t('shop.admin.parcel.hint', {
              weight: usual.weightGrams,
              length: usual.lengthCm,
              width: usual.widthCm,
              height: usual.heightCm,
            })}
          </p>
        </fieldset>
        {isBook ? (
          <div className="grid grid-cols-1 gap-3">
            <CheckboxGroup
              name="bookFormats"
              id={id('formats')}
              legend={t('shop.bookFormat')}
              options={BOOK_FORMATS.map((value) => ({ value, label: t(`shop.formats.${value}`) }))}
              keepOptionOrder
              error={message('bookFormats')}
            />
            {digital ? (
              <>
                <FileField
                  id={id('book-file')}
                  label={t('shop.admin.fields.bookFile')}
                  hint={t('shop.admin.bookHint')}
                  error={message('bookFile')}
                  file={bookFile.value}
                  onChange={bookFile.onChange}
                  currentName={watch('removeDigitalFile') ? null : (product?.digitalFile?.filename ?? null)}
                  accept={BOOK_ACCEPT}
                  maxBytes={DIGITAL_BOOK_MAX_BYTES}
                  disabled={save.isPending}
                />
                {product?.digitalFile && !bookFile.value ? (
                  <CheckboxField {...register('removeDigitalFile')} id={id('remove-book')}>
                    {t('shop.admin.removeBook')}
                  </CheckboxField>
                ) : null}
              </>
            ) : null}
          </div>
        ) : null}
        <ImageUploadField
          id={id('images')}
          label={t('shop.admin.fields.images')}
          hint={t('shop.admin.imagesHint', { max: PRODUCT_IMAGES_MAX })}
          error={message('images')}
          items={images.value}
          onChange={images.onChange}
          maxFiles={PRODUCT_IMAGES_MAX}
          disabled={save.isPending}
        />
        <UploadProgressBar progress={progress} label={t('shop.admin.uploading')} />
        <FormProblem>{problem}</FormProblem>
        {warning.notice(submit)}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={save.isPending}>{t('shop.admin.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
