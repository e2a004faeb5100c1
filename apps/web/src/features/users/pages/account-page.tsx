import { formatMoney, localize } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { useCoursePurchases } from '../../courses/api/courses';
import { usePurchases } from '../../lessons/api/get-purchases';
import { useMyOrders } from '../../orders/api/get-my-orders';
import { useProfile } from '../api/get-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { DigitalDownloads } from '../components/digital-downloads';
import { MyDataSection } from '../components/my-data-section';
import { ProfileForm } from '../components/profile-form';

const SECTIONS = ['profile', 'security', 'orders', 'lessons'] as const;
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
      <ProfileForm user={user} />
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
            <span className="font-semibold text-rose-700">{formatMoney(order.total, 'RUB', language)}</span>
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
  if (!courses || courses.length === 0) return null;
  return (
    <section aria-labelledby="account-courses" className="mb-8">
      <h2 id="account-courses" className="mb-4 font-serif text-2xl">
        {t('training.courses.accountTitle')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="course-purchases">
        {courses.map((purchase) => (
          <li key={purchase.id} className="card flex flex-col gap-2 p-5">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
              {purchase.course.isMasterClass ? t('training.courses.masterClass') : t('training.courses.course')} ·{' '}
              {t('training.courses.lessonsCount', { count: purchase.course.lessons.length })}
            </p>
            <p className="font-serif text-2xl wrap-anywhere">{localize(purchase.course.title, language)}</p>
            <p className="text-sm text-muted">
              {t('account.purchasedOn', { date: formatDate(purchase.purchasedAt, language) })}
            </p>
            <Link to={`/training-course/${purchase.course.id}`} className="btn btn-outline btn-sm mt-2 self-start">
              {t('training.courses.openCourse')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LessonsSection() {
  return (
    <>
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
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {purchases.map((purchase) => (
        <li key={purchase.id ?? purchase.lesson.id} className="card flex flex-col gap-2 p-5">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('training.lessonNumber', { number: purchase.lesson.number })}
          </p>
          <p className="font-serif text-2xl wrap-anywhere">{localize(purchase.lesson.title, language)}</p>
          <p className="text-sm text-muted">
            {t('account.purchasedOn', { date: formatDate(purchase.purchasedAt, language) })}
          </p>
          <Link to={`/training-detail/${purchase.lesson.id}`} className="btn btn-outline btn-sm mt-2 self-start">
            {t('training.openLesson')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/account` and `/profile/*`: profile, password and data, order history, lesson purchases. */
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
        <nav aria-label={t('account.sections')} className="mb-8">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((value) => (
              <li key={value}>
                <Link
                  to={value === 'profile' ? '/account' : `/account/${value}`}
                  className="chip"
                  aria-current={section === value ? 'page' : undefined}
                >
                  {t(`account.${value}`)}
                </Link>
              </li>
            ))}
          </ul>
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
          ) : (
            <LessonsSection />
          )}
        </section>
      </div>
    </>
  );
}
