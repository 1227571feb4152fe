import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api.ts';
import { isTemplate, textPattern, valuesOf } from './staff-templates.ts';

/**
 * What the staff API answers when it refuses, in the server's English (its `*_ERRORS` and
 * `*_MESSAGES` constants, the staff schemas' field messages, the HTTP layer's own), each
 * with the console's message id (locales/staff/{ru,en}.json). A `{name}` in the text stands
 * for a part the server fills in, passed to the message as its value. A message not here is
 * shown in the server's words. tests/api/staff-messages.test.ts checks that every message the
 * staff routes can answer is here with a Russian and an English text.
 */
export const STAFF_ERROR_IDS: Readonly<Record<string, string>> = {
  // the HTTP layer and the client's own
  'An error occurred': 'staff.err.generic',
  'The service is temporary unavailable': 'staff.err.offline',
  'The request is not valid': 'staff.err.invalid',
  'The request body is not valid': 'staff.err.invalid',
  'This page could not be found': 'staff.err.notFound',
  'Requests from other sites are not accepted': 'staff.err.origin',
  'Too many attempts. Please try again in a minute.': 'staff.err.tooMany',
  'Too many codes tried: wait a minute': 'staff.gate.tooMany',
  'This field is not expected': 'staff.err.unknownField',
  // access and sign-in
  'Staff only': 'staff.err.staffOnly',
  'Your role cannot do this': 'staff.err.capability',
  'Enter your two-factor code to open the staff console': 'staff.err.code',
  'Two-factor sign-in is already set up for this account': 'staff.err.enrolled',
  'Start the two-factor set-up first': 'staff.err.notStarted',
  'Set up two-factor sign-in first': 'staff.err.notEnrolled',
  'The code is not right: enter the 6 digits your app shows now, or a recovery code':
    'staff.err.codeWrong',
  'Enter the 6-digit code, or a recovery code': 'staff.err.codeFormat',
  // the bounds on staff powers
  'Staff cannot change their own account here: its balance, level, block, sign-ins or roles':
    'staff.err.self',
  'Only an admin acts on another staff account': 'staff.err.staffAccount',
  'No one acts here on an account of an equal or higher role': 'staff.err.rank',
  'An account an admin blocked is unblocked only by an admin': 'staff.err.unblock',
  'Nobody decides a withdrawal request of their own': 'staff.err.ownWithdrawal',
  'A staff member’s withdrawal request is decided by an admin': 'staff.err.staffWithdrawal',
  'Nobody decides an adjustment they asked for or of their own account': 'staff.err.ownAdjustment',
  // orders
  'Order not found': 'staff.err.orderNotFound',
  'Only a paid order not yet taken by its provider can be sent again': 'staff.err.resend',
  'This order has ended already': 'staff.err.ended',
  'Only a running order can be marked partial': 'staff.err.partial',
  'The delivered count is less than the order’s count': 'staff.err.delivered',
  'This service is not sold by that provider: choose its main or fallback provider':
    'staff.err.switchProvider',
  'A guest’s order is refilled from its receipt link': 'staff.err.refillGuest',
  'This order can no longer be canceled': 'staff.err.cancelTooLate',
  'This service cannot be canceled': 'staff.err.cancelNotOffered',
  'This order cannot be refilled': 'staff.err.refillNotAllowed',
  'This order cannot be refilled: {detail}': 'staff.err.refillRefused',
  'This service cannot be refilled': 'staff.err.refillNotOffered',
  'A refill of this order is still running': 'staff.err.refillRunning',
  'This order has no refill': 'staff.err.noRefill',
  'The provider cannot be reached: try again in a few minutes': 'staff.err.providerDown',
  // users and adjustments
  'User not found': 'staff.err.userNotFound',
  'Adjustment not found': 'staff.err.adjustmentNotFound',
  'This adjustment was decided already': 'staff.err.adjustmentDecided',
  'The account’s currency changed since the adjustment was asked: ask again':
    'staff.err.adjustmentCurrency',
  // withdrawals and payments
  'Withdrawal request not found': 'staff.err.withdrawalNotFound',
  'This withdrawal request was decided already': 'staff.err.withdrawalDecided',
  'Payment not found': 'staff.err.paymentNotFound',
  // the catalogue, prices, providers, import
  'Unknown service': 'staff.err.serviceNotFound',
  'The minimum is more than the maximum': 'staff.err.limits',
  'A service has exactly one TYPE_ label': 'staff.err.typeLabel',
  'A service with this tag exists already': 'staff.err.tagTaken',
  'Unknown provider': 'staff.err.unknownProvider',
  'Tier starts go up, each above the one before': 'staff.err.ascending',
  'The first tier starts at or below the service’s smallest minimum': 'staff.err.firstTier',
  'The provider does not list this service': 'staff.err.upstream',
  'Give the platform: the provider’s category names none': 'staff.err.platformNeeded',
  'The provider’s minimum and maximum are not usable': 'staff.err.providerLimits',
  'No currency rate to convert the provider’s currency': 'staff.err.noRates',
  'The provider’s services list could not be read': 'staff.err.unreadable',
  'Provider not found': 'staff.err.providerNotFound',
  'A provider with this id exists already': 'staff.err.providerExists',
  'The built-in simulator’s id is taken': 'staff.err.simulatorId',
  'The provider’s URL is an http(s) address': 'staff.err.url',
  'Put no user name or password in the provider’s URL': 'staff.err.urlCredentials',
  'The provider’s URL must point to a public address': 'staff.err.urlPrivate',
  'The provider’s URL must start with https://': 'staff.err.urlHttps',
  'The provider could not be reached': 'staff.err.unreachable',
  'The provider’s address is not allowed': 'staff.err.addressNotAllowed',
  // articles and landing copy
  'Article not found': 'staff.err.articleNotFound',
  'An article with this key exists already': 'staff.err.articleKey',
  'The slug {slug} is taken in {lang} by another article': 'staff.err.slugTaken',
  'The article has no {lang} version': 'staff.err.articleLang',
  'No landing text has this key': 'staff.err.copyKey',
  // the bodies' and queries' fields (the staff schemas)
  'Provide an integer': 'staff.err.integer',
  'The search text is up to 200 characters': 'staff.err.q',
  'A date is YYYY-MM-DD': 'staff.err.day',
  'Unknown order status': 'staff.err.orderStatus',
  'The amount is a whole number of minor units, not 0': 'staff.err.amount',
  'Give a reason of 3 to 500 characters': 'staff.user.reasonError',
  'Write the reason in visible characters, without invisible or direction-changing ones':
    'staff.err.reasonVisible',
  'A status is APPLIED, PENDING, APPROVED or REJECTED': 'staff.err.adjustmentStatus',
  'A decision is APPROVED or REJECTED': 'staff.err.adjustmentDecision',
  'The delivered count is a whole number from 0': 'staff.err.deliveredCount',
  'The discount level is from 1 to 10': 'staff.err.level',
  'Roles are ROLE_ADMIN, ROLE_MODERATOR, ROLE_MANAGER, ROLE_SEO or ROLE_PROXY': 'staff.err.roles',
  'blocked is true or false': 'staff.err.blocked',
  'An action is up to 64 letters, dots and dashes': 'staff.err.action',
  'A provider is its id: letters, digits, dots, dashes, up to 64': 'staff.err.providerField',
  'A user is their id, a whole number': 'staff.err.userField',
  'A payment status is WAITING, SUCCESS or ERROR': 'staff.err.paymentStatus',
  'A purpose is order or deposit': 'staff.err.purpose',
  'A gateway is up to 64 letters, digits, dots, dashes and underscores': 'staff.err.gateway',
  'A method is its id, a whole number': 'staff.err.method',
  'A withdrawal status is PENDING, PAID or REJECTED': 'staff.err.withdrawalStatus',
  'Decide PAID or REJECTED': 'staff.err.decision',
  'A note is up to 500 characters': 'staff.err.note',
  'Say why, in 3 to 500 characters: the customer reads it': 'staff.withdrawals.noteRequired',
  'Give true or false': 'staff.err.boolean',
  'A count is a whole number from 1 to 1 000 000 000': 'staff.err.count',
  'Labels are CLIENT_MAIN, CLIENT_LK, VISIBLE, ENABLED and one TYPE_…': 'staff.err.labels',
  'A name is 1 to 200 characters, a description up to 5 000': 'staff.err.text',
  'A provider id is 1 to 64 letters, digits, dots, dashes or underscores': 'staff.err.providerId',
  'A provider’s service id is 1 to 64 characters': 'staff.err.providerService',
  'The client is CLIENT_MAIN or CLIENT_LK': 'staff.err.client',
  'Unknown currency': 'staff.err.currency',
  'Give 1 to 50 tiers, each a start (whole number from 1) and a unit price (whole millionths of a minor unit, more than 0)':
    'staff.err.tiers',
  'The API key is 1 to 500 characters': 'staff.err.apiKey',
  'The markup is a number from 0.01 to 1000': 'staff.err.markup',
  'Choose 1 to 100 services, each with its id at the provider and a new tag': 'staff.err.items',
  'A tag is 2 to 64 capital letters, digits and underscores, starting with a letter':
    'staff.err.tag',
  'A platform is 2 to 32 lower-case letters': 'staff.err.platform',
  'Unknown service type': 'staff.err.type',
  'A kind is 2 to 32 lower-case letters and dashes': 'staff.err.kind',
  'balance is 1 or 0': 'staff.err.balanceFlag',
  'An article key is 1 to 64 lower-case letters, digits and dashes': 'staff.err.articleKeyField',
  'A slug is 1 to 120 lower-case letters, digits and dashes': 'staff.err.slug',
  'A title is 1 to 200 characters on one line': 'staff.err.title',
  'A page title is up to 200 characters on one line': 'staff.err.headtitle',
  'A description is up to 1000 characters on one line': 'staff.err.description',
  'The text is Markdown of 1 to 60000 characters': 'staff.err.body',
  'Tags are some of {tags}': 'staff.err.tags',
  'A service page is up to 64 lower-case letters, digits and dashes, or null':
    'staff.err.servicePage',
  'A service page is up to 64 lower-case letters, digits and dashes': 'staff.err.servicePage',
  'Give at least one language of {langs}': 'staff.err.translations',
  'The language is one of {langs}': 'staff.err.lang',
  'published is true or false': 'staff.err.published',
  'A text key is 1 to 100 letters, digits, dots and dashes': 'staff.err.copyKeyField',
  'A text is 1 to 2000 characters on one line, or null for the default': 'staff.err.copyText',
  'The platform is one of {platforms}': 'staff.err.copyPlatform',
};

