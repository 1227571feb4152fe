import {
  staffArticleCreateBody,
  staffArticlePreviewBody,
  staffArticlePublishBody,
  staffArticleUpdateBody,
} from '../schemas/staff-content.schemas.ts';
import {
  staffLandingCopyBody,
  staffLandingCopyQuery,
} from '../schemas/staff-landing-copy.schemas.ts';
import type { StaffArticle, StaffArticlePreview, StaffLandingCopy } from '../staff-content.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/**
 * The staff console's articles (capability `content`: seo and admin): every
 * article in every language, published or not; create, edit, preview, publish, unpublish;
 * and the landings' copy (their platforms' heroes, services' lines, questions) per language.
 */
export const STAFF_CONTENT_API = {
  'GET staff/articles': { answer: typed<StaffArticle[]>() },
  'GET staff/articles/:key': { answer: typed<StaffArticle>() },
  'POST staff/articles': {
    body: checked(staffArticleCreateBody),
    answer: typed<StaffArticle>(),
  },
  'PUT staff/articles/:key': {
    body: checked(staffArticleUpdateBody),
    answer: typed<StaffArticle>(),
  },
  'POST staff/articles/:key/publish': {
    body: checked(staffArticlePublishBody),
    answer: typed<StaffArticle>(),
  },
  'POST staff/articles/preview': {
    body: checked(staffArticlePreviewBody),
    answer: typed<StaffArticlePreview>(),
  },
  'GET staff/landing-copy': {
    query: checked(staffLandingCopyQuery),
    answer: typed<StaffLandingCopy>(),
  },
  'PUT staff/landing-copy': {
    body: checked(staffLandingCopyBody),
    answer: typed<StaffLandingCopy>(),
  },
} satisfies Endpoints;
