import { CONTACT_MESSAGES, type Contact } from '@pluvio/shared/contacts';
import { deleteConfirmation, MESSAGES } from '@pluvio/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { askToConfirm } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-client';
import { dropFromCachedLists } from '../../lib/cached-lists';
import { CONTACTS_KEY, deleteContact } from './api';

/**
 * Deleting a contact from the list or the form (which offers it only for a saved contact), after
 * the user confirms in the app's dialog; a failure shows the server's message.
 */
export function useDeleteContact(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: deleteContact,
    onSuccess: (_, contact) => {
      void dropFromCachedLists(queryClient, CONTACTS_KEY, contact.id);
      onDeleted?.();
    },
  });

  const askToDelete = async (contact: Contact) => {
    removal.reset();
    const question = deleteConfirmation('contact', contact.name, CONTACT_MESSAGES.deleteConfirm);
    if (await askToConfirm(question)) removal.mutate(contact);
  };

  return {
    askToDelete,
    busy: removal.isPending,
    message: removal.isError ? failureMessage(removal.error, MESSAGES.tryAgain) : null,
  };
}
