import { MESSAGES } from '@pluvio/shared/messages';
import { failureMessage } from '../lib/api-client';
import type { ActAs } from '../lib/use-switch-user';
import { ErrorMessage, InfoMessage } from './form-message';

/** What a list says after its act-as action: the confirmation was cancelled, or the switch failed. */
export function ActAsNotice({ actAs }: { actAs: ActAs }) {
  if (actAs.cancelled) return <InfoMessage>{MESSAGES.masqueradeCancelled}</InfoMessage>;
  if (actAs.error) return <ErrorMessage>{failureMessage(actAs.error, MESSAGES.tryAgain)}</ErrorMessage>;
  return null;
}
