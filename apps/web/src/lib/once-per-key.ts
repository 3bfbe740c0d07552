/**
 * Runs `task` once per key while the page lives: React's double effects and remounts share the
 * first run (a checkout confirmed, a sign-up completed). A reload starts afresh, which the server
 * answers the same way.
 */
export function oncePerKey<T>(task: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const runs = new Map<string, Promise<T>>();
  return (key) => {
    let run = runs.get(key);
    if (!run) {
      run = task(key);
      runs.set(key, run);
    }
    return run;
  };
}
