import { SUPPORT_EMAIL } from '#shared/brand.ts';
import { matching } from './parsers.ts';
import { parser, setting } from './reader.ts';

/**
 * A clearly marked sample operator: it fills the legal texts' details in development and tests,
 * and the project's own production launchers (benchmarks, browser tests) pass it. A production
 * site sets its own: the server refuses to start in production without them (checks.ts).
 */
export const SAMPLE_OPERATOR_ENV: Readonly<Record<string, string>> = {
  LEGAL_OPERATOR_NAME: 'Sample Operator LLC (sample details)',
  LEGAL_OPERATOR_ADDRESS: '1 Sample Street, Sample City (sample details)',
  LEGAL_OPERATOR_REGISTRATION: '0000000000000 (sample details)',
  LEGAL_OPERATOR_TAX_ID: '0000000000 (sample details)',
  LEGAL_OPERATOR_JURISDICTION: 'Sample Country (sample details)',
};

/** Unset: nothing in production (checks.ts names it), the marked sample elsewhere. */
const operator = (env: string, doc: string) =>
  setting({
    env,
    default: (earlier) => (earlier.NODE_ENV === 'production' ? '' : SAMPLE_OPERATOR_ENV[env]!),
    docDefault:
      'required with `NODE_ENV=production`; elsewhere a sample operator marked `(sample details)`',
    parse: parser('text up to 300 characters', (raw) => (raw.length <= 300 ? raw : undefined)),
    doc,
  });

const email = matching(/^[^\s@]+@[^\s@]+$/, 'an e-mail address');

/** The operator's details and contacts, as the legal pages print them. */
export const legal = {
  operatorName: operator('LEGAL_OPERATOR_NAME', "the operator's legal name"),
  operatorAddress: operator('LEGAL_OPERATOR_ADDRESS', 'its registered address'),
  operatorRegistration: operator('LEGAL_OPERATOR_REGISTRATION', 'its registration number'),
  operatorTaxId: operator('LEGAL_OPERATOR_TAX_ID', 'its tax id (INN, VAT)'),
  operatorJurisdiction: operator(
    'LEGAL_OPERATOR_JURISDICTION',
    'the country whose law governs the world edition',
  ),
  contactEmail: setting({
    env: 'LEGAL_CONTACT_EMAIL',
    default: SUPPORT_EMAIL,
    parse: email,
    doc: 'the support address for claims and refunds',
  }),
  privacyEmail: setting({
    env: 'LEGAL_PRIVACY_EMAIL',
    default: (earlier) => String(earlier.LEGAL_CONTACT_EMAIL),
    docDefault: '`LEGAL_CONTACT_EMAIL`',
    parse: email,
    doc: 'the data-protection contact of the privacy policy',
  }),
};
