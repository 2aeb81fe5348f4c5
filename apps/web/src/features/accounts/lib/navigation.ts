/**
 * The spec's "relaunch at <page>": replace the current entry with that route. It goes through the hash, so it
 * works from anywhere (also from the app-level wallet watcher, whatever it is mounted under); the hash router
 * picks the change up.
 */
export function relaunch(path: string): void {
  window.location.replace(`#${path}`);
}
