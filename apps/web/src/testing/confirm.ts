import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Answers the app's open confirmation dialog by pressing the button named `button` ('Cancel' to
 * refuse); resolves with the dialog's name (its title) and its text, read before it closes.
 */
export async function answerConfirmation(button: string): Promise<{ title: string; text: string }> {
  const dialog = await screen.findByRole('dialog');
  const title = dialog.getAttribute('aria-labelledby');
  const answer = {
    title: (title && document.getElementById(title)?.textContent) || '',
    text: dialog.textContent ?? '',
  };
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  return answer;
}
