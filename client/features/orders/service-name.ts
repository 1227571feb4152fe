import type { IntlShape } from 'react-intl';
import { pageOfTag } from '#shared/orders.ts';
import { messageOr } from '../../lib/intl.ts';

/** A service's name in the page's language (its page's name), else its tag. */
export function serviceNameOf(intl: IntlShape, tag: string): string {
  return messageOr(intl, `service.${pageOfTag(tag)}.name`, tag);
}
