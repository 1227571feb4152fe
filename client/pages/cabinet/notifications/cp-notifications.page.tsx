import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import {
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { button } from '#client/components/button/button.ts';
import { Icon } from '#client/components/icons/icons.tsx';
import { Pager } from '#client/components/pager/pager.tsx';
import { skeletonBar } from '#client/components/skeleton/skeleton.ts';
import { NotificationItem } from '#client/features/notifications/notification-item.tsx';
import {
  allRead,
  selectArrived,
  selectUnread,
} from '#client/features/notifications/notifications.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { apiOf } from '#client/lib/route-api.ts';
import { useWrite, writeAction } from '#client/lib/route-write.ts';
import { PAGE_SIZES } from '#shared/constants.ts';
import type { Locale } from '#shared/locales.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsPage,
  type NotificationView,
} from '#shared/notifications.ts';
import { part, usePart } from '../cabinet-data.ts';
import styles from './notifications-page.module.css';

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : NOTIFICATIONS_PAGE_SIZE,
  };
};

/** One page of the notifications (`?page=&limit=`), in the page's language. */
export const notificationsLoader =
  (lang: Locale) =>
  async ({ request, context }: LoaderFunctionArgs) => {
    const { page, limit } = pageOf(new URL(request.url).searchParams);
    const query = { page: String(page), limit: String(limit), lang };
    return { list: await part(request, apiOf(context)('GET user/notifications', { query })) };
  };

/** The page's one write: all read. */
export const notificationsAction = writeAction(['POST user/notifications/read'], {
  signedIn: true,
});

/**
 * Marking all read does not read the list again: what was unread when it was read stays
 * marked new on screen (a filter, a page, a retry or a live event still read it).
 */
export const notificationsShouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) => (formMethod ? false : defaultShouldRevalidate);

/**
 * /cp/notifications/ (docs/product.md §15): 20 a page with 'Show lines', newest first; what was unread
 * when the page opened stays marked new while it is read at once; live ones slide in on top.
 */
export default function NotificationsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const { page, limit } = pageOf(params);
  const list = usePart(
    useLoaderData<ReturnType<typeof notificationsLoader>>().list,
    `${page}/${limit}`,
  );
  const readAll = useWrite('POST user/notifications/read', {
    done: () => dispatch(allRead()),
    failed: (error) => console.error('notifications could not be marked read', error),
  });
  const { submit: markRead } = readAll;
  const arrived = useSelector(selectArrived);
  const unread = useSelector(selectUnread);
  // what arrived before this list was read is in it already; keep only the newer ones
  const newest = list.data?.items[0]?.id ?? 0;
  const live = useMemo(
    () => (page === 1 && list.data ? arrived.filter((note) => note.id > newest) : []),
    [arrived, list.data, newest, page],
  );
  const items: NotificationView[] = [...live, ...(list.data?.items ?? [])];

  // read at once: when a list has been seen, and again as live ones arrive
  const readFor = useRef<NotificationsPage | null>(null);
  useEffect(() => {
    if (!list.data) return;
    const fresh = readFor.current !== list.data;
    readFor.current = list.data;
    if ((fresh && list.data.meta.unread > 0) || (unread ?? 0) > 0) void markRead();
  }, [list.data, unread, markRead]);

  const go = (next: { page?: number; limit?: number }) => {
    const search = new URLSearchParams();
    const target = { page, limit, ...next };
    if (target.page > 1) search.set('page', String(target.page));
    if (target.limit !== NOTIFICATIONS_PAGE_SIZE) search.set('limit', String(target.limit));
    navigate({ search: search.size ? `?${search}` : '' }, { preventScrollReset: true });
  };

  const total = (list.data?.meta.total ?? 0) + live.length;
  return (
    <HeadingPage titleId="cp.notifications.title" leadId="cp.notifications.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        {list.error && !list.data ? (
          <div role="alert" className={styles.state}>
            <p>
              <FormattedMessage id="cp.notifications.error" />
            </p>
            <button type="button" className={button('secondary')} onClick={list.retry}>
              <FormattedMessage id="order.retry" />
            </button>
          </div>
        ) : list.data && total === 0 ? (
          <div className={styles.empty} data-testid="notifications-empty">
            <span className={styles.emptyIcon} aria-hidden="true">
              <Icon name="bell" size={28} />
            </span>
            <h2>
              <FormattedMessage id="cp.notifications.empty.title" />
            </h2>
            <p>
              <FormattedMessage id="cp.notifications.empty.text" />
            </p>
          </div>
        ) : (
          <>
            <div className={styles.toolbar}>
              <span className={styles.count}>
                {list.data && (
                  <FormattedMessage id="cp.notifications.total" values={{ count: total }} />
                )}
              </span>
            </div>
            <ul className={styles.list} aria-busy={list.loading || undefined} aria-live="polite">
              {list.data
                ? items.map((note, index) => (
                    <li key={note.id}>
                      <NotificationItem
                        note={note}
                        unread={index < live.length || !note.read}
                        fresh={index < live.length}
                      />
                    </li>
                  ))
                : Array.from({ length: 4 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <li key={index} className={styles.skeleton}>
                      <span className={skeletonBar(styles.barTitle)} />
                      <span className={skeletonBar(styles.barText)} />
                    </li>
                  ))}
            </ul>
            {list.data && list.data.meta.total > 0 && (
              <Pager
                page={page}
                limit={limit}
                total={list.data.meta.total}
                onPage={(next) => go({ page: next })}
                onLimit={(next) => go({ page: 1, limit: next })}
              />
            )}
          </>
        )}
      </div>
    </HeadingPage>
  );
}

/** The route's loader, action and revalidation, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = (_def: unknown, locale: Locale) => notificationsLoader(locale);
export const routeAction = () => notificationsAction;
export const routeShouldRevalidate = () => notificationsShouldRevalidate;
