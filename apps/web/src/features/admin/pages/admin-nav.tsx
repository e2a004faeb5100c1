import { NavLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { groupedSections, sectionHref } from '../admin-sections';

/**
 * Every admin section, in its group: the sidebar from 1024 px and the menu below. A group of one
 * section (Settings) needs no label of its own: the link says it.
 */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5 px-3 py-5">
      {groupedSections().map((group) => {
        const labelId = `admin-group-${group.key}`;
        const labelled = group.sections.length > 1;
        return (
          <div key={group.key} className={labelled ? '' : 'border-t border-line/80 pt-4'}>
            {labelled ? (
              <p id={labelId} className="px-3 pb-1.5 text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                {t(`admin.groups.${group.key}`)}
              </p>
            ) : null}
            <ul aria-labelledby={labelled ? labelId : undefined} className="flex flex-col gap-0.5">
              {group.sections.map((section) => (
                <li key={section.key}>
                  <NavLink
                    to={sectionHref(section)}
                    end={!section.path}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold transition-colors ${
                        isActive ? 'bg-rose-600 text-white' : 'text-ink-soft hover:bg-blush-100 hover:text-rose-800'
                      }`
                    }
                  >
                    {t(`admin.sections.${section.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
