import * as articles from './articles.schemas.ts';
import * as auth from './auth.schemas.ts';
import * as cabinet from './cabinet.schemas.ts';
import * as catalog from './catalog.schemas.ts';
import * as ledger from './ledger.schemas.ts';
import * as massOrders from './mass-orders.schemas.ts';
import * as orders from './orders.schemas.ts';
import * as profile from './profile.schemas.ts';
import * as staff from './staff.schemas.ts';
import * as staffCatalogue from './staff-catalogue.schemas.ts';
import * as staffContent from './staff-content.schemas.ts';
import * as staffLandingCopy from './staff-landing-copy.schemas.ts';
import * as staffMoney from './staff-money.schemas.ts';

/**
 * Every value the schema files export (the schemas, their parts and messages), as the JSON Ajv
 * is given, key order included: a rewrite of how a schema is written (helpers, spreads,
 * literal types) must leave this snapshot as it is. A key set to `undefined` is kept visible,
 * since Ajv sees the key.
 */
const MODULES = {
  articles,
  auth,
  cabinet,
  catalog,
  ledger,
  massOrders,
  orders,
  profile,
  staff,
  staffCatalogue,
  staffContent,
  staffLandingCopy,
  staffMoney,
};

const json = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) => (inner === undefined ? '<undefined>' : inner), 2);

describe.each(Object.entries(MODULES))('shared/schemas: %s', (_name, module) => {
  const values = Object.entries(module).filter(([, value]) => typeof value !== 'function');

  it('exports data', () => {
    expect(values.length).toBeGreaterThan(0);
  });

  it.each(values)('%s is unchanged', (_export, value) => {
    expect(json(value)).toMatchSnapshot();
  });
});
