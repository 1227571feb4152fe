import { useIntl } from 'react-intl';
import { pageById } from '../../../shared/routes.ts';
import { PlatformLanding } from '../../features/landing/platform-landing.tsx';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';

/** /telegram/, /threads/, /tiktok/ (and its alias /tt/), /vk/, /youtube/. */
export default function PlatformPage() {
  const intl = useIntl();
  const platform = pageById(useRouteHandle().pageId).platform ?? 'instagram';
  return (
    <PlatformLanding
      platform={platform}
      meta={
        <PageMeta
          title={intl.formatMessage({ id: `landing.${platform}.metaTitle` })}
          description={intl.formatMessage({ id: `landing.${platform}.metaDescription` })}
        />
      }
    />
  );
}
