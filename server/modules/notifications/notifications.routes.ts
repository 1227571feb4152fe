import { type RequestHandler, type Response, Router } from 'express';
import type { PublicUser } from '#shared/user.ts';
import { loginFirst } from '../../http/login-first.ts';
import { mountReads } from '../../http/reads.ts';
import { currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notificationsReads } from './notifications.reads.ts';
import type { NotificationsService } from './notifications.service.ts';

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to see your notifications', 401);
  return user;
}

/** docs/api.md Notifications: the list, the unread ones, their count, and reading them all. */
export function notificationsRoutes({
  notifications,
}: {
  notifications: NotificationsService;
}): Router {
  const router = Router();

  router.get(
    ['/user/notifications', '/user/notifications/unread'],
    loginFirst('Log in to see your notifications'),
  );
  mountReads(router, notificationsReads({ notifications }));

  router.get('/user/notifications/unread/count', async (_req, res) => {
    const user = userOf(res);
    res.json({ status: 'success', data: { count: await notifications.unreadCount(user.id) } });
  });

  // docs/api.md names a GET; POST does the same for clients that will not change state by GET
  // (each registered by its method, so GET /api/endpoints lists both)
  const readAll: RequestHandler = async (req, res) => {
    // a GET that changes state must not be triggered from another site (an <img> tag)
    if (req.get('sec-fetch-site') === 'cross-site')
      throw new AppError('Mark notifications read from this site', 403);
    const user = userOf(res);
    const marked = await notifications.readAll(user.id);
    res.json({ status: 'success', data: { marked, count: 0 } });
  };
  router.get('/user/notifications/read', readAll);
  router.post('/user/notifications/read', readAll);

  return router;
}
