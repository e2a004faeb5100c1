import {
  LANGUAGES,
  type Language,
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_MAX_IMAGES,
  type PortfolioCategory,
  type PortfolioItem,
} from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { useUploadProgress } from '../../../shared/api/upload';
import { fieldProblems } from '../../../shared/forms/server-errors';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { FormProblem } from '../../../shared/ui/form-field';
import {
  ImageUploadField,
  imagePlanOf,
  itemsFromImages,
  newFilesOf,
  type UploadItem,
} from '../../../shared/ui/image-upload-field';
import { LocalizedField, toFullText } from '../../../shared/ui/localized-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useSavePortfolioItem } from '../api/admin-portfolio';
import { ProductPicker } from './product-picker';

/** Create or edit one work: texts per language, category, images (order, main), linked product. */
export function PortfolioEditor({ item, onDone }: { item: PortfolioItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>('ru');
  const [title, setTitle] = useState(() => toFullText(item?.title));
  const [description, setDescription] = useState(() => toFullText(item?.description));
  const [category, setCategory] = useState<PortfolioCategory>(item?.category ?? 'wedding');
  const [images, setImages] = useState<UploadItem[]>(() => itemsFromImages(item?.images ?? []));
  const [mainIndex, setMainIndex] = useState(item?.mainImageIndex ?? 0);
  const [productId, setProductId] = useState<string | null>(item?.linkedProductId ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSavePortfolioItem();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (title.ru.trim() === '') {
      setLang('ru');
      setProblem(t('portfolio.admin.ruRequired'));
      return;
    }
    if (images.length === 0) {
      setProblem(t('portfolio.admin.imageRequired'));
      return;
    }
    setProblem(null);
    save.mutate(
      {
        id: item?.id ?? null,
        fields: {
          title,
          description,
          category,
          images: imagePlanOf(images),
          mainImageIndex: Math.min(mainIndex, images.length - 1),
          linkedProductId: productId,
        },
        files: newFilesOf(images),
        onProgress,
      },
      {
        onSuccess: () => {
          toast.success(t('portfolio.admin.saved'));
          onDone();
        },
        onError: (error) => {
          const fields = fieldProblems(error).map((p) => p.message);
          setProblem([errorMessage(error, t('portfolio.admin.failed')), ...fields].join(' · '));
        },
        onSettled: reset,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
      <ChipGroup
        legend={t('landing.admin.language')}
        legendClassName="field-label"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(value) => value.toUpperCase()}
      />
      <LocalizedField
        id="portfolio-title"
        label={t('portfolio.admin.fields.title', { lang: lang.toUpperCase() })}
        lang={lang}
        value={title}
        onChange={setTitle}
        maxLength={200}
      />
      <LocalizedField
        id="portfolio-description"
        label={t('portfolio.admin.fields.description', { lang: lang.toUpperCase() })}
        lang={lang}
        value={description}
        onChange={setDescription}
        maxLength={5000}
        multiline
      />
      <div>
        <label htmlFor="portfolio-category" className="field-label">
          {t('portfolio.admin.fields.category')}
        </label>
        <select
          id="portfolio-category"
          className="input"
          value={category}
          onChange={(event) => setCategory(event.target.value as PortfolioCategory)}
        >
          {PORTFOLIO_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`portfolio.categories.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <ImageUploadField
        id="portfolio-images"
        label={t('portfolio.admin.fields.images')}
        hint={t('portfolio.admin.imagesHint', { max: PORTFOLIO_MAX_IMAGES })}
        items={images}
        onChange={setImages}
        maxFiles={PORTFOLIO_MAX_IMAGES}
        mainIndex={mainIndex}
        onMainIndexChange={setMainIndex}
        disabled={save.isPending}
      />
      <ProductPicker value={productId} onChange={setProductId} />
      <UploadProgressBar progress={progress} />
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.sending') : t('portfolio.admin.save')}
        </button>
      </div>
    </form>
  );
}
