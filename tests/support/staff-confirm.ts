import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Answers the staff console's confirmation (client/pages/staff/staff-confirm.tsx) in an RTL
 * test: waits for the dialog, clicks Confirm (`yes`) or Cancel, waits for it to close. Answers
 * the question it asked.
 */
export async function answerConfirm(user: UserEvent, yes: boolean): Promise<string> {
  const dialog = await screen.findByRole('dialog');
  const question = dialog.textContent ?? '';
  await user.click(within(dialog).getByRole('button', { name: yes ? 'Confirm' : 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return question;
}
