import { Router } from 'express';
import { mountReads } from '#server/http/reads.ts';
import { validate } from '#server/lib/validate.ts';
import { API } from '#shared/api-contract/index.ts';
import type {
  StaffArticleCreateBody,
  StaffArticlePreviewBody,
  StaffArticlePublishBody,
  StaffArticleUpdateBody,
} from '#shared/schemas/staff-content.schemas.ts';
import type { StaffLandingCopyBody } from '#shared/schemas/staff-landing-copy.schemas.ts';
import type { ArticlesService } from '../../articles/articles.service.ts';
import type { ContentNote } from '../../articles/staff-articles.ts';
import type { LandingCopyService } from '../../content/landing-copy.service.ts';
import type { Audit } from '../audit.service.ts';
import { actorOf, type StaffActor, type StaffSection } from '../staff-access.ts';
import { keyOf, staffContentReads } from './staff-content.reads.ts';

/** The audit row of a staff change, written by the change's own transaction. */
const noteBy =
  (audit: Audit, actor: StaffActor): ContentNote =>
  (trx, entry) =>
    audit.record(trx, actor, entry);

/**
 * `/api/staff/articles…` (capability `content`: seo and admin): every article in every
 * language, published or not; create, edit, preview, publish and unpublish. And
 * `/api/staff/landing-copy`: the landings' own texts per language, staff's edits over them.
 */
export function staffContentRoutes({
  articles,
  landingCopy,
  audit,
}: {
  articles: ArticlesService;
  landingCopy: LandingCopyService;
  audit: Audit;
}): StaffSection {
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffContentReads({ staffAuth, articles, landingCopy }));

    router.post('/staff/articles/preview', gate('content'), async (req, res) => {
      const { body } = validate<StaffArticlePreviewBody>(
        API['POST staff/articles/preview'].body.schema,
        req.body,
      );
      res.json({ status: 'success', data: articles.staff.preview(body) });
    });

    router.post('/staff/articles', gate('content'), async (req, res) => {
      const body = validate<StaffArticleCreateBody>(
        API['POST staff/articles'].body.schema,
        req.body,
      );
      const data = await articles.staff.create(body, noteBy(audit, actorOf(res)));
      res.status(201).json({ status: 'success', data });
    });

    router.put('/staff/articles/:key', gate('content'), async (req, res) => {
      const body = validate<StaffArticleUpdateBody>(
        API['PUT staff/articles/:key'].body.schema,
        req.body,
      );
      const data = await articles.staff.update(
        keyOf(req.params.key),
        body,
        noteBy(audit, actorOf(res)),
      );
      res.json({ status: 'success', data });
    });

    router.post('/staff/articles/:key/publish', gate('content'), async (req, res) => {
      const body = validate<StaffArticlePublishBody>(
        API['POST staff/articles/:key/publish'].body.schema,
        req.body,
      );
      const data = await articles.staff.publish(
        keyOf(req.params.key),
        { published: body.published, ...(body.lang ? { lang: body.lang } : {}) },
        noteBy(audit, actorOf(res)),
      );
      res.json({ status: 'success', data });
    });

    router.put('/staff/landing-copy', gate('content'), async (req, res) => {
      const body = validate<StaffLandingCopyBody>(
        API['PUT staff/landing-copy'].body.schema,
        req.body,
      );
      const actor = actorOf(res);
      const data = await landingCopy.staff.set(
        body,
        actor.user.login ?? actor.user.email,
        noteBy(audit, actor),
      );
      res.json({ status: 'success', data });
    });

    return router;
  };
}