/** The texts with a `{name}` in them, as patterns (the plain ones are looked up as they are). */
const PATTERNS = Object.entries(STAFF_ERROR_IDS).flatMap(([text, id]) =>
  isTemplate(text) ? [{ id, pattern: textPattern(text) }] : [],
);

/** The message id of a staff API message (its text, or a pattern it matches), if known. */
export function staffErrorIdOf(message: string): string | undefined {
  return (
    STAFF_ERROR_IDS[message] ??
    PATTERNS.find(({ pattern }) => valuesOf(pattern, message) !== null)?.id
  );
}

/** A staff API message in the console's language; one it does not know, as the server said it. */
export function staffErrorText(intl: IntlShape, message: string): string {
  const id = STAFF_ERROR_IDS[message];
  if (id && intl.messages[id]) return intl.formatMessage({ id });
  for (const { id: templateId, pattern } of PATTERNS) {
    const values = valuesOf(pattern, message);
    if (values && intl.messages[templateId]) return intl.formatMessage({ id: templateId }, values);
  }
  return message;
}

/** The same refusal with its message and each field's in the console's language. */
export function staffApiError(intl: IntlShape, error: ApiError): ApiError {
  return new ApiError(
    staffErrorText(intl, error.message),
    error.statusCode,
    Object.fromEntries(
      Object.entries(error.fields).map(([field, text]) => [field, staffErrorText(intl, text)]),
    ),
  );
}

/** What a form's refused call shows: the message, and each field's own. */
export interface FormFailure {
  text: string;
  fields: Record<string, string>;
}

export const failureOf = (caught: unknown): FormFailure => ({
  text: errorOf(caught),
  fields: caught instanceof ApiError ? caught.fields : {},
});

/** The error a form shows next to `field`: the server's for that field, else its message. */
export function errorOf(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return 'An error occurred';
  return (field && error.fields[field]) || error.message;
}
