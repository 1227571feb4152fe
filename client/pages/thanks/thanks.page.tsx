import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import {
  type FollowedOrder,
  isFinalStatus,
  type OrderView,
  type PaymentView,
  pageOfTag,
} from '#shared/orders.ts';
import { isCardMethod } from '#shared/payment-methods.ts';
import { isCurrency } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import type { PublicUser } from '#shared/user.ts';
import { button } from '../../components/button/button.ts';
import { ProgressBar } from '../../features/orders/progress-bar.tsx';
import { serviceNameOf } from '../../features/orders/service-name.ts';
import { type ThanksData, thanksLoader } from '../../features/payment/payment.loader.ts';
import { type PaymentState, paymentActions } from '../../features/payment/payment.slice.ts';
import { HeadingPage } from '../../layouts/parts/heading-page.tsx';
import { useLeaving } from '../../lib/leaving.ts';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { useWrite, writeAction } from '../../lib/route-write.ts';
import styles from './thanks.module.css';

const TONES: Record<string, 'success' | 'error' | 'waiting'> = {
  thanks: 'success',
  'thanks-error': 'error',
  'thanks-waiting': 'waiting',
};

const TONE_OF_STATUS: Record<PaymentView['status'], 'success' | 'error' | 'waiting'> = {
  SUCCESS: 'success',
  ERROR: 'error',
  WAITING: 'waiting',
};

/**
 * the words fit what was paid and who paid it. A top-up says the balance grew; an
 * order tells a user to follow it in the cabinet and a guest to watch for the receipt mail.
 * docs/product.md §2/§15 keep their exact headings and the failure's text.
 */
function wordsOf(
  tone: 'success' | 'error' | 'waiting',
  purpose: PaymentView['purpose'] | null,
  loggedIn: boolean,
  method: string | null,
  status: OrderView['status'] | null,
): { titleId: string; leadId: string } {
  const who = loggedIn ? 'user' : 'guest';
  // the product rules' "Try another card" after a card; a wallet, SEPA or crypto is asked to change method
  if (tone === 'error')
    return {
      titleId: 'thanks.error.title',
      leadId: method && !isCardMethod(method) ? 'thanks.error.leadMethod' : 'thanks.error.lead',
    };
  if (tone === 'waiting')
    return {
      titleId: 'thanks.waiting.title',
      leadId: purpose === 'deposit' ? 'thanks.waiting.deposit' : `thanks.waiting.${who}`,
    };
  if (purpose === 'deposit')
    return { titleId: 'thanks.deposit.title', leadId: 'thanks.deposit.lead' };
  // the sentence follows the order: it starts, it runs, it is done, or it ended otherwise
  const stage =
    status === 'RUNNING'
      ? 'running.'
      : status === 'COMPLETED' || status === 'PARTIAL'
        ? 'done.'
        : status === 'CANCELED' || status === 'EXPIRED' || status === 'ERROR'
          ? 'ended.'
          : '';
  return { titleId: 'thanks.success.title', leadId: `thanks.success.${stage}${who}` };
}

/** Where "Try again" leads: the top-up form, the cabinet's order form, or the service page. */
function retryPath(
  payment: PaymentView | null | undefined,
  order: OrderView | null,
  loggedIn: boolean,
  locale: ReturnType<typeof useLocale>,
): string {
  if (payment?.purpose === 'deposit') return pagePath('cp-payment', locale);
  if (loggedIn)
    return `${pagePath('cp', locale)}${order ? `?service=${order.tag.replace('_MULTI', '')}` : ''}`;
  if (order) {
    try {
      return pagePath(`service:${pageOfTag(order.tag)}`, locale);
    } catch {
      // a service without a page of its own: the home page's form
    }
  }
  return pagePath('home', locale);
}

/** The states in which an order has delivered something worth a bar. */
const DELIVERING = new Set(['RUNNING', 'PARTIAL', 'COMPLETED']);

/**
 * "1,000 × Instagram likes — $6.99": what was bought (docs/product.md §15), its state and,
 * once it runs, how much is delivered.
 */
function OrderSummary({ order }: { order: OrderView | FollowedOrder }) {
  const intl = useIntl();
  const name = serviceNameOf(intl, order.tag);
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
      <dd data-testid="order-status" aria-live="polite">
        <FormattedMessage id={`order.status.${order.status}`} />
        {'progress' in order && DELIVERING.has(order.status) && (
          <ProgressBar
            delivered={order.delivered}
            count={order.count}
            progress={order.progress}
            labelId="thanks.delivered"
          />
        )}
      </dd>
    </dl>
  );
}

/** On the receipt link: a guest order can join an account (the link proves it is yours). */
function KeepOrder({ orderId }: { orderId: string }) {
  const to = useLocalePath();
  const location = useLocation();
  const user = useSelector((state: { session: { user: PublicUser | null } }) => state.session.user);
  const claim = useWrite('POST c_orders/:id/claim');
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
  if (claim.answer)
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
        disabled={claim.pending}
        onClick={() => void claim.submit({ params: { id: orderId } })}
      >
        <FormattedMessage id="thanks.claim" />
      </button>
      {claim.error && (
        <p className={styles.note} role="alert">
          {claim.error.message}
        </p>
      )}
    </div>
  );
}

