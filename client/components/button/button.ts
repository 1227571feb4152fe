import styles from './button.module.css';

/** Class names of a button look: className={button('primary', { large: true })}. */
export function button(variant: 'primary' | 'secondary', { large = false } = {}): string {
  return large ? `${styles[variant]} ${styles.large}` : (styles[variant] ?? '');
}
