import { HeadingPage } from '../../layouts/parts/heading-page.tsx';

/** /blog/: the article list (blog issue). */
export default function BlogPage() {
  return <HeadingPage titleId="blog.title" leadId="blog.lead" />;
}
