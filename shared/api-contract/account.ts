import type { PremiumStatuses } from '../ledger.ts';
import type { Locale } from '../locales.ts';
import type { Currency } from '../regions.ts';
import {
  loginSchema,
  registerSchema,
  resetSchema,
  setPasswordSchema,
} from '../schemas/auth.schemas.ts';
import { emptyQuery } from '../schemas/catalog.schemas.ts';
import {
  type DeleteAccountRequest,
  deleteAccountSchema,
  type PasswordChange,
  type ProfileChanges,
  passwordChangeSchema,
  profileSchema,
} from '../schemas/profile.schemas.ts';
import type { PublicUser } from '../user.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/** A signed-in session: the token (also set as the `auth` cookie) and the user. */
export interface Session {
  token: string;
  user: PublicUser;
}

export interface LoginInput {
  /** a login or an e-mail */
  login: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  login: string;
  password: string;
  password_confirmation: string;
  lang?: Locale;
  cur?: Currency;
  ref?: string;
}

export interface ResetInput {
  email: string;
  lang?: Locale;
}

export interface SetPasswordInput {
  code: string;
  password: string;
  password_confirmation: string;
}

/**
 * SPEC §7 Auth (auth.routes.ts, social.routes.ts), the profile of /cp/profile/
 * (profile.routes.ts) and the discount levels (levels.routes.ts).
 */
export const ACCOUNT_API = {
  'POST login/local': { body: checked<LoginInput>(loginSchema), answer: typed<Session>() },
  'POST register': { body: checked<RegisterInput>(registerSchema), answer: typed<Session>() },
  // the end of a social login: the provider's token (a cookie) becomes the session
  'POST slogin/auth': { answer: typed<Session>() },
  'POST reset': { body: checked<ResetInput>(resetSchema), answer: typed<{ sent: true }>() },
  'POST set_password': {
    body: checked<SetPasswordInput>(setPasswordSchema),
    answer: typed<Session>(),
  },
  'POST logout': { answer: typed<null>() },
  // null for a guest
  'GET user': { answer: typed<PublicUser | null>() },
  'PATCH user': { body: checked<ProfileChanges>(profileSchema), answer: typed<PublicUser>() },
  'POST user/password': {
    body: checked<PasswordChange>(passwordChangeSchema),
    answer: typed<{ user: PublicUser }>(),
  },
  'POST user/delete': {
    body: checked<DeleteAccountRequest>(deleteAccountSchema),
    answer: typed<{ requested_at: string }>(),
  },
  'GET user/premium_statuses': {
    query: checked<Record<never, string>>(emptyQuery),
    answer: typed<PremiumStatuses>(),
  },
} satisfies Endpoints;
