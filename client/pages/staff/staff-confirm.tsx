import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';
import { button } from '../../components/button/button.ts';
import styles from './staff.module.css';

interface Asked {
  text: string;
  /** false once answered: focus may leave the dialog then */
  open: boolean;
  answer: (yes: boolean) => void;
}

/** Asks `text`; answers true when confirmed, false when cancelled (or Escape). */
export type Confirm = (text: string) => Promise<boolean>;

/**
 * The console's confirmation (instead of `window.confirm()`): a small modal dialog labelled by
 * its question, with Confirm and Cancel. Focus moves into it (to Cancel, the harmless answer)
 * and stays there while it is open (Tab and Shift+Tab go round its two buttons); Escape
 * cancels; once answered, focus goes back to what had it before (the button that asked).
 * Render `dialog` somewhere in the component that asks: it is nothing until `confirm` is called.
 */
export function useConfirm(): [Confirm, ReactNode] {
  const [asked, setAsked] = useState<Asked | null>(null);
  const current = useRef<Asked | null>(null);
  const confirm = useCallback<Confirm>(
    (text) =>
      new Promise<boolean>((resolve) => {
        // a question still open when another is asked is answered no
        current.current?.answer(false);
        const opener =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        const next: Asked = {
          text,
          open: true,
          answer: (yes) => {
            if (!next.open) return;
            next.open = false;
            if (current.current === next) current.current = null;
            // back to the button that asked, before the caller acts on the answer
            opener?.focus();
            setAsked((shown) => (shown === next ? null : shown));
            resolve(yes);
          },
        };
        current.current = next;
        setAsked(next);
      }),
    [],
  );
  // a screen left with a question open: it is answered no
  useEffect(() => () => current.current?.answer(false), []);
  return [confirm, asked && <ConfirmDialog asked={asked} />];
}

function ConfirmDialog({ asked }: { asked: Asked }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancel.current?.focus();
    // focus that leaves the dialog (a click beside it) comes back
    const keepIn = (event: FocusEvent) => {
      if (asked.open && box.current && !box.current.contains(event.target as Node))
        cancel.current?.focus();
    };
    document.addEventListener('focusin', keepIn);
    return () => document.removeEventListener('focusin', keepIn);
  }, [asked]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      asked.answer(false);
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const buttons = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <div className={styles.confirmBackdrop}>
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-text`}
        className={styles.confirm}
        data-testid="staff-confirm"
        onKeyDown={onKeyDown}
      >
        <p id={`${id}-text`} className={styles.confirmText}>
          {asked.text}
        </p>
        <div className={styles.confirmButtons}>
          <button type="button" className={button('primary')} onClick={() => asked.answer(true)}>
            <FormattedMessage id="staff.confirm.yes" />
          </button>
          <button
            ref={cancel}
            type="button"
            className={button('secondary')}
            onClick={() => asked.answer(false)}
          >
            <FormattedMessage id="staff.confirm.no" />
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
