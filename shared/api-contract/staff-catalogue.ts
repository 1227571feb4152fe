import {
  staffEnabledBody,
  staffImportBody,
  staffProviderBody,
  staffProvidersQuery,
  staffServiceBody,
  staffTiersBody,
} from '../schemas/staff-catalogue.schemas.ts';
import type {
  StaffImportDiff,
  StaffPrices,
  StaffProvider,
  StaffProviderTest,
  StaffService,
} from '../staff-catalogue.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/**
 * The staff console's catalogue (capability `catalogue`), prices (`prices`) and providers
 * (`providers`; the import from a provider is `catalogue`'s). Every write
 * adds its audit row in its own transaction.
 */
export const STAFF_CATALOGUE_API = {
  'GET staff/catalogue/services': { answer: typed<StaffService[]>() },
  'GET staff/catalogue/services/:tag': { answer: typed<StaffService>() },
  'PATCH staff/catalogue/services/:tag': {
    body: checked(staffServiceBody),
    answer: typed<StaffService>(),
  },

  'GET staff/prices/:tag': { answer: typed<StaffPrices>() },
  'PUT staff/prices/:tag': {
    body: checked(staffTiersBody),
    answer: typed<StaffPrices>(),
  },

  'GET staff/providers': {
    query: checked(staffProvidersQuery),
    answer: typed<StaffProvider[]>(),
  },
  'POST staff/providers': {
    body: checked(staffProviderBody),
    answer: typed<StaffProvider>(),
  },
  'POST staff/providers/:id/test': { answer: typed<StaffProviderTest>() },
  'POST staff/providers/:id/enabled': {
    body: checked(staffEnabledBody),
    answer: typed<StaffProvider>(),
  },
  'GET staff/providers/:id/import': { answer: typed<StaffImportDiff>() },
  'POST staff/providers/:id/import': {
    body: checked(staffImportBody),
    answer: typed<{ services: StaffService[] }>(),
  },
} satisfies Endpoints;
