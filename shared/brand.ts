/** The storefront's name, the same in every language. */
export const BRAND_NAME = 'Boostly';
export const SUPPORT_EMAIL = 'support@boostly.example';
