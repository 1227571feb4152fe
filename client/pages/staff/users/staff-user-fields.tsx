import { FormattedMessage } from 'react-intl';
import styles from '../staff.module.css';
import type { invalidProps } from '../staff-fields.tsx';

const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_MODERATOR', 'ROLE_MANAGER', 'ROLE_SEO', 'ROLE_PROXY'];

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The account's discount level, 1 to 10. */
export function LevelSelect({
  level,
  onChange,
  fieldProps,
}: {
  level: string;
  onChange: (level: string) => void;
  /** the field's marks while the server's refusal names it */
  fieldProps: ReturnType<typeof invalidProps>;
}) {
  return (
    <label className={styles.filter}>
      <FormattedMessage id="staff.user.level" />
      <select
        name="level"
        value={level}
        onChange={(event) => onChange(event.target.value)}
        {...fieldProps}
      >
        {LEVELS.map((one) => (
          <option key={one} value={one}>
            {one}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The account's staff roles, a box each. */
export function RolesChecks({
  roles,
  onToggle,
  fieldProps,
}: {
  roles: string[];
  onToggle: (role: string, on: boolean) => void;
  /** each box's marks while the server's refusal names the roles */
  fieldProps: ReturnType<typeof invalidProps>;
}) {
  return (
    <fieldset className={styles.checks}>
      <legend>
        <FormattedMessage id="staff.user.roles" />
      </legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className={styles.check}>
          <input
            type="checkbox"
            name="roles"
            value={role}
            checked={roles.includes(role)}
            {...fieldProps}
            onChange={(event) => onToggle(role, event.target.checked)}
          />
          <FormattedMessage id={`staff.role.${role.slice(5).toLowerCase()}`} />
        </label>
      ))}
    </fieldset>
  );
}

/** An action's refusal under its form, with the id its field names (none while it has none). */
export function ActionError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} role="alert" className={styles.alert} style={{ width: '100%', margin: 0 }}>
      {text}
    </p>
  ) : null;
}
