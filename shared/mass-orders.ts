/**
 * The cabinet's mass order: one order a line in the SMM panels' format
 * `service | link | quantity`, where `service` is the number `/api/v2` `services` lists for
 * the user. Shared so the form counts lines as the server does.
 */

/** At most this many orders in one mass order (blank lines are not counted). */
export const MAX_MASS_LINES = 100;

/** The longest text a mass order takes (its lines together). */
export const MAX_MASS_TEXT = 100_000;

/** A line's text as an answer echoes it: trimmed, at most this long. */
export const MASS_ECHO_LENGTH = 120;

/** The API's words (English, as every API message): the cabinet maps the ones it knows. */
export const MASS_ERRORS = {
  text: `The orders are text, one order a line: service | link | quantity (up to ${MAX_MASS_TEXT.toLocaleString('en')} characters)`,
  empty: 'Write at least one order: service | link | quantity',
  tooMany: `Up to ${MAX_MASS_LINES} orders at a time, one a line`,
  format: 'Write the line as service | link | quantity',
  service: 'Incorrect service ID',
  quantity: 'Incorrect quantity',
  link: 'Incorrect link',
  subscription: 'Subscriptions cannot be placed in a mass order: order them one at a time',
  comments: 'Comment services cannot be placed in a mass order: they need their comments',
  lines: 'Some lines cannot be placed, so nothing was placed or charged',
  funds: 'Not enough money on the balance for all these orders: nothing was placed',
  login: 'Log in to place a mass order',
} as const;

/** A line of the text that holds something: its number in the text (from 1) and its text. */
export interface MassLine {
  line: number;
  text: string;
}

/** The lines that hold something, numbered as the text numbers them (blank ones count). */
export function massLines(text: string): MassLine[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((line) => line.text !== '');
}

/** A line's text as an answer names it. */
export const echoOf = (text: string): string =>
  text.length > MASS_ECHO_LENGTH ? `${text.slice(0, MASS_ECHO_LENGTH - 1)}…` : text;

/** A line read as `service | link | quantity` (spaces around `|` optional), or its refusal. */
export function parseMassLine(
  text: string,
): { service: number; link: string; quantity: number } | { error: string } {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length !== 3) return { error: MASS_ERRORS.format };
  const [service, link, quantity] = parts as [string, string, string];
  if (!/^\d{1,9}$/.test(service) || Number(service) < 1) return { error: MASS_ERRORS.service };
  if (!link) return { error: MASS_ERRORS.link };
  if (!/^\d{1,9}$/.test(quantity) || Number(quantity) < 1) return { error: MASS_ERRORS.quantity };
  return { service: Number(service), link, quantity: Number(quantity) };
}

/** POST c_orders/mass's answer: each order placed, by its line. */
export interface MassOrderPlaced {
  orders: {
    line: number;
    /** the order's number, as `/api/v2` answers it (what support asks for) */
    order: number;
    /** the public id (the receipt link's handle) */
    public_id: string;
    /** what it was charged, a decimal string in `currency` ("1.23") */
    charge: string;
    currency: string;
  }[];
  /** the balance drop: every charge together */
  total: string;
  currency: string;
}

/** GET c_orders/mass/services: a service a line may name, by its `/api/v2` number. */
export interface MassService {
  service: number;
  name: string;
  platform: string;
  /** the price of 1 000 in the account's currency, a decimal string ("1.46") */
  rate: string;
  min: number;
  max: number;
}

/** A refused line, as the 400's `lines` names it. */
export interface MassLineRefused {
  line: number;
  text: string;
  error: string;
}
