import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_MAX,
  LOGIN_MIN,
  LOGIN_PATTERN,
  AUTH_MESSAGES as M,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../auth-rules.ts';
import { LOCALES } from '../locales.ts';
import { CURRENCIES } from '../regions.ts';
import type { SchemaType } from './schema-type.ts';

/** JSON Schemas (Ajv + ajv-errors) of the auth API; messages as docs/product.md §12 words them. */
export const UNKNOWN_FIELD = 'This field is not expected';

const email = {
  type: 'string',
  minLength: 1,
  maxLength: EMAIL_MAX,
  pattern: EMAIL_PATTERN,
  errorMessage: {
    type: M.emailRequired,
    minLength: M.emailRequired,
    maxLength: M.emailInvalid,
    pattern: M.emailInvalid,
  },
} as const;

const login = {
  type: 'string',
  minLength: LOGIN_MIN,
  maxLength: LOGIN_MAX,
  pattern: LOGIN_PATTERN,
  errorMessage: {
    type: M.loginRequired,
    minLength: M.loginTooShort,
    maxLength: M.loginTooLong,
    pattern: M.loginPattern,
  },
} as const;

const password = {
  type: 'string',
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  errorMessage: {
    type: M.passwordRequired,
    minLength: M.passwordTooShort,
    maxLength: M.passwordTooLong,
  },
} as const;

/** The password again: left empty it is a required field like the others, else the same. */
const confirmation = {
  type: 'string',
  minLength: 1,
  const: { $data: '1/password' },
  errorMessage: { type: M.passwordMismatch, minLength: M.required, const: M.passwordMismatch },
} as const;

export const registerSchema = {
  $id: 'register',
  type: 'object',
  required: ['email', 'login', 'password', 'password_confirmation'],
  additionalProperties: false,
  properties: {
    email,
    login,
    password,
    password_confirmation: confirmation,
    lang: { type: 'string', enum: [...LOCALES] },
    cur: { type: 'string', enum: [...CURRENCIES] },
    ref: { type: 'string', maxLength: 32 },
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: {
      email: M.emailRequired,
      login: M.loginRequired,
      password: M.passwordRequired,
      password_confirmation: M.required,
    },
  },
} as const;
export type RegisterInput = SchemaType<typeof registerSchema>;

export const loginSchema = {
  $id: 'login',
  type: 'object',
  required: ['login', 'password'],
  additionalProperties: false,
  properties: {
    // a login or an e-mail
    login: { type: 'string', minLength: 1, maxLength: EMAIL_MAX, errorMessage: M.loginRequired },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: PASSWORD_MAX,
      errorMessage: M.passwordRequired,
    },
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { login: M.loginRequired, password: M.passwordRequired },
  },
} as const;
/** `login` is a login or an e-mail. */
export type LoginInput = SchemaType<typeof loginSchema>;

export const resetSchema = {
  $id: 'reset',
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email, lang: { type: 'string', enum: [...LOCALES] } },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { email: M.emailRequired },
  },
} as const;
export type ResetInput = SchemaType<typeof resetSchema>;

export const setPasswordSchema = {
  $id: 'set_password',
  type: 'object',
  required: ['code', 'password', 'password_confirmation'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 128, errorMessage: M.required },
    password,
    password_confirmation: confirmation,
  },
  errorMessage: {
    type: M.required,
    additionalProperties: UNKNOWN_FIELD,
    required: { code: M.required, password: M.passwordRequired, password_confirmation: M.required },
  },
} as const;
export type SetPasswordInput = SchemaType<typeof setPasswordSchema>;

/** The account fields' rules, for the other account schemas (profile): one copy of each rule. */
export const ACCOUNT_FIELDS = { email, login, password, confirmation } as const;
