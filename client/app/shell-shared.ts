/**
 * Small modules most screens share (the order form's and the cabinet's forms, the auth
 * forms): loaded with the app's shell, so a first visit gets them inside the shell's one file
 * rather than as a chunk each. esbuild writes a chunk per exact set of lazily loaded parts that
 * import a module, and a dozen such files of a few hundred bytes cost a landing ~1.2 KiB gzip
 * more than the same code in the shell (docs/performance.md, "One bundler"). A module
 * belongs here when the landing or the cabinet loads it on a first visit anyway and pages
 * that do not (the blog, the legal texts) lose little by having it: a few hundred bytes.
 */
import '#shared/auth-rules.ts';
import '#shared/currency-conversion.ts';
import '#shared/payment-methods.ts';
import '#shared/short-links.ts';
import '../components/form/choices.tsx';
import '../components/form/focus-first-invalid.ts';
import '../components/form/pay-in-currency.tsx';
import '../components/form/text-field.tsx';
import '../lib/money.ts';
import '../lib/storage.ts';
