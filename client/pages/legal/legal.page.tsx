import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';

const TITLES: Record<string, string> = {
  'private-policy': 'legal.privacy.title',
  'public-agreement': 'legal.agreement.title',
  'refund-policy': 'legal.refund.title',
};

/** /private-policy/, /public-agreement/, /refund-policy/ for a region (validated by the route). */
export default function LegalPage() {
  const intl = useIntl();
  const { pageId } = useRouteHandle();
  const { region = 'world' } = useParams();
  return (
    <HeadingPage
      titleId={TITLES[pageId] ?? 'legal.privacy.title'}
      leadId="legal.lead"
      values={{ region: intl.formatMessage({ id: `legal.region.${region}` }) }}
    />
  );
}
