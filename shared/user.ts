import type { RoleName } from './roles.ts';

/** A user as the API and the pages see them (never the password hash). */
export interface PublicUser {
  id: number;
  email: string;
  login: string | null;
  lang: string;
  cur: string;
  /** minor units of `cur` */
  balance: number;
  roles: string[];
  role: RoleName;
  scopes: string[];
  isStaff: boolean;
  noCp: boolean;
  refCode: string;
  /** discount level held (1–5) */
  discountLevel: number;
  createdAt: string;
}
