import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { button } from '../../components/button/button.ts';
import { useLeaving } from '../../lib/leaving.ts';
import styles from './staff.module.css';

export type ListFilter<K extends string> = Partial<Record<K, string>>;

/** The values of a list's filters, trimmed, the empty ones left out of the URL. */
const definedOf = <K extends string>(entries: [string, string | null | undefined][]) =>
  Object.fromEntries(
    entries.map(([key, value]) => [key, value?.trim() ?? ''] as const).filter(([, value]) => value),
  ) as ListFilter<K>;

/** A list's API query from the page's search: its defined filters, the page, 50 rows. */
export function listQueryOf<K extends string>(params: URLSearchParams, keys: readonly K[]) {
  const filter = definedOf<K>(keys.map((key) => [key, params.get(key)]));
  const page = params.get('page') ?? undefined;
  return { filter, query: { ...filter, ...(page ? { page } : {}), limit: '50' } };
}

/**
 * A list screen's query, kept in the URL (a search is a link staff can share, and the page's
 * loader reads the list again when it changes): the defined filters, the page, and how a
 * search or a page changes them.
 */
export function useListQuery<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const { filter } = listQueryOf(params, keys);
  return {
    filter,
    /** changes with the URL: the filter form is keyed by it, so its draft follows the URL */
    key: params.toString(),
    find: (next: ListFilter<K>) =>
      setParams(definedOf(Object.entries(next)) as Record<string, string>, {
        preventScrollReset: true,
      }),
    toPage: (next: number) =>
      setParams({ ...filter, page: String(next) } as Record<string, string>),
  };
}

/**
 * The page's search as the screen shows it: the one being navigated to while the router
 * takes it (a filter chosen shows at once), else the URL's; `set` changes one of its params
 * in place (no history entry), from what is shown.
 */
export function useShownSearch() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const shown = pending?.pathname === pathname ? new URLSearchParams(pending.search) : params;
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(shown);
    if (value.trim()) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { shown, set };
}

/**
 * A filter kept in the URL's `name` param: what is typed or chosen is the field's at once (and
 * the screen's to filter by, with no wait for the router), and goes to the URL once typing
 * stops for `delayMs` (at once with 0: a choice); a URL changed otherwise (back, forward, a
 * link) fills the field again.
 */
export function useSearchDraft(name: string, delayMs = 300) {
  const { shown, set } = useShownSearch();
  const leaving = useLeaving();
  const inUrl = shown.get(name) ?? '';
  const [draft, setDraft] = useState(inUrl);
  const written = useRef(inUrl);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (inUrl === written.current) return;
    written.current = inUrl;
    setDraft(inUrl);
  }, [inUrl]);
  // a link followed while the typing waits: the write would navigate back to this list and
  // cancel the page being opened, so it is dropped (as it is when the list unmounts)
  useEffect(() => {
    if (leaving) clearTimeout(timer.current);
  }, [leaving]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    const write = () => {
      written.current = value.trim() ? value : '';
      set(name, value);
    };
    if (delayMs) timer.current = setTimeout(write, delayMs);
    else write();
  };
  return [draft, change] as const;
}

type Field<K extends string> = (name: K) => {
  name: K;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

/**
 * A list's filter form: what is typed stays here until "Find"; the fields are the caller's
 * (given `field` for their value and change), then the dates' range when `dates`.
 */
export function FilterForm<K extends string>({
  filter,
  onFind,
  dates,
  testId,
  children,
}: {
  filter: ListFilter<K>;
  onFind: (next: ListFilter<K>) => void;
  /** the `from` and `to` filters as date fields, after the caller's */
  dates?: boolean;
  testId?: string;
  children: (field: Field<K>) => ReactNode;
}) {
  const [draft, setDraft] = useState<ListFilter<K>>(filter);
  const field: Field<K> = (name) => ({
    name,
    value: draft[name] ?? '',
    onChange: (event) => setDraft((known) => ({ ...known, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFind(draft);
  };
  return (
    <form className={styles.filters} onSubmit={submit} data-testid={testId}>
      {children(field)}
      {dates && (
        <>
          <label className={styles.filter}>
            <FormattedMessage id="staff.from" />
            <input type="date" {...field('from' as K)} />
          </label>
          <label className={styles.filter}>
            <FormattedMessage id="staff.to" />
            <input type="date" {...field('to' as K)} />
          </label>
        </>
      )}
      <button type="submit" className={button('primary')}>
        <FormattedMessage id="staff.find" />
      </button>
    </form>
  );
}
