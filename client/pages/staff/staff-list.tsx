import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { button } from '../../components/button/button.ts';
import styles from './staff.module.css';

export type ListFilter<K extends string> = Partial<Record<K, string>>;

/** The values of a list's filters, trimmed, the empty ones left out of the URL. */
const definedOf = <K extends string>(entries: [string, string | null | undefined][]) =>
  Object.fromEntries(
    entries.map(([key, value]) => [key, value?.trim() ?? ''] as const).filter(([, value]) => value),
  ) as ListFilter<K>;

/**
 * A list screen's query, kept in the URL (a search is a link staff can share): the defined
 * filters, the page, the API query of 50 rows, and how a search or a page changes them.
 */
export function useListQuery<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filter = definedOf<K>(keys.map((key) => [key, params.get(key)]));
  const page = params.get('page') ?? undefined;
  return {
    filter,
    /** changes with the URL: the filter form is keyed by it, so its draft follows the URL */
    key: params.toString(),
    query: { ...filter, ...(page ? { page } : {}), limit: '50' },
    find: (next: ListFilter<K>) =>
      setParams(definedOf(Object.entries(next)) as Record<string, string>, {
        preventScrollReset: true,
      }),
    toPage: (next: number) =>
      setParams({ ...filter, page: String(next) } as Record<string, string>),
  };
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
