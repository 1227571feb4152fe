import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { button } from '../../components/button/button.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { useLocalePath } from '../../lib/use-locale-path.ts';
import styles from './thanks.module.css';

const VIEWS: Record<string, { titleId: string; leadId: string; tone: string }> = {
  thanks: { titleId: 'thanks.success.title', leadId: 'thanks.success.lead', tone: 'success' },
  'thanks-error': { titleId: 'thanks.error.title', leadId: 'thanks.error.lead', tone: 'error' },
  'thanks-waiting': {
    titleId: 'thanks.waiting.title',
    leadId: 'thanks.waiting.lead',
    tone: 'waiting',
  },
};

/** The three thanks pages of SPEC §2: paid, payment failed, payment being checked. */
export default function ThanksPage() {
  const { pageId } = useRouteHandle();
  const to = useLocalePath();
  const view = VIEWS[pageId] ?? VIEWS.thanks!;
  return (
    <div className={styles.thanks} data-tone={view.tone}>
      <HeadingPage titleId={view.titleId} leadId={view.leadId} noindex>
        <div className={styles.actions}>
          <Link to={to('home')} className={button('primary')}>
            <FormattedMessage id="thanks.toHome" />
          </Link>
          <Link to={to('cp')} className={button('secondary')}>
            <FormattedMessage id="thanks.toCabinet" />
          </Link>
        </div>
      </HeadingPage>
    </div>
  );
}
