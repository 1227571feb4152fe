import { useIntl } from 'react-intl';
import { PlatformLanding } from '../../features/landing/platform-landing.tsx';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';

/** Home: the Instagram storefront (Instagram is the home page's platform). */
export default function HomePage() {
  const intl = useIntl();
  return (
    <PlatformLanding
      platform="instagram"
      meta={
        <PageMeta
          title={intl.formatMessage({ id: 'landing.instagram.metaTitle' })}
          description={intl.formatMessage({ id: 'landing.instagram.metaDescription' })}
        />
      }
    />
  );
}
