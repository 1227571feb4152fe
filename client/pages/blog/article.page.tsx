import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /blog/{slug}/: one article (blog issue). */
export default function ArticlePage() {
  return <HeadingPage titleId="blog.article.title" leadId="blog.article.lead" noindex />;
}
