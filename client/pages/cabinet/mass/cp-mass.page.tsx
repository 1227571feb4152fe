import { useSelector } from 'react-redux';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { selectUser } from '#client/features/session/session.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { apiOf } from '#client/lib/route-api.ts';
import { writeAction } from '#client/lib/route-write.ts';
import { LINK_EXAMPLES } from '#shared/platforms.ts';
import { part, usePart } from '../cabinet-data.ts';
import styles from './mass.module.css';
import { MassOrderForm } from './mass-order-form.tsx';
import { MassServices } from './mass-services.tsx';

/** The services a line may name. */
export async function massLoader({ request, context }: LoaderFunctionArgs) {
  return { services: await part(request, apiOf(context)('GET c_orders/mass/services')) };
}

/** The page's one write: the mass order. */
export const massAction = writeAction(['POST c_orders/mass'], { signedIn: true });

/**
 * /cp/mass/: a mass order, one order a line in the SMM panels' format, placed
 * from the balance all at once; under it the service numbers a line may name.
 */
export default function MassOrderPage() {
  const user = useSelector(selectUser);
  const services = usePart(useLoaderData<typeof massLoader>().services);
  const first = services.data?.[0]?.service ?? 1;
  const second = services.data?.[1]?.service ?? 2;
  const example = [
    `${first} | ${LINK_EXAMPLES.instagram.post} | 1000`,
    `${second} | ${LINK_EXAMPLES.instagram.account} | 500`,
  ].join('\n');
  return (
    <HeadingPage titleId="cp.mass.title" leadId="cp.mass.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <MassOrderForm example={example} />
        <MassServices services={services.data} currency={user?.cur ?? 'USD'} />
      </div>
    </HeadingPage>
  );
}

/** The route's loader and action, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = () => massLoader;
export const routeAction = () => massAction;
