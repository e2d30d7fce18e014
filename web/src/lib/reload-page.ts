/**
 * Reloads the page. An object's method, so a test can watch it: jsdom cannot navigate, and its
 * `window.location` cannot be replaced.
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
