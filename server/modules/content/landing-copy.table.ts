/** Staff's own text for one of the landings' texts in one language (locales/landing/). */
export interface LandingCopyTable {
  lang: string;
  key: string;
  text: string;
  updated_at: string;
  /** the staff member's login */
  updated_by: string;
}
