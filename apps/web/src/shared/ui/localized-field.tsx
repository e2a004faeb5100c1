import type { Language } from '@atelier/shared';

/** A per-language text as the admin editors hold it: every language present, '' when not written. */
export type FullText = Record<Language, string>;

/** Fills the optional languages of a `{ ru, en?, es? }` map (DESIGN §5) for editing. */
export function toFullText(text?: { ru: string; en?: string | null; es?: string | null }): FullText {
  return { ru: text?.ru ?? '', en: text?.en ?? '', es: text?.es ?? '' };
}

interface LocalizedFieldProps {
  /** The element id is `${id}-${lang}`, so each language keeps its own field (and label target). */
  id: string;
  label: string;
  lang: Language;
  value: FullText;
  onChange: (next: FullText) => void;
  maxLength?: number;
  multiline?: boolean;
}

/** One labelled input (or textarea) editing the `lang` entry of a per-language text. */
export function LocalizedField({
  id,
  label,
  lang,
  value,
  onChange,
  maxLength,
  multiline = false,
}: LocalizedFieldProps) {
  const fieldId = `${id}-${lang}`;
  const common = {
    id: fieldId,
    value: value[lang],
    maxLength,
  };
  return (
    <div>
      <label htmlFor={fieldId} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className="input min-h-32 resize-y"
          onChange={(event) => onChange({ ...value, [lang]: event.target.value })}
        />
      ) : (
        <input {...common} className="input" onChange={(event) => onChange({ ...value, [lang]: event.target.value })} />
      )}
    </div>
  );
}
