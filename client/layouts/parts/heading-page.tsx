import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextPage } from '../../components/text-page/text-page.tsx';
import { PageMeta } from './page-meta.tsx';

interface HeadingPageProps {
  /** Message ids of the heading (also the title) and of the lead paragraph. */
  titleId: string;
  leadId: string;
  values?: Record<string, ReactNode>;
  noindex?: boolean;
  children?: ReactNode;
}

/** A page whose head is its heading and lead: auth, cabinet, blog and legal screens. */
export function HeadingPage({ titleId, leadId, values, noindex, children }: HeadingPageProps) {
  const intl = useIntl();
  return (
    <>
      <PageMeta title={intl.formatMessage({ id: titleId })} noindex={noindex} />
      <TextPage
        title={<FormattedMessage id={titleId} />}
        lead={<FormattedMessage id={leadId} values={values} />}
      >
        {children}
      </TextPage>
    </>
  );
}
