import {
  createContext,
  type FocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Icon } from '../icons/icons.tsx';
import styles from './dropdown.module.css';

/**
 * docs/product.md §15 Dropdowns: one open at a time, toggling the open one closes it, and a backdrop
 * follows the open one (a click on it, or Escape, closes).
 */
interface DropdownGroup {
  openId: string | null;
  toggle(id: string): void;
  close(): void;
}

const DropdownContext = createContext<DropdownGroup | null>(null);

export function DropdownProvider({ children }: { children: ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = useCallback(
    (id: string) => setOpenId((current) => (current === id ? null : id)),
    [],
  );
  const close = useCallback(() => setOpenId(null), []);
  useEffect(() => {
    if (!openId) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openId, close]);
  const value = useMemo(() => ({ openId, toggle, close }), [openId, toggle, close]);
  return (
    <DropdownContext.Provider value={value}>
      {children}
      {openId && (
        <button
          type="button"
          className={styles.backdrop}
          aria-label="Close"
          tabIndex={-1}
          onClick={close}
          data-testid="dropdown-backdrop"
        />
      )}
    </DropdownContext.Provider>
  );
}

function useDropdownGroup(): DropdownGroup {
  const group = useContext(DropdownContext);
  if (!group) throw new Error('Dropdown used outside DropdownProvider');
  return group;
}

/**
 * How an open menu is left by the keyboard (WCAG 2.1.2, 2.4.3): Escape closes it and gives the
 * focus back to the control that opened it (the menu's content is unmounted, so the focus
 * would otherwise fall to the page); moving the focus out of it (Tab past its end, Shift+Tab
 * before it) closes it. A click elsewhere is the backdrop's.
 */
export function useDismissal(
  open: boolean,
  close: () => void,
  toggleRef: RefObject<HTMLElement | null>,
) {
  return {
    onKeyDown(event: ReactKeyboardEvent) {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      close();
      toggleRef.current?.focus();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      // a focus that went nowhere (a click on something that takes none) is the backdrop's
      const next = event.relatedTarget as Node | null;
      if (open && next && !event.currentTarget.contains(next)) close();
    },
  };
}

/** A custom toggle (the header's bell) that still takes part in the one-open-at-a-time group. */
export function useDropdown(id: string): {
  open: boolean;
  toggle(): void;
  close(): void;
  /** the toggle's ref and the root's handlers (useDismissal) */
  toggleRef: RefObject<HTMLButtonElement | null>;
  dismissal: ReturnType<typeof useDismissal>;
} {
  const { openId, toggle, close } = useDropdownGroup();
  const open = openId === id;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dismissal = useDismissal(open, close, toggleRef);
  return { open, toggle: () => toggle(id), close, toggleRef, dismissal };
}

interface DropdownProps {
  id: string;
  /** What the toggle is for, read before its visible text ("Currency: USD"); omit when the
   *  visible text says it all. */
  label?: string;
  summary: ReactNode;
  align?: 'start' | 'end';
  /** full width, like a form field (the order form's service select) */
  block?: boolean;
  children: ReactNode | ((close: () => void) => ReactNode);
}

export function Dropdown({
  id,
  label,
  summary,
  align = 'end',
  block = false,
  children,
}: DropdownProps) {
  const { open, toggle, close, toggleRef, dismissal } = useDropdown(id);
  return (
    <div
      className={styles.dropdown}
      data-open={open || undefined}
      data-block={block || undefined}
      {...dismissal}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`dropdown-${id}`}
        onClick={toggle}
      >
        {/* the accessible name starts with what the toggle shows, as it must */}
        {label !== undefined && <span className="visually-hidden">{label}: </span>}
        {summary}
        <Icon name="chevronDown" size={16} />
      </button>
      {/* the panel is built when opened: closed menus cost no markup and no hydration */}
      <div id={`dropdown-${id}`} className={styles.panel} data-align={align} hidden={!open}>
        {open && (typeof children === 'function' ? children(close) : children)}
      </div>
    </div>
  );
}
