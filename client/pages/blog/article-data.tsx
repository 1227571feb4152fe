import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import type { ArticleTag, ArticleView } from '#shared/articles.ts';
import { BRAND_NAME } from '#shared/brand.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { selectPublicUrl } from '../../features/visitor/visitor.slice.ts';
import { useLocalePath } from '../../lib/locale.ts';

/** Topics that are platforms: an article about one shares that platform's picture. */
export const PLATFORM_TAGS: ArticleTag[] = [
  'instagram',
  'tiktok',
  'telegram',
  'youtube',
  'vk',
  'threads',
];

/** An article's structured data: the Article and its breadcrumb (Home › Blog › article). */
export function ArticleData({ article }: { article: ArticleView }) {
  const intl = useIntl();
  const to = useLocalePath();
  const origin = useSelector(selectPublicUrl);
  const { pathname } = useLocation();
  const url = origin + pathname;
  const platform = PLATFORM_TAGS.find((tag) => article.tags.includes(tag)) ?? 'default';
  return (
    <>
      <JsonLd
        data={{
          '@type': 'Article',
          headline: article.heading,
          description: article.description,
          inLanguage: article.lang,
          datePublished: article.created_at,
          image: `${origin}/og/${platform}.png`,
          mainEntityOfPage: url,
          author: { '@type': 'Organization', name: BRAND_NAME, url: `${origin}/` },
          publisher: {
            '@type': 'Organization',
            name: BRAND_NAME,
            logo: { '@type': 'ImageObject', url: `${origin}/icon-512.png` },
          },
        }}
      />
      <JsonLd
        data={breadcrumbs([
          { name: intl.formatMessage({ id: 'blog.home' }), url: origin + to('home') },
          { name: intl.formatMessage({ id: 'blog.title' }), url: origin + to('blog') },
          { name: article.heading, url },
        ])}
      />
    </>
  );
}
