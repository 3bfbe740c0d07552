import { CONTACT_MESSAGES, type Contact } from '@pluvio/shared/contacts';
import { MESSAGES } from '@pluvio/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import { dropFromCachedLists } from '../../lib/cached-lists';
import { CONTACTS_KEY, deleteContact } from './api';

/**
 * Deleting a contact from the list or the form, after the user confirms; a failure shows the
 * server's message. The form without a loaded contact only says it cannot delete.
 */
export function useDeleteContact(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: deleteContact,
    onSuccess: (_, contact) => {
      void dropFromCachedLists(queryClient, CONTACTS_KEY, contact.id);
      onDeleted?.();
    },
  });

  const askToDelete = (contact: Contact | null) => {
    setNotice(null);
    removal.reset();
    if (!contact) {
      setNotice(CONTACT_MESSAGES.deleteOnlyExisting);
      return;
    }
    if (window.confirm(CONTACT_MESSAGES.deleteConfirm)) removal.mutate(contact);
  };

  return {
    askToDelete,
    busy: removal.isPending,
    message: notice ?? (removal.isError ? failureMessage(removal.error, MESSAGES.tryAgain) : null),
  };
}