/** The receipt page's one write: a guest order joins the account. */
export const thanksAction = writeAction(['POST c_orders/:id/claim']);

/**
 * Keeping the order reads nothing again: the page stays as it is, saying the order is kept
 * (a read would take the offer and its answer away).
 */
export const thanksShouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) => (formMethod ? false : defaultShouldRevalidate);

/**
 * The three thanks pages of docs/product.md §2: paid, payment failed, payment being checked. The
 * waiting page follows its payment (payment saga) and moves on when the payment is final.
 */
export default function ThanksPage() {
  const intl = useIntl();
  const { pageId } = useRouteHandle();
  const to = useLocalePath();
  const locale = useLocale();
  const user = useSelector((state: { session: { user: PublicUser | null } }) => state.session.user);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const data = useLoaderData() as ThanksData | null;
  const followed = useSelector((state: { payment: PaymentState }) => state.payment);
  const payment =
    followed.payment && followed.payment.id === data?.payment?.id
      ? followed.payment
      : data?.payment;
  // the payment's own status says what happened, whichever thanks address was opened
  const tone = payment ? TONE_OF_STATUS[payment.status] : (TONES[pageId] ?? 'success');
  // the receipt view (with the delivery) when the loader had it, else the payment's latest word
  const paidOrder =
    data?.order && 'progress' in data.order ? data.order : (payment?.order ?? data?.order ?? null);
  // the order as the page last heard of it (the receipt view, with its delivery)
  const order = followed.order && followed.order.id === paidOrder?.id ? followed.order : paidOrder;
  const purpose = payment?.purpose ?? (order ? 'order' : null);
  const method = payment?.method ?? null;
  const view = wordsOf(tone, purpose, Boolean(user), method, order?.status ?? null);

  // a payment still waiting is followed, at the waiting address or any other
  const waiting = pageId === 'thanks-waiting' || tone === 'waiting';
  const paymentId = data?.payment?.id;
  useEffect(() => {
    if (!waiting || !paymentId) return;
    dispatch(paymentActions.followStarted(paymentId));
    return () => {
      dispatch(paymentActions.followStopped());
    };
  }, [dispatch, waiting, paymentId]);
  // a paid order is followed until it is final: the page shows it running, then done
  const followedOrderId =
    tone === 'success' && order && !isFinalStatus(order.status) ? order.id : null;
  useEffect(() => {
    if (!followedOrderId) return;
    dispatch(paymentActions.orderFollowStarted(followedOrderId));
    return () => {
      dispatch(paymentActions.orderFollowStopped());
    };
  }, [dispatch, followedOrderId]);
  // once final, the address follows the payment too, unless the visitor is already going
  // elsewhere (a link followed while the payment's last word came): that navigation wins
  const status = payment?.status;
  const leaving = useLeaving();
  useEffect(() => {
    if (!paymentId || !status || status === 'WAITING' || leaving) return;
    const target = status === 'SUCCESS' ? 'thanks' : 'thanks-error';
    if (target !== pageId) navigate(`${to(target)}?payment=${paymentId}`, { replace: true });
  }, [navigate, to, pageId, paymentId, status, leaving]);

  return (
    <div className={styles.thanks} data-tone={tone}>
      <HeadingPage
        titleId={view.titleId}
        leadId={view.leadId}
        values={{
          method: method ? intl.formatMessage({ id: `payment.method.${method}` }) : '',
          amount:
            payment && isCurrency(payment.currency)
              ? formatMoney(intl, payment.amount, payment.currency)
              : '',
        }}
        noindex
      >
        {order && tone !== 'error' && <OrderSummary order={order} />}
        {order && data?.owned === false && <KeepOrder orderId={order.id} />}
        {tone === 'waiting' && followed.gaveUp && (
          <p className={styles.note}>
            <FormattedMessage id="thanks.waiting.later" />
          </p>
        )}
        <div className={styles.actions}>
          {tone === 'error' ? (
            <Link
              to={retryPath(payment, order, Boolean(user), locale)}
              className={button('primary')}
              data-testid="try-again"
            >
              <FormattedMessage id="thanks.tryAgain" />
            </Link>
          ) : user && purpose === 'deposit' ? (
            <Link to={to('cp')} className={button('primary')}>
              <FormattedMessage id="thanks.newOrder" />
            </Link>
          ) : user ? (
            <Link to={to('cp-orders')} className={button('primary')}>
              <FormattedMessage id="thanks.toOrders" />
            </Link>
          ) : (
            <Link to={to('home')} className={button('primary')}>
              <FormattedMessage id="thanks.toHome" />
            </Link>
          )}
          {user && purpose === 'deposit' ? (
            <Link to={to('cp-payment-history')} className={button('secondary')}>
              <FormattedMessage id="thanks.history" />
            </Link>
          ) : (
            <Link to={to('cp')} className={button('secondary')}>
              <FormattedMessage id="thanks.toCabinet" />
            </Link>
          )}
        </div>
      </HeadingPage>
    </div>
  );
}

/** The route's loader, action and revalidation, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = () => thanksLoader;
export const routeAction = () => thanksAction;
export const routeShouldRevalidate = () => thanksShouldRevalidate;
