import { type RequestHandler, type Response, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { HEADER_UNREAD, NOTIFICATIONS_PAGE_SIZE } from '../../../shared/notifications.ts';
import type { PagingQuery } from '../../../shared/schemas/cabinet.schemas.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The language to word them in: the one asked (the page's), else the request's. */
const langOf = (query: PagingQuery, res: Response) => query.lang ?? contextOf(res).visitor.locale;

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to see your notifications', 401);
  return user;
}

/** SPEC §7 Notifications: the list, the unread ones, their count, and reading them all. */
export function notificationsRoutes({
  notifications,
}: {
  notifications: NotificationsService;
}): Router {
  const router = Router();

  router.get('/user/notifications', async (req, res) => {
    const user = userOf(res);
    const query = validate<PagingQuery>(API['GET user/notifications'].query.schema, req.query);
    const data = await notifications.page(user.id, {
      page: Number(query.page ?? 1),
      limit: Number(query.limit ?? NOTIFICATIONS_PAGE_SIZE),
      lang: langOf(query, res),
    });
    res.json({ status: 'success', data });
  });

  // the header's list: the newest unread (3 unless asked otherwise), with their count
  router.get('/user/notifications/unread', async (req, res) => {
    const user = userOf(res);
    const query = validate<PagingQuery>(
      API['GET user/notifications/unread'].query.schema,
      req.query,
    );
    const data = await notifications.page(user.id, {
      page: Number(query.page ?? 1),
      limit: Number(query.limit ?? HEADER_UNREAD),
      unread: true,
      lang: langOf(query, res),
    });
    res.json({ status: 'success', data });
  });

  router.get('/user/notifications/unread/count', async (_req, res) => {
    const user = userOf(res);
    res.json({ status: 'success', data: { count: await notifications.unreadCount(user.id) } });
  });

  // SPEC §7 names a GET; POST does the same for clients that will not change state by GET
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
