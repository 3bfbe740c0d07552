import type { ReactNode } from 'react';
import classes from './full-page.module.css';

/**
 * The full-page wrapper (spec part 1 §2 "Other"): a background image, content centred. On a
 * page with the shell's header it fills the height below it.
 */
export function FullPage({ underHeader, children }: { underHeader: boolean; children: ReactNode }) {
  return (
    <div className={underHeader ? `${classes.page} ${classes.underHeader}` : classes.page}>
      <div className={classes.stage}>{children}</div>
    </div>
  );
}
