export interface PaymentGroupsTable {
  id: string;
  sort: number;
}

export interface PaymentMethodsTable {
  /** -1 is the balance */
  id: number;
  code: string;
  gateway: string;
  group_id: string | null;
  sort: number;
  /** JSON array of currency codes */
  currencies: string;
  /** JSON object: currency → { min, max } in minor units */
  limits: string;
  country_filter: string;
  /** JSON array of ISO country codes */
  countries: string;
  show_agreement_flag: number;
  enabled: number;
}
