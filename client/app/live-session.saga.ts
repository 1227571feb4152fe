import type { Task } from 'redux-saga';
import { cancel, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { PublicUser } from '#shared/user.ts';
import { liveNotifications, movesAccount } from '../features/notifications/notifications.saga.ts';
import {
  liveChanged,
  notificationReceived,
} from '../features/notifications/notifications.slice.ts';
import {
  logoutRequested,
  selectUser,
  userLoaded,
  userRefreshNeeded,
} from '../features/session/session.slice.ts';

/**
 * docs/product.md §15 Live connection: opens on login (or on a page load of a logged-in visitor), closes
 * on logout. A notification that moved the balance or the level reads the user again.
 */
export function* liveSessionSaga() {
  yield takeEvery(
    notificationReceived.type,
    function* (action: ReturnType<typeof notificationReceived>) {
      if (movesAccount(action.payload)) yield put(userRefreshNeeded());
    },
  );
  let user: PublicUser | null = yield select(selectUser);
  while (!user) {
    const loaded: ReturnType<typeof userLoaded> = yield take(userLoaded.type);
    user = loaded.payload;
  }
  const live: Task = yield fork(liveNotifications);
  yield take(logoutRequested.type);
  yield cancel(live);
  yield put(liveChanged('off'));
}
