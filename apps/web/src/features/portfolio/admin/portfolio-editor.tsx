import {
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_MAX_IMAGES,
  type PortfolioCategory,
  type PortfolioInput,
  PortfolioInputSchema,
  type PortfolioItem,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { useUploadProgress } from '../../../shared/api/upload';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { problemText } from '../../../shared/forms/server-errors';
import { useMissingLanguagesWarning } from '../../../shared/forms/use-missing-languages-warning';
import { type FormRuleProblem, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormField, FormProblem, fieldControlProps, SubmitButton } from '../../../shared/ui/form-field';
import {
  ImageUploadField,
  imagePlanOf,
  itemsFromImages,
  newFilesOf,
  type UploadItem,
} from '../../../shared/ui/image-upload-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useSavePortfolioItem } from '../api/admin-portfolio';
import { ProductPicker } from './product-picker';

/** What the portfolio form holds: texts, category, the image list with its main image, the product. */
export interface PortfolioForm {
  title: FullText;
  description: FullText;
  category: PortfolioCategory;
  images: UploadItem[];
  mainImageIndex: number;
  linkedProductId: string | null;
}

export function portfolioFormOf(item: PortfolioItem | null): PortfolioForm {
  return {
    title: toFullText(item?.title),
    description: toFullText(item?.description),
    category: item?.category ?? 'wedding',
    images: itemsFromImages(item?.images ?? []),
    mainImageIndex: item?.mainImageIndex ?? 0,
    linkedProductId: item?.linkedProductId ?? null,
  };
}

/** The `data` part of POST/PUT /admin/portfolio (checked with PortfolioInputSchema before it is sent). */
export function portfolioBody(form: PortfolioForm): PortfolioInput {
  return {
    title: form.title,
    description: form.description,
    category: form.category,
    images: imagePlanOf(form.images),
    mainImageIndex: Math.min(form.mainImageIndex, form.images.length - 1),
    linkedProductId: form.linkedProductId,
  };
}

/** A work is shown by its photos: at least one. */
export const portfolioRules = (form: PortfolioForm): FormRuleProblem[] =>
  form.images.length === 0 ? [{ path: 'images', message: 'portfolio.admin.imageRequired' }] : [];

/** Create or edit one work: texts per language, category, images (order, main), linked product. */
export function PortfolioEditor({ item, onDone }: { item: PortfolioItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSavePortfolioItem();
  const form = useForm<PortfolioForm, unknown, PortfolioInput>({
    resolver: writeResolver(PortfolioInputSchema, portfolioBody, portfolioRules),
    defaultValues: portfolioFormOf(item),
  });
  const { register, control, handleSubmit, getValues } = form;
  const { field: images } = useController({ control, name: 'images' });
  const { field: mainIndex } = useController({ control, name: 'mainImageIndex' });
  const { field: product } = useController({ control, name: 'linkedProductId' });
  const message = useFieldMessage(form.formState.errors, { 'title.ru': t('portfolio.admin.ruRequired') });

  const warning = useMissingLanguagesWarning<PortfolioForm>(TRANSLATED_FIELDS.portfolio, (field, lang) =>
    t(`portfolio.admin.fields.${field}`, { lang: lang.toUpperCase() }),
  );

  const submit = handleSubmit((fields) => {
    setProblem(null);
    if (!warning.allows(form.getValues())) return;
    save.mutate(
      { id: item?.id ?? null, fields, files: newFilesOf(getValues('images')), onProgress },
      {
        onSuccess: () => {
          toast.success(t('portfolio.admin.saved'));
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('portfolio.admin.failed'))),
        onSettled: reset,
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
        <LocalizedFields
          idPrefix="portfolio"
          legend={t('landing.admin.language')}
          message={message}
          fields={[
            {
              name: 'title',
              label: (lang) => t('portfolio.admin.fields.title', { lang: lang.toUpperCase() }),
              maxLength: 200,
            },
            {
              name: 'description',
              label: (lang) => t('portfolio.admin.fields.description', { lang: lang.toUpperCase() }),
              maxLength: 5000,
              multiline: true,
            },
          ]}
        />
        <FormField id="portfolio-category" label={t('portfolio.admin.fields.category')}>
          <select {...register('category')} {...fieldControlProps('portfolio-category', false)} className="input">
            {PORTFOLIO_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`portfolio.categories.${value}`)}
              </option>
            ))}
          </select>
        </FormField>
        <ImageUploadField
          id="portfolio-images"
          label={t('portfolio.admin.fields.images')}
          hint={t('portfolio.admin.imagesHint', { max: PORTFOLIO_MAX_IMAGES })}
          error={message('images')}
          items={images.value}
          onChange={images.onChange}
          maxFiles={PORTFOLIO_MAX_IMAGES}
          mainIndex={mainIndex.value}
          onMainIndexChange={mainIndex.onChange}
          disabled={save.isPending}
        />
        <ProductPicker value={product.value} onChange={product.onChange} />
        <UploadProgressBar progress={progress} />
        <FormProblem>{problem}</FormProblem>
        {warning.notice(submit)}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={save.isPending}>{t('portfolio.admin.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
