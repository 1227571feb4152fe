import { AUTH_MESSAGES as M, PASSWORD_MAX } from '../auth-rules.ts';
import { LOCALES } from '../locales.ts';
import { CURRENCIES } from '../regions.ts';
import { ACCOUNT_FIELDS, UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** An e-mail or login of another account (sign-up and profile alike). */
export const ACCOUNT_TAKEN = {
  email: 'This email is already registered',
  login: 'This login is already taken',
  either: 'This email or login is already taken',
} as const;

/** JSON Schemas of the profile API (PATCH user, POST user/password, POST user/delete). */
export const PROFILE_MESSAGES = {
  nothingToChange: 'Name at least one field to change',
  langInvalid: 'Choose one of the languages of the site',
  curInvalid: 'Choose RUB, USD or EUR',
  passwordWrong: 'The password is wrong',
  curNotZero: 'The currency can only be changed while the balance is zero',
  curOrdersOpen: 'The currency can only be changed when no order is in progress',
  curWithdrawalPending:
    'The currency can only be changed once your withdrawal request has been decided',
  curTopUpWaiting: 'The currency can only be changed when no top-up is waiting for the bank',
  deleteNotZero: 'Spend or withdraw your balance before deleting the account',
  reasonTooLong: 'Please keep it under 1000 characters',
} as const;

/** The password the account has now: checked against the stored hash, so only its length here. */
const currentPassword = {
  type: 'string',
  minLength: 1,
  maxLength: PASSWORD_MAX,
  errorMessage: M.passwordRequired,
} as const;

export const profileSchema = {
  $id: 'profile',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    login: ACCOUNT_FIELDS.login,
    email: ACCOUNT_FIELDS.email,
    lang: { type: 'string', enum: [...LOCALES], errorMessage: PROFILE_MESSAGES.langInvalid },
    cur: { type: 'string', enum: [...CURRENCIES], errorMessage: PROFILE_MESSAGES.curInvalid },
    // asked for when the e-mail changes (it is where a password reset goes)
    password: currentPassword,
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    minProperties: PROFILE_MESSAGES.nothingToChange,
  },
} as const;

export const passwordChangeSchema = {
  $id: 'password_change',
  type: 'object',
  required: ['password', 'password_confirmation'],
  additionalProperties: false,
  properties: {
    // optional only for an account made by social login that has no password yet
    current_password: currentPassword,
    password: ACCOUNT_FIELDS.password,
    password_confirmation: ACCOUNT_FIELDS.confirmation,
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { password: M.passwordRequired, password_confirmation: M.required },
  },
} as const;

export const deleteAccountSchema = {
  $id: 'delete_account',
  type: 'object',
  additionalProperties: false,
  properties: {
    password: currentPassword,
    reason: { type: 'string', maxLength: 1000, errorMessage: PROFILE_MESSAGES.reasonTooLong },
  },
  errorMessage: { type: M.required, additionalProperties: UNKNOWN_FIELD },
} as const;

export type ProfileChanges = SchemaType<typeof profileSchema>;
export type PasswordChange = SchemaType<typeof passwordChangeSchema>;
export type DeleteAccountRequest = SchemaType<typeof deleteAccountSchema>;
