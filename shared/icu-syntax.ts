/** Only these characters can make an ICU message more than its own text. */
const ICU_SYNTAX = /[{}<>'#]/;

export const isPlainText = (message: string): boolean => !ICU_SYNTAX.test(message);

/** A plain text as formatjs's compiled form: one literal, which it returns as it is. */
export const literal = (value: string) => [{ type: 0 as const, value }];
