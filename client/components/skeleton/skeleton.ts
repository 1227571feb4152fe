import styles from './skeleton.module.css';

/** The class of a loading line; `extra` sizes it (a page's own width and height class). */
export const skeletonBar = (extra?: string): string =>
  extra ? `${styles.bar} ${extra}` : (styles.bar ?? '');
