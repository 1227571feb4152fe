import type { ReactNode } from 'react';
import styles from './text-page.module.css';

/** A page heading with its lead paragraph and room for the page's body. */
export function TextPage({
  title,
  lead,
  children,
  wide = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** the container's width, wider than the column it stands in (the blog, legal texts) */
  wide?: boolean;
}) {
  return (
    <article className={wide ? `${styles.page} ${styles.wide}` : styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </article>
  );
}
