/**
 * Leaving the app for a page the server names (a payment provider's checkout, the card portal,
 * the test checkout's return address): a full page load. One object, so tests can watch it.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
