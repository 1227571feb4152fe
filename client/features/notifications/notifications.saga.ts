import { type EventChannel, eventChannel } from 'redux-saga';
import { call, cancelled, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { Locale } from '#shared/locales.ts';
import type { NotificationView } from '#shared/notifications.ts';
import { pagePath } from '#shared/routes.ts';
import { ApiError } from '../../lib/api.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { callApi } from '../../lib/endpoints.ts';
import { type LiveConnection, openLive } from '../../lib/live.ts';
import { selectLocale } from '../../lib/locale.ts';
import {
  allRead,
  liveChanged,
  type NotificationsState,
  notificationReceived,
  readAllRequested,
  unreadLoaded,
} from './notifications.slice.ts';

type LiveEvent =
  | { kind: 'note'; note: NotificationView }
  | { kind: 'status'; status: NotificationsState['live'] }
  | { kind: 'signedOut' };

/** Types that moved the balance or the level: the header reads the user again. */
const MOVES_ACCOUNT =
  /^(payment\.|bonus|level\.|withdraw\.REJECTED|order\.(PAID|PARTIAL|CANCELED|ERROR))/;

function liveChannel(lang: string): EventChannel<LiveEvent> {
  return eventChannel<LiveEvent>((emit) => {
    let connection: LiveConnection | null = null;
    let closed = false;
    openLive(lang, {
      onNotification: (note) => emit({ kind: 'note', note }),
      onStatus: (status) => emit({ kind: 'status', status }),
      // the session's token still opens GET user (a revoked one answers 401)
      stillSignedIn: () =>
        callApi('GET user').then(
          (user) => user !== null,
          (error: unknown) => {
            if (error instanceof ApiError && error.statusCode === 401) return false;
            throw error;
          },
        ),
      onSignedOut: () => emit({ kind: 'signedOut' }),
    })
      .then((opened) => {
        if (closed) opened.close();
        else connection = opened;
      })
      .catch((error: unknown) => {
        console.error('live channel could not start', error);
        emit({ kind: 'status', status: 'off' });
      });
    return () => {
      closed = true;
      connection?.close();
    };
  });
}

/** A full load: the session is gone, nothing of this page's state stays (tests replace it). */
export const browserPage = { leave: (path: string) => window.location.assign(path) };

function* loadUnread() {
  try {
    const page = yield* callEffect('GET user/notifications/unread');
    yield put(unreadLoaded({ count: page.meta.unread, items: page.items }));
  } catch (error) {
    console.error('unread notifications could not be loaded', error);
  }
}

/** One connection for the session: runs until cancelled (at logout), with the unread count. */
export function* liveNotifications() {
  yield fork(loadUnread);
  const lang: string = yield select(selectLocale);
  const channel: EventChannel<LiveEvent> = yield call(liveChannel, lang);
  try {
    for (;;) {
      const event: LiveEvent = yield take(channel);
      if (event.kind === 'signedOut') {
        // logged out elsewhere or its password changed: this page's session is over (unless
        // this page ended it itself and says so: a deletion request shows its confirmation)
        // (the live channel's end may come before the request's answer: asked is enough)
        const ended: boolean = yield select(
          (state: { session: { ended?: boolean; ending?: boolean } }) =>
            state.session.ended === true || state.session.ending === true,
        );
        if (ended) {
          channel.close();
          return;
        }
        const locale: Locale = yield select(selectLocale);
        yield call(browserPage.leave, pagePath('login', locale));
      } else if (event.kind === 'status') {
        yield put(liveChanged(event.status));
        // after a reconnect the count may have moved while we were away
        if (event.status === 'on') yield fork(loadUnread);
      } else {
        yield put(notificationReceived(event.note));
      }
    }
  } finally {
    if ((yield cancelled()) as boolean) channel.close();
  }
}

function* readAll() {
  try {
    yield* callEffect('POST user/notifications/read');
    yield put(allRead());
  } catch (error) {
    console.error('notifications could not be marked read', error);
  }
}

/** Watches "mark all read"; the live connection itself is started by the session (app/). */
export function* notificationsSaga() {
  yield takeLatest(readAllRequested.type, readAll);
}

/** Types that moved the balance or the level: the header reads the user again. */
export const movesAccount = (note: NotificationView) =>
  MOVES_ACCOUNT.test(note.notification_type.type);
