import { actAsConfirmation } from '@pluvio/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { askToConfirm } from '../components/confirm-dialog';
import { PATHS } from './routes';
import { switchToUser } from './switch-user';

/** A superuser starts acting as the user with an e-mail address, then lands on /dashboard (D11). */
export function useSwitchUser() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => switchToUser(email),
    onSuccess: () => {
      // The cached lists belong to the superuser's own session.
      queryClient.clear();
      navigate(PATHS.dashboard);
    },
  });
}

/**
 * The lists' act-as action: the superuser confirms first (spec part 1 §5); answering Cancel
 * leaves them on the list with the spec's message (`cancelled`).
 */
export function useActAs() {
  const switchUser = useSwitchUser();
  const [cancelled, setCancelled] = useState(false);
  const ask = async (email: string, who?: string) => {
    const confirmed = await askToConfirm(actAsConfirmation(email, who));
    setCancelled(!confirmed);
    if (confirmed) switchUser.mutate(email);
  };
  return { ask, cancelled, busy: switchUser.isPending, error: switchUser.error };
}

export type ActAs = ReturnType<typeof useActAs>;
