import { LANGUAGES, type Language } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { ChipGroup } from '../../../shared/ui/chip-group';

/** Which language's texts the form shows (all three are kept and saved together). */
export function LanguageTabs({ value, onChange }: { value: Language; onChange: (lang: Language) => void }) {
  const { t } = useTranslation();
  return (
    <ChipGroup
      legend={t('landing.admin.language')}
      legendClassName="field-label"
      options={LANGUAGES}
      value={value}
      onChange={onChange}
      label={(lang) => lang.toUpperCase()}
    />
  );
}
