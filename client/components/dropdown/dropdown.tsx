import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Icon } from '../icons/icons.tsx';
import styles from './dropdown.module.css';

/**
 * SPEC §4 Dropdowns: one open at a time, toggling the open one closes it, and a backdrop
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

/** A custom toggle (the header's bell) that still takes part in the one-open-at-a-time group. */
export function useDropdown(id: string): { open: boolean; toggle(): void; close(): void } {
  const { openId, toggle, close } = useDropdownGroup();
  return { open: openId === id, toggle: () => toggle(id), close };
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
  const { openId, toggle, close } = useDropdownGroup();
  const open = openId === id;
  return (
    <div className={styles.dropdown} data-open={open || undefined} data-block={block || undefined}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`dropdown-${id}`}
        onClick={() => toggle(id)}
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
