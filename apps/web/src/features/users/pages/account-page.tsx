import { formatMoney, type Image, localize } from '@atelier/shared';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { formatPercent } from '../../../shared/format/progress';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ContinueCard } from '../../../shared/ui/continue-card';
import { LessonProgressLine } from '../../../shared/ui/lesson-progress';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { ScrollRow } from '../../../shared/ui/scroll-row';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { AddressBook } from '../../addresses/api/components';
import { useSession } from '../../auth/api/auth-session';
import { certificatePath, useCertificateDownload, useMyCertificates } from '../../certificates/api/certificates';
import { useCoursePurchases } from '../../courses/api/courses';
import { usePurchases } from '../../lessons/api/get-purchases';
import { useMyOrders } from '../../orders/api/get-my-orders';
import { useLearningProgress } from '../../progress/api/get-progress';
import { useProfile } from '../api/get-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { CustomRequestsSection } from '../components/custom-requests-section';
import { DigitalDownloads } from '../components/digital-downloads';
import { FavouritesList } from '../components/favourites-list';
import { GiftCertificatesSection } from '../components/gift-certificates-section';
import { MarketingConsent } from '../components/marketing-consent';
import { MyDataSection } from '../components/my-data-section';
import { ProfileForm } from '../components/profile-form';

const SECTIONS = [
  'profile',
  'security',
  'orders',
  'custom-orders',
  'lessons',
  'favourites',
  'gift-certificates',
] as const;
type Section = (typeof SECTIONS)[number];

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

function ProfileSection() {
  const { t } = useTranslation();
  const session = useSession();
  const { data: profile, isPending, isError, refetch } = useProfile();
  const user = profile ?? (session.status === 'authenticated' ? session.user : null);

  if (isPending && !user) return <Loading />;
  if (isError && !user) return <ErrorState onRetry={() => void refetch()} />;
  if (!user) return null;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex flex-col gap-8">
        <ProfileForm user={user} />
        <AddressBook />
        <MarketingConsent user={user} />
      </div>
      <aside aria-label={t('account.summary')} className="card h-fit p-6">
        <dl className="flex flex-col gap-4 text-sm">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">{t('account.status')}</dt>
            <dd className="mt-1">
              {user.isAdmin ? (
                <span className="inline-flex items-center rounded-full bg-rose-600 px-3 py-1 text-xs font-semibold text-white">
                  {t('account.admin')}
                </span>
              ) : (
                <span className="font-semibold">{t('account.customer')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">{t('account.emailStatus')}</dt>
            <dd className="mt-1 font-semibold">
              {user.emailVerified ? t('account.verified') : t('account.notVerified')}
            </dd>
          </div>
        </dl>
        {user.isAdmin ? (
          <Link to="/admin" className="btn btn-outline btn-sm mt-6 w-full">
            {t('header.adminPanel')}
          </Link>
        ) : null}
      </aside>
    </div>
  );
}

function SecuritySection() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <ChangePasswordForm />
      <MyDataSection />
    </div>
  );
}

function OrdersSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: orders, isPending, isError, refetch } = useMyOrders();
  if (isPending) return <Loading />;
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (orders.length === 0)
    return (
      <EmptyState title={t('account.noOrders')}>
        <Link to="/shop" className="btn btn-primary mt-4">
          {t('nav.shop')}
        </Link>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-4">
      {orders.map((order) => (
        <li key={order.id} className="card relative flex flex-wrap items-center justify-between gap-4 p-5">
          <div>
            <p className="font-serif text-2xl">
              <Link
                to={`/account/orders/${order.id}`}
                className="after:absolute after:inset-0 after:rounded-[inherit] hover:text-rose-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-rose-600"
              >
                {t('checkout.orderNumber', { number: order.number })}
              </Link>
            </p>
            <p className="mt-1 text-sm text-muted">
              {formatDate(order.createdAt, language)} · {t(`labels.paymentMethod.${order.paymentMethod}`)} ·{' '}
              {t('account.itemsCount', { count: order.itemCount })}
            </p>
          </div>
          <div className="flex items-center gap-4">
            <span className="rounded-full bg-blush-100 px-3 py-1 text-xs font-semibold text-rose-800">
              {t(`labels.orderStatus.${order.status}`)}
            </span>
            <span className="figures text-right font-semibold text-rose-700">
              {formatMoney(order.totalInCurrency, order.currency, language)}
              {order.refundedTotalInCurrency > 0 ? (
                <span className="block text-xs font-normal text-ink-soft">
                  {t('orders.detail.netShort', {
                    amount: formatMoney(order.netTotalInCurrency, order.currency, language),
                  })}
                </span>
              ) : null}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Courses and master classes bought, with dates; shown above the single lessons. */
function CoursePurchasesList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: courses } = useCoursePurchases();
  const progress = useLearningProgress().data;
  if (!courses || courses.length === 0) return null;
  return (
    <section aria-labelledby="account-courses" className="mb-8">
      <h2 id="account-courses" className="mb-4 font-serif text-2xl">
        {t('training.courses.accountTitle')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-purchases">
        {courses.map((purchase) => (
          <li key={purchase.id} className="card flex flex-col gap-2 overflow-hidden p-5 pt-0">
            <CardPoster image={purchase.course.cover} />
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
              {purchase.course.isMasterClass ? t('training.courses.masterClass') : t('training.courses.course')} ·{' '}
              {t('training.courses.lessonsCount', { count: purchase.course.lessons.length })}
            </p>
            <p className="font-serif text-2xl wrap-anywhere">{localize(purchase.course.title, language)}</p>
            <p className="text-sm text-muted">
              {t('account.purchasedOn', { date: formatDate(purchase.purchasedAt, language) })}
            </p>
            <CourseProgressLine
              entry={progress?.courses.find((item) => item.courseId === purchase.course.id)}
              title={localize(purchase.course.title, language)}
            />
            <Link to={`/training-course/${purchase.course.id}`} className="btn btn-outline btn-sm mt-2 self-start">
              {t('training.courses.openCourse')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The poster (or cover) across the top of a card in "My lessons"; the title under it names it. */
function CardPoster({ image }: { image: Image | null }) {
  return (
    <div className="-mx-5 mb-2 aspect-video overflow-hidden bg-blush-100" data-testid="card-poster">
      {image ? (
        <ResponsiveImage
          image={image}
          alt=""
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 46vw, 92vw"
          className="size-full object-cover"
        />
      ) : null}
    </div>
  );
}

/** A course's completed lessons out of those with a video, as a line and a bar. */
function CourseProgressLine({
  entry,
  title,
}: {
  entry: { completedLessons: number; totalLessons: number; percent: number } | undefined;
  title: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!entry) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="account-course-progress">
      <p className="text-sm font-semibold">
        {t('progress.courseProgress', { completed: entry.completedLessons, total: entry.totalLessons })}
      </p>
      <ProgressBar
        percent={entry.percent}
        label={t('progress.courseBarLabel', { title })}
        valueText={formatPercent(entry.percent, language)}
      />
    </div>
  );
}

/** "Continue where you left off": the lesson last watched and not finished. */
function ContinueLearning() {
  const resume = useLearningProgress().data?.continue;
  if (!resume) return null;
  return (
    <div className="mb-8">
      <ContinueCard item={resume} />
    </div>
  );
}

/** The certificates earned, each with its PDF and its public verification page. */
function CertificatesList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useMyCertificates();
  const certificate = useCertificateDownload();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="account-certificates" className="mb-8" data-testid="account-certificates">
      <h2 id="account-certificates" className="mb-2 font-serif text-2xl">
        {t('certificates.accountTitle')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('certificates.accountHint')}</p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {data.map((item) => {
          const title = localize(item.courseTitle, language);
          const busy = certificate.pending === item.code;
          return (
            <li key={item.code} className="card flex flex-col gap-2 p-5">
              <p className="font-serif text-2xl wrap-anywhere">{title}</p>
              <p className="text-sm text-muted">
                {t('certificates.issuedOn', { date: formatDate(item.issuedAt, language) })}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => certificate.download(item.code)}
                  disabled={busy}
                  aria-busy={busy}
                >
                  {busy ? t('certificates.downloading') : t('certificates.download')}
                  <span className="sr-only"> — {title}</span>
                </button>
                <Link to={certificatePath(item.code)} className="link text-sm">
                  {t('certificates.verify')}
                  <span className="sr-only"> — {title}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function LessonsSection() {
  return (
    <>
      <ContinueLearning />
      <CertificatesList />
      <CoursePurchasesList />
      <LessonPurchasesList />
    </>
  );
}

function LessonPurchasesList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: purchases, isPending, isError, refetch } = usePurchases();
  const { data: courses } = useCoursePurchases();
  const progress = useLearningProgress().data;
  if (isPending) return <Loading />;
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (purchases.length === 0 && (courses?.length ?? 0) > 0) return null;
  if (purchases.length === 0)
    return (
      <EmptyState title={t('account.noLessons')}>
        <Link to="/training" className="btn btn-primary mt-4">
          {t('nav.training')}
        </Link>
      </EmptyState>
    );
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {purchases.map((purchase) => (
        <li
          key={purchase.id ?? purchase.lesson.id}
          className="card flex flex-col gap-2 overflow-hidden p-5 pt-0"
          data-testid="my-lesson"
        >
          <CardPoster image={purchase.lesson.poster} />
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('training.lessonNumber', { number: purchase.lesson.number })}
          </p>
          <p className="font-serif text-2xl wrap-anywhere">{localize(purchase.lesson.title, language)}</p>
          <p className="text-sm text-muted">
            {t('account.purchasedOn', { date: formatDate(purchase.purchasedAt, language) })}
          </p>
          <LessonProgressLine
            progress={progress?.lessons.find((item) => item.lessonId === purchase.lesson.id)}
            title={localize(purchase.lesson.title, language)}
          />
          <Link to={`/training-detail/${purchase.lesson.id}`} className="btn btn-outline btn-sm mt-2 self-start">
            {t('training.openLesson')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/account` and `/profile/*`: profile, password and data, order history, lesson purchases,
 * favourites, the gift certificates bought and the balance check, the custom requests.
 */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const params = useParams();
  const segment = (params['*'] ?? '').split('/')[0] ?? '';
  const section: Section = (SECTIONS as readonly string[]).includes(segment) ? (segment as Section) : 'profile';

  return (
    <>
      <PageTitle title={t('account.title')} eyebrow={t('account.eyebrow')} />
      <div className="container-page pb-10">
        {/* One line that scrolls sideways on a phone (seven sections would wrap into four rows). */}
        <nav aria-label={t('account.sections')} className="mb-8">
          <ScrollRow current={section}>
            {SECTIONS.map((value) => (
              <li key={value} className="shrink-0 snap-start">
                <Link
                  to={value === 'profile' ? '/account' : `/account/${value}`}
                  className="chip whitespace-nowrap"
                  aria-current={section === value ? 'page' : undefined}
                >
                  {t(`account.${value}`)}
                </Link>
              </li>
            ))}
          </ScrollRow>
        </nav>
        <section aria-label={t(`account.${section}`)}>
          {section === 'profile' ? (
            <ProfileSection />
          ) : section === 'security' ? (
            <SecuritySection />
          ) : section === 'orders' ? (
            <>
              <DigitalDownloads />
              <OrdersSection />
            </>
          ) : section === 'favourites' ? (
            <FavouritesList />
          ) : section === 'gift-certificates' ? (
            <GiftCertificatesSection />
          ) : section === 'custom-orders' ? (
            <CustomRequestsSection id={(params['*'] ?? '').split('/')[1] || null} />
          ) : (
            <LessonsSection />
          )}
        </section>
      </div>
    </>
  );
}
