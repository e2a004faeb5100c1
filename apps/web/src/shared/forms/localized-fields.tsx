import { LANGUAGES, type Language, missingLanguages } from '@atelier/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation';
import { ChipGroup } from '../ui/chip-group';
import { FieldError, fieldControlProps } from '../ui/form-field';
import { RichTextField } from './rich-text/rich-text-field';
import { errorAt } from './write-resolver';

/** A per-language text as the admin editors hold it: every language present, '' when not written. */
export type FullText = Record<Language, string>;

/** Fills the optional languages of a `{ ru, en?, es? }` map for editing. */
export function toFullText(text?: { ru: string; en?: string | null; es?: string | null }): FullText {
  return { ru: text?.ru ?? '', en: text?.en ?? '', es: text?.es ?? '' };
}

export interface LocalizedFieldSpec {
  /** Form path of a `{ ru, en, es }` text, e.g. `title`. */
  name: string;
  /** The label for one language, e.g. "Название (EN)". */
  label: (lang: Language) => string;
  multiline?: boolean;
  /** `richtext`: the formatted-text editor, holding the same Markdown (`inputClassName`: its minimum height). */
  kind?: 'richtext';
  maxLength?: number;
  hint?: string;
  /** Classes of the input or textarea, added to `input` (a textarea's replace its `min-h-32`). */
  inputClassName?: string;
  /** Beside the label (e.g. a preview toggle). */
  labelAside?: ReactNode;
  /** Under the field, for the language shown (e.g. the Markdown preview). */
  after?: (lang: Language) => ReactNode;
}

interface LocalizedFieldsProps {
  /** Ids are `${idPrefix}-${name}-${lang}`: each language keeps its own field and label target. */
  idPrefix: string;
  /** Names the language switch ("Language of the texts"). */
  legend: string;
  fields: readonly LocalizedFieldSpec[];
  /** `(path) => text` of a field's message (`useFieldMessage`). */
  message: (path: string) => string | undefined;
  /** Classes of the box holding the fields (e.g. a two-column grid). */
  className?: string;
}

/**
 * The ru / en / es inputs of an admin form: a language switch and, for the language shown, one
 * input (or textarea) per text. Every language is kept in the form and saved together. After a
 * refused submit the first language with a message is shown and its field gets the focus, so a
 * missing Russian title is never hidden behind the English tab. Lives inside a `FormProvider`.
 */
export function LocalizedFields({ idPrefix, legend, fields, message, className }: LocalizedFieldsProps) {
  const { register, control, setFocus } = useFormContext();
  const { errors, submitCount } = useFormState({ control });
  const [lang, setLang] = useState<Language>('ru');
  const focusNext = useRef<string | null>(null);
  const latestErrors = useRef(errors);
  latestErrors.current = errors;
  const names = fields.map((field) => field.name).join(' ');
  const empty = useEmptyLanguages(fields.map((field) => field.name));

  useEffect(() => {
    if (submitCount === 0) return;
    for (const language of LANGUAGES) {
      const name = names.split(' ').find((field) => errorAt(latestErrors.current, `${field}.${language}`));
      if (name) {
        focusNext.current = `${name}.${language}`;
        setLang(language);
        return;
      }
    }
  }, [submitCount, names]);

  useEffect(() => {
    if (!focusNext.current?.endsWith(`.${lang}`)) return;
    setFocus(focusNext.current);
    focusNext.current = null;
  });

  return (
    <>
      <ChipGroup
        legend={legend}
        legendClassName="field-label"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(value) => <LanguageTab lang={value} empty={empty.includes(value)} />}
      />
      <div className={className ?? 'grid grid-cols-1 gap-6'}>
        {fields.map((field) => {
          const id = `${idPrefix}-${field.name}-${lang}`;
          const path = `${field.name}.${lang}`;
          const error = message(path);
          const hintId = field.hint ? `${id}-hint` : null;
          const describedBy = [error ? `${id}-error` : null, hintId].filter(Boolean).join(' ') || undefined;
          const control = () => ({
            ...register(path),
            ...fieldControlProps(id, Boolean(error)),
            'aria-describedby': describedBy,
            maxLength: field.maxLength,
          });
          return (
            <div key={id} className="min-w-0">
              <div className="flex flex-wrap items-end justify-between gap-2">
                {field.kind === 'richtext' ? (
                  <span id={`${id}-label`} className="field-label">
                    {field.label(lang)}
                  </span>
                ) : (
                  <label htmlFor={id} className="field-label">
                    {field.label(lang)}
                  </label>
                )}
                {field.labelAside}
              </div>
              {field.kind === 'richtext' ? (
                <RichTextControl
                  id={id}
                  name={path}
                  invalid={Boolean(error)}
                  describedBy={describedBy}
                  minHeightClass={field.inputClassName}
                />
              ) : field.multiline ? (
                <textarea {...control()} className={`input resize-y ${field.inputClassName ?? 'min-h-32'}`} />
              ) : (
                <input {...control()} className={field.inputClassName ? `input ${field.inputClassName}` : 'input'} />
              )}
              {error ? <FieldError id={id}>{error}</FieldError> : null}
              {hintId ? (
                <p id={hintId} className="mt-1.5 text-sm text-muted">
                  {field.hint}
                </p>
              ) : null}
              {field.after?.(lang)}
            </div>
          );
        })}
      </div>
    </>
  );
}

/** The languages whose texts a visitor would see in Russian (`missingLanguages` of the watched texts). */
function useEmptyLanguages(names: string[]): Language[] {
  const { control } = useFormContext();
  const values: unknown[] = useWatch({ control, name: names });
  return missingLanguages(Object.fromEntries(names.map((name, index) => [name, values[index]])), names);
}

/** A language switch's label: "EN", with a dot (and "empty" for a screen reader) while it lacks a text. */
function LanguageTab({ lang, empty }: { lang: Language; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {lang.toUpperCase()}
      {empty ? (
        <span data-empty-language={lang}>
          <span aria-hidden="true" className="ml-1.5 inline-block size-2 rounded-full bg-gold-500 align-middle" />
          <span className="sr-only"> ({t('translations.admin.emptyTab')})</span>
        </span>
      ) : null}
    </>
  );
}

/** A rich-text field of the form (react-hook-form's value and focus). */
function RichTextControl({
  id,
  name,
  invalid,
  describedBy,
  minHeightClass,
}: {
  id: string;
  name: string;
  invalid: boolean;
  describedBy?: string;
  minHeightClass?: string;
}) {
  const { field } = useController({ name });
  return (
    <RichTextField
      id={id}
      labelId={`${id}-label`}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      invalid={invalid}
      describedBy={describedBy}
      handleRef={field.ref}
      minHeightClass={minHeightClass}
    />
  );
}
