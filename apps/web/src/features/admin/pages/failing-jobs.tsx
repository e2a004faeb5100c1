import { type AdminJobFailure, intlLocale, JOB_NAMES, type JobName } from '@atelier/shared';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { toast } from '../../../shared/ui/toast';
import { useFailingJobs, useRetryJob } from '../api/get-jobs';

/** The locale key of a job's label: `mail.send` → `admin.jobs.work.mailSend`; an unknown job reads as "background work". */
export function jobLabelKey(name: string): string {
  if (!(JOB_NAMES as readonly string[]).includes(name)) return 'admin.jobs.work.other';
  const camel = (name as JobName).replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase());
  return `admin.jobs.work.${camel}`;
}

/** A moment to the minute (the owner reads "since 14:02", not seconds). */
function useMoment() {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** One sentence on a failing job; with `named`, it starts with the work's name. */
function useJobText() {
  const { t } = useTranslation();
  const when = useMoment();
  return (job: AdminJobFailure, named: boolean) => {
    const since = when(job.since);
    if (!named) return t(job.gaveUp ? 'admin.jobs.gaveUpAlone' : 'admin.jobs.failingAlone', { since });
    const work = t(jobLabelKey(job.name));
    return t(job.gaveUp ? 'admin.jobs.gaveUp' : 'admin.jobs.failing', { work, since });
  };
}

/**
 * Mails that cannot be sent, in the owner's words: since when, how many wait, why (the mail server
 * does not answer, refused the login, or did not take the mail); with `todo`, what to do about it.
 */
function MailTrouble({
  job,
  todo,
}: {
  job: AdminJobFailure & { mail: NonNullable<AdminJobFailure['mail']> };
  todo: boolean;
}) {
  const { t } = useTranslation();
  const when = useMoment();
  return (
    <div className="min-w-0 text-sm" data-testid="mail-trouble">
      <p className="font-semibold">{t('admin.jobs.mail.title')}</p>
      <p className="text-ink-soft">
        {t('admin.jobs.mail.since', { since: when(job.since) })}{' '}
        {t('admin.jobs.mail.waiting', { count: job.mail.waiting })} {t(`admin.jobs.mail.cause.${job.mail.cause}`)}
      </p>
      {todo ? <p className="mt-1">{t('admin.jobs.mail.todo')}</p> : null}
    </div>
  );
}

const isMail = (job: AdminJobFailure): job is AdminJobFailure & { mail: NonNullable<AdminJobFailure['mail']> } =>
  job.mail !== null;

/** Dashboard: one line per failing piece of background work, pointing to the settings; nothing when all is well. */
export function FailingJobsNotice() {
  const { t } = useTranslation();
  const jobs = useFailingJobs();
  const text = useJobText();
  if (jobs.isPending || jobs.isError || jobs.data.length === 0) return null;
  return (
    <section
      className="card mt-8 border-rose-300 p-5 sm:p-6"
      aria-labelledby="admin-jobs-notice"
      data-testid="jobs-notice"
    >
      <h2 id="admin-jobs-notice" className="font-serif text-2xl">
        {t('admin.jobs.title')}
      </h2>
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {jobs.data.map((job) => (
          <li key={job.id}>{isMail(job) ? <MailTrouble job={job} todo={false} /> : text(job, true)}</li>
        ))}
      </ul>
      <Link className="link mt-3 inline-block text-sm" to="/admin/settings#admin-jobs">
        {jobs.data.some(isMail) ? t('admin.jobs.mail.open') : t('admin.jobs.open')}
      </Link>
    </section>
  );
}

/** Settings: the failing work in detail, with "Try again" for work that gave up; nothing when all is well. */
export function FailingJobsPanel() {
  const { t } = useTranslation();
  const when = useMoment();
  const jobs = useFailingJobs();
  const retry = useRetryJob();
  const text = useJobText();
  if (jobs.isPending || jobs.isError || jobs.data.length === 0) return null;

  const tryAgain = async (job: AdminJobFailure) => {
    try {
      await retry.mutateAsync(job.id);
      toast.success(t('admin.jobs.retried'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('admin.jobs.retryFailed')));
    }
  };

  return (
    <section className="card mt-8 border-rose-300 p-5 sm:p-6" aria-labelledby="admin-jobs-title" id="admin-jobs">
      <h2 id="admin-jobs-title" className="font-serif text-2xl">
        {t('admin.jobs.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {t(jobs.data.every(isMail) ? 'admin.jobs.hintMail' : 'admin.jobs.hint')}
      </p>
      <ul className="mt-4 flex flex-col divide-y divide-line" data-testid="jobs-list">
        {jobs.data.map((job) => (
          <li key={job.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 text-sm">
              {isMail(job) ? (
                <MailTrouble job={job} todo />
              ) : (
                <>
                  <p className="font-semibold">{t(jobLabelKey(job.name))}</p>
                  <p className="text-ink-soft">{text(job, false)}</p>
                  <p className="text-ink-soft">
                    {job.gaveUp || !job.nextTryAt
                      ? t('admin.jobs.stopped', { count: job.attempts })
                      : t('admin.jobs.next', { count: job.attempts, at: when(job.nextTryAt) })}
                  </p>
                </>
              )}
              <details className="mt-1 text-xs text-ink-soft">
                <summary className="cursor-pointer">{t('admin.jobs.details')}</summary>
                <p className="wrap-anywhere mt-1 rounded-xl bg-blush-100 px-3 py-2 font-mono text-ink">{job.details}</p>
              </details>
            </div>
            {job.gaveUp ? (
              <button
                type="button"
                className="btn btn-outline shrink-0"
                disabled={retry.isPending}
                onClick={() => void tryAgain(job)}
              >
                {t('admin.jobs.tryAgain')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
