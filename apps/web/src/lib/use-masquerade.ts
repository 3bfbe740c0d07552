import { actAsConfirmation } from '@pluvio/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { askToConfirm } from '../components/confirm-dialog';
import { startMasquerade } from './masquerade';
import { PATHS } from './routes';

/** A superuser starts acting as the user with an e-mail address, then lands on /dashboard (D11). */
export function useMasquerade() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => startMasquerade(email),
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
  const masquerade = useMasquerade();
  const [cancelled, setCancelled] = useState(false);
  const ask = async (email: string, who?: string) => {
    const confirmed = await askToConfirm(actAsConfirmation(email, who));
    setCancelled(!confirmed);
    if (confirmed) masquerade.mutate(email);
  };
  return { ask, cancelled, busy: masquerade.isPending, error: masquerade.error };
}

export type ActAs = ReturnType<typeof useActAs>;
