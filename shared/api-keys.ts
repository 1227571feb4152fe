/** The reseller API key as the cabinet shows it (never the key itself, after it was made). */
export interface ApiKeyView {
  /** the first characters of the key, to tell which one a panel holds */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** Keys start with this, so they are recognisable in a config file or a leak scanner. */
export const API_KEY_PREFIX = 'bst_';
