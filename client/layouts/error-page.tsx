import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { button } from '../components/button/button.ts';
import { notSoldOfError } from '../features/landing/landing.loader.ts';
import { ChunkLoadError } from '../lib/chunk-reload.ts';
import { useLocalePath } from '../lib/locale.ts';
import { reportClientError } from '../lib/report-error.ts';
import styles from './error-page.module.css';
import { PageMeta } from './parts/page-meta.tsx';
import { PLATFORM_PAGE } from './parts/platform-links.ts';

/** docs/product.md §2 Error page and §12: 404 with its exact texts, 'Error {statusCode}' for the rest. */
export function ErrorPage() {
  const error = useRouteError();
  const intl = useIntl();
  const to = useLocalePath();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // an exception the page could not get past (a failed loader, a render) reaches the server's
  // log; a route's answer (a 404) is no fault. A part that failed to load is the network's
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    reportClientError(
      error,
      'error-page',
      undefined,
      error instanceof ChunkLoadError ? 'warn' : 'error',
    );
  }, [error]);
  const notSold = status === 404 ? notSoldOfError(error) : null;
  if (notSold) {
    const platform = intl.formatMessage({ id: `platform.${notSold.platform}` });
    return (
      <section className={styles.error} data-testid="service-not-sold">
        <PageMeta title={intl.formatMessage({ id: 'error.notFoundTitle' })} noindex />
        <p className={styles.code}>404</p>
        <h1>
          <FormattedMessage id="error.serviceGoneHeading" />
        </h1>
        <p className={styles.text}>
          <FormattedMessage id="error.serviceGoneText" values={{ platform }} />
        </p>
        <ul className={styles.offers}>
          {notSold.pages.map((page) => (
            <li key={page}>
              <Link to={to(`service:${page}`)}>
                <FormattedMessage id={`service.${page}.name`} />
              </Link>
            </li>
          ))}
        </ul>
        <Link to={to(PLATFORM_PAGE[notSold.platform])} className={button('primary')}>
          <FormattedMessage id="header.allServices" values={{ platform }} />
        </Link>
      </section>
    );
  }
  if (status === 404) {
    return (
      <section className={styles.error}>
        <PageMeta title={intl.formatMessage({ id: 'error.notFoundTitle' })} noindex />
        <p className={styles.code}>404</p>
        <h1>
          <FormattedMessage id="error.notFoundHeading" />
        </h1>
        <p className={styles.text}>
          <FormattedMessage id="error.notFoundText" />
        </p>
        <Link to={to('home')} className={button('primary')}>
          <FormattedMessage id="error.backToMain" />
        </Link>
      </section>
    );
  }
  const lost = error instanceof ChunkLoadError;
  const message = lost
    ? intl.formatMessage({ id: 'error.chunkLoad' })
    : (errorMessage(error) ?? intl.formatMessage({ id: 'error.generic' }));
  // docs/product.md §12: an error about the currency hides the Go back link
  const hideBack = /currency/i.test(message);
  return (
    <section className={styles.error}>
      <PageMeta title={intl.formatMessage({ id: 'error.title' })} noindex />
      <h1>
        <FormattedMessage id="error.withStatus" values={{ statusCode: status }} />
      </h1>
      <p className={styles.text}>{message}</p>
      {lost ? (
        <button type="button" className={button('primary')} onClick={() => location.reload()}>
          <FormattedMessage id="error.reload" />
        </button>
      ) : (
        !hideBack && (
          <button type="button" className={button('primary')} onClick={() => history.back()}>
            <FormattedMessage id="error.goBack" />
          </button>
        )
      )}
    </section>
  );
}

function errorMessage(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === 'string' && data) return data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    return error.statusText || null;
  }
  // messages of unexpected exceptions are not for visitors (they may name internals)
  return null;
}
