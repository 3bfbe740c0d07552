import { useEffect } from 'react';

/**
 * While `active`, the browser asks before the page is closed or reloaded (a form half filled in).
 * `allowLeaving` reads a flag at the moment of leaving, so a deliberate departure (to a checkout)
 * set just before `location.assign` is not questioned.
 */
export function useLeaveWarning(active: boolean, allowLeaving: () => boolean = () => false): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowLeaving()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, allowLeaving]);
}
