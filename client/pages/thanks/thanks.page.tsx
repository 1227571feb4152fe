import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { type OrderView, pageOfTag } from '../../../shared/orders.ts';
import { isCurrency } from '../../../shared/regions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import { button } from '../../components/button/button.ts';
import type { ThanksData } from '../../features/payment/payment.loader.ts';
import { type PaymentState, paymentActions } from '../../features/payment/payment.slice.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { api } from '../../lib/api.ts';
import { useLocalePath } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
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

/** "1,000 × Instagram likes — $6.99": what was bought (CATALOG.md thanks view). */
function OrderSummary({ order }: { order: OrderView }) {
  const intl = useIntl();
  const page = pageOfTag(order.tag);
  const name = intl.messages[`service.${page}.name`]
    ? intl.formatMessage({ id: `service.${page}.name` })
    : order.tag;
  return (
    <dl className={styles.summary} data-testid="order-summary">
      <dt>
        <FormattedMessage id="thanks.ordered" />
      </dt>
      <dd>
        {intl.formatNumber(order.count)} × {name}
      </dd>
      <dt>
        <FormattedMessage id="order.price" />
      </dt>
      <dd>{isCurrency(order.currency) ? formatMoney(intl, order.cost, order.currency) : ''}</dd>
      <dt>
        <FormattedMessage id="thanks.link" />
      </dt>
      <dd className={styles.link}>{order.link.split('\n')[0]}</dd>
      <dt>
        <FormattedMessage id="thanks.status" />
      </dt>
      <dd data-testid="order-status">
        <FormattedMessage id={`order.status.${order.status}`} />
      </dd>
    </dl>
  );
}

/** On the receipt link: a guest order can join an account (the link proves it is yours). */
function KeepOrder({ orderId }: { orderId: string }) {
  const to = useLocalePath();
  const location = useLocation();
  const user = useSelector((state: { session: { user: PublicUser | null } }) => state.session.user);
  const [state, setState] = useState<'idle' | 'busy' | 'done' | string>('idle');
  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return (
      <p>
        <Link to={`${to('signup')}?redirect=${encodeURIComponent(back)}`}>
          <FormattedMessage id="thanks.signupToFollow" />
        </Link>
      </p>
    );
  }
  if (state === 'done')
    return (
      <p className={styles.note} role="status">
        <FormattedMessage id="thanks.claimed" />
      </p>
    );
  return (
    <div>
      <button
        type="button"
        className={button('secondary')}
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          api(`c_orders/${orderId}/claim`, { method: 'POST' })
            .then(() => setState('done'))
            .catch((error: Error) => setState(error.message));
        }}
      >
        <FormattedMessage id="thanks.claim" />
      </button>
      {!['idle', 'busy', 'done'].includes(state) && (
        <p className={styles.note} role="alert">
          {state}
        </p>
      )}
    </div>
  );
}

/**
 * The three thanks pages of SPEC §2: paid, payment failed, payment being checked. The
 * waiting page follows its payment (payment saga) and moves on when the payment is final.
 */
export default function ThanksPage() {
  const { pageId } = useRouteHandle();
  const to = useLocalePath();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const data = useLoaderData() as ThanksData | null;
  const followed = useSelector((state: { payment: PaymentState }) => state.payment);
  const view = VIEWS[pageId] ?? VIEWS.thanks!;
  const payment =
    followed.payment && followed.payment.id === data?.payment?.id
      ? followed.payment
      : data?.payment;
  const order = payment?.order ?? data?.order ?? null;

  const waiting = pageId === 'thanks-waiting';
  const paymentId = data?.payment?.id;
  useEffect(() => {
    if (!waiting || !paymentId) return;
    dispatch(paymentActions.followStarted(paymentId));
    return () => {
      dispatch(paymentActions.followStopped());
    };
  }, [dispatch, waiting, paymentId]);
  const status = payment?.status;
  useEffect(() => {
    if (!waiting || !paymentId || !status || status === 'WAITING') return;
    const target = status === 'SUCCESS' ? 'thanks' : 'thanks-error';
    navigate(`${to(target)}?payment=${paymentId}`, { replace: true });
  }, [navigate, to, waiting, paymentId, status]);

  return (
    <div className={styles.thanks} data-tone={view.tone}>
      <HeadingPage titleId={view.titleId} leadId={view.leadId} noindex>
        {order && pageId !== 'thanks-error' && <OrderSummary order={order} />}
        {order && data?.owned === false && <KeepOrder orderId={order.id} />}
        {waiting && followed.gaveUp && (
          <p className={styles.note}>
            <FormattedMessage id="thanks.waiting.later" />
          </p>
        )}
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
