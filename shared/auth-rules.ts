/**
 * Account rules of docs/product.md §12, shared by the API schemas and the forms. The docs/product.md leaves the
 * bounds open; these are ours.
 */
export const LOGIN_MIN = 3;
export const LOGIN_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** Latin letters and digits, single '-', '_' or '.' between them; starts and ends with one. */
export const LOGIN_PATTERN = '^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$';

/**
 * An e-mail without spaces, Cyrillic or special characters: ASCII local part of letters,
 * digits and . _ % + -, a dotted ASCII domain with a 2+ letter top level.
 */
export const EMAIL_PATTERN =
  '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$';

/** The docs/product.md §12 texts, exactly. */
export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email: no spaces, special characters or Cyrillic letters',
  loginRequired: 'Please enter your login',
  loginTooShort: `Login must be longer than ${LOGIN_MIN - 1} characters`,
  loginTooLong: `Login cannot be longer than ${LOGIN_MAX} characters`,
  loginPattern:
    'Login may contain only latin letters, digits, dashes, underscores and dots, and must start and end with a letter or digit',
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be longer than ${PASSWORD_MIN - 1} characters`,
  passwordTooLong: `Password cannot be longer than ${PASSWORD_MAX} characters`,
  passwordMismatch: "Password don't match",
  required: 'This field is required',
  mustCheck: 'Must check the box',
} as const;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** The first rule a login breaks, or null. */
export function loginProblem(login: string): AuthMessageKey | null {
  if (!login) return 'loginRequired';
  if (login.length < LOGIN_MIN) return 'loginTooShort';
  if (login.length > LOGIN_MAX) return 'loginTooLong';
  if (!new RegExp(LOGIN_PATTERN).test(login)) return 'loginPattern';
  return null;
}

export function emailProblem(email: string): AuthMessageKey | null {
  if (!email) return 'emailRequired';
  if (email.length > EMAIL_MAX || !new RegExp(EMAIL_PATTERN).test(email)) return 'emailInvalid';
  return null;
}

export function passwordProblem(password: string): AuthMessageKey | null {
  if (!password) return 'passwordRequired';
  if (password.length < PASSWORD_MIN) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  return null;
}

/** The password typed again: required like any field, then the same as the password. */
export function confirmationProblem(password: string, confirmation: string): AuthMessageKey | null {
  if (!confirmation) return 'required';
  if (confirmation !== password) return 'passwordMismatch';
  return null;
}
