import type { PremiumStatuses } from '../ledger.ts';
import {
  loginSchema,
  registerSchema,
  resetSchema,
  setPasswordSchema,
} from '../schemas/auth.schemas.ts';
import { emptyQuery } from '../schemas/catalog.schemas.ts';
import {
  deleteAccountSchema,
  passwordChangeSchema,
  profileSchema,
} from '../schemas/profile.schemas.ts';
import type { PublicUser } from '../user.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

export type {
  LoginInput,
  RegisterInput,
  ResetInput,
  SetPasswordInput,
} from '../schemas/auth.schemas.ts';

/** A signed-in session: the token (also set as the `auth` cookie) and the user. */
export interface Session {
  token: string;
  user: PublicUser;
}

/**
 * Auth (docs/api.md: auth.routes.ts, social.routes.ts), the profile of /cp/profile/
 * (profile.routes.ts) and the discount levels (levels.routes.ts).
 */
export const ACCOUNT_API = {
  'POST login/local': { body: checked(loginSchema), answer: typed<Session>() },
  'POST register': { body: checked(registerSchema), answer: typed<Session>() },
  // the end of a social login: the provider's token (a cookie) becomes the session
  'POST slogin/auth': { answer: typed<Session>() },
  'POST reset': { body: checked(resetSchema), answer: typed<{ sent: true }>() },
  'POST set_password': {
    body: checked(setPasswordSchema),
    answer: typed<Session>(),
  },
  'POST logout': { answer: typed<null>() },
  // null for a guest
  'GET user': { answer: typed<PublicUser | null>() },
  'PATCH user': { body: checked(profileSchema), answer: typed<PublicUser>() },
  'POST user/password': {
    body: checked(passwordChangeSchema),
    answer: typed<{ user: PublicUser }>(),
  },
  'POST user/delete': {
    body: checked(deleteAccountSchema),
    answer: typed<{ requested_at: string }>(),
  },
  'GET user/premium_statuses': {
    query: checked(emptyQuery),
    answer: typed<PremiumStatuses>(),
  },
} satisfies Endpoints;
