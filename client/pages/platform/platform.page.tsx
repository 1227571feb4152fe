import { pageById } from '#shared/routes.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { LandingWithForm } from './landing-with-form.tsx';

/** /telegram/, /threads/, /tiktok/ (and its alias /tt/), /vk/, /youtube/. */
export default function PlatformPage() {
  const platform = pageById(useRouteHandle().pageId).platform ?? 'instagram';
  return <LandingWithForm platform={platform} />;
}
