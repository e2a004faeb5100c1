import {
  LANGUAGES,
  type Language,
  LEGAL_KINDS,
  LEGAL_TITLE_MAX,
  type LegalDocument,
  type LegalDocumentSummary,
  type LegalKind,
  legalDocumentPath,
  PublishLegalDocumentBody,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, Route, Routes, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { RichTextField } from '../../../shared/forms/rich-text/rich-text-field';
import { problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { legalDocumentQueryOptions } from '../../../shared/legal/legal-api';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { FieldError, FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Markdown } from '../../../shared/ui/markdown';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
import { QueryState } from '../../../shared/ui/query-state';
import { toast } from '../../../shared/ui/toast';
import { useAdminLegalVersions, usePublishLegalDocument } from '../api/admin-legal';

/** `/admin/legal/*`: every document in every language, and each one's versions and editor. */
export function LegalAdminPage() {
  return (
    <Routes>
      <Route index element={<DocumentsList />} />
      <Route path=":kind/:language" element={<DocumentRoute />} />
    </Routes>
  );
}

function DocumentsList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useAdminLegalVersions();
  const current = query.data?.filter((summary) => summary.current);
  const counts = new Map<string, number>();
  for (const summary of query.data ?? []) {
    const key = `${summary.kind}/${summary.language}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  // A document is written per language; one whose en or es version does not exist is marked on its ru row.
  const missingOf = (kind: LegalKind): Language[] =>
    LANGUAGES.filter(
      (lang) => lang !== 'ru' && !current?.some((summary) => summary.kind === kind && summary.language === lang),
    );

  const columns: DataColumn<LegalDocumentSummary>[] = [
    {
      key: 'document',
      header: t('legal.admin.document'),
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Link to={`${row.kind}/${row.language}`} className="link font-semibold">
            {t(`labels.legalKind.${row.kind}`)}
            <span className="sr-only"> ({row.language.toUpperCase()})</span>
          </Link>
          {row.language === 'ru' ? <MissingLanguagesBadge languages={missingOf(row.kind)} /> : null}
        </span>
      ),
    },
    {
      key: 'language',
      header: t('legal.admin.language'),
      cell: (row) => row.language.toUpperCase(),
      className: 'w-20',
    },
    {
      key: 'version',
      header: t('legal.admin.inForce'),
      cell: (row) => t('legal.admin.versionOf', { version: row.version, date: formatDate(row.publishedAt, language) }),
    },
    {
      key: 'versions',
      header: t('legal.admin.versions'),
      cell: (row) => counts.get(`${row.kind}/${row.language}`) ?? 1,
      className: 'w-24',
    },
  ];

  return (
    <section aria-labelledby="admin-legal-title">
      <h1 id="admin-legal-title" className="mb-3 text-4xl">
        {t('admin.sections.legal')}
      </h1>
      <p className="mb-6 max-w-2xl text-ink-soft">{t('legal.admin.intro')}</p>
      <DataTable
        caption={t('legal.admin.caption')}
        columns={columns}
        rows={current}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
      />
    </section>
  );
}

function DocumentRoute() {
  const { t } = useTranslation();
  const { kind, language } = useParams();
  if (!(LEGAL_KINDS as readonly string[]).includes(kind ?? '') || !LANGUAGES.includes(language as Language)) {
    return (
      <p role="alert" className="text-ink-soft">
        {t('legal.notFound')}{' '}
        <Link to="/admin/legal" className="link">
          {t('legal.admin.back')}
        </Link>
      </p>
    );
  }
  return <DocumentAdmin key={`${kind}/${language}`} kind={kind as LegalKind} language={language as Language} />;
}

function DocumentAdmin({ kind, language }: { kind: LegalKind; language: Language }) {
  const { t } = useTranslation();
  const siteLanguage = useLanguage();
  const current = useQuery({ ...legalDocumentQueryOptions(kind, language), staleTime: 0 });
  const versions = useAdminLegalVersions();
  const history = versions.data?.filter((summary) => summary.kind === kind && summary.language === language);
  const name = `${t(`labels.legalKind.${kind}`)} (${language.toUpperCase()})`;

  return (
    <section aria-labelledby="admin-legal-document" className="flex flex-col gap-8">
      <div>
        <Link to="/admin/legal" className="link text-sm">
          {t('legal.admin.back')}
        </Link>
        <h1 id="admin-legal-document" className="mt-3 text-4xl wrap-anywhere">
          {name}
        </h1>
      </div>
      <QueryState query={current}>
        {(document) => <PublishForm key={document.version} document={document} />}
      </QueryState>
      <section aria-labelledby="admin-legal-history" className="card p-5 sm:p-7">
        <h2 id="admin-legal-history" className="text-3xl">
          {t('legal.admin.history')}
        </h2>
        <p className="mt-2 text-sm text-muted">{t('legal.admin.historyHint')}</p>
        <ol className="mt-4 flex flex-col gap-2">
          {(history ?? []).map((version) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border border-line bg-white px-4 py-3"
            >
              <Link to={legalDocumentPath(kind, { language, version: version.version })} className="link font-semibold">
                {t('legal.admin.versionOf', {
                  version: version.version,
                  date: formatDate(version.publishedAt, siteLanguage),
                })}
              </Link>
              <span className="min-w-0 text-sm text-ink-soft wrap-anywhere">{version.title}</span>
              {version.current ? <span className="chip">{t('legal.admin.current')}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

interface PublishFormValues {
  title: string;
  body: string;
}

/** The next version: edited from the version in force (its number goes with it as `baseVersion`). */
function PublishForm({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const base = useId();
  const [preview, setPreview] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const publish = usePublishLegalDocument();
  const toBody = (form: PublishFormValues): PublishLegalDocumentBody => ({
    title: form.title,
    body: form.body,
    baseVersion: document.version,
  });
  const form = useForm<PublishFormValues, unknown, PublishLegalDocumentBody>({
    resolver: writeResolver(PublishLegalDocumentBody, toBody),
    defaultValues: { title: document.title, body: document.body },
  });
  const { register, handleSubmit, watch, control } = form;
  const { field: bodyField } = useController({ control, name: 'body' });
  const message = useFieldMessage(form.formState.errors);
  const body = watch('body');

  const submit = handleSubmit((fields) => {
    setProblem(null);
    publish.mutate(
      { kind: document.kind, language: document.language, fields },
      {
        onSuccess: ({ message: done }) => toast.success(done ?? t('legal.admin.published')),
        onError: (error) => {
          setProblem(problemText(error, t('legal.admin.publishFailed')));
          // Someone published meanwhile: the form reloads from the new version in force.
          if (isApiError(error) && error.code === 'LEGAL_VERSION_CONFLICT') toast.error(error.message);
        },
      },
    );
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card grid grid-cols-1 gap-6 p-5 sm:p-7"
      aria-labelledby={`${base}-title`}
    >
      <div>
        <h2 id={`${base}-title`} className="text-3xl">
          {t('legal.admin.newVersion', { version: document.version + 1 })}
        </h2>
        <p className="mt-2 text-sm text-muted">{t('legal.admin.newVersionHint', { version: document.version })}</p>
      </div>
      <TextField
        {...register('title')}
        id={`${base}-title-field`}
        label={t('legal.admin.title')}
        error={message('title')}
        maxLength={LEGAL_TITLE_MAX}
      />
      <div>
        <span id={`${base}-body-label`} className="field-label">
          {t('legal.admin.text')}
        </span>
        <RichTextField
          id={`${base}-body`}
          labelId={`${base}-body-label`}
          value={bodyField.value}
          onChange={bodyField.onChange}
          onBlur={bodyField.onBlur}
          handleRef={bodyField.ref}
          invalid={Boolean(message('body'))}
          describedBy={message('body') ? `${base}-body-error` : `${base}-body-hint`}
          minHeightClass="min-h-72"
        />
        {message('body') ? (
          <FieldError id={`${base}-body`}>{message('body')}</FieldError>
        ) : (
          <p id={`${base}-body-hint`} className="mt-1.5 text-sm text-muted">
            {t('legal.admin.markdownHint')}
          </p>
        )}
      </div>
      <div>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
        >
          {t('legal.admin.preview')}
        </button>
        {preview ? (
          <section className="mt-4 rounded-2xl border border-line bg-white p-5" aria-label={t('legal.admin.preview')}>
            <Markdown text={body} headingLevel={3} />
          </section>
        ) : null}
      </div>
      <FormProblem>{problem}</FormProblem>
      <div className="flex justify-end">
        <SubmitButton pending={publish.isPending}>
          {t('legal.admin.publish', { version: document.version + 1 })}
        </SubmitButton>
      </div>
    </form>
  );
}
