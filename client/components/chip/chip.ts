import styles from './chip.module.css';

/** The class of a filter chip (a button with aria-pressed). */
export const chip: string = styles.chip ?? '';
