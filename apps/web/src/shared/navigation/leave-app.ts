/** Leaves the app for another page (a payment gateway's checkout): the one place the app does so. */
export function leaveApp(url: string) {
  window.location.assign(url);
}
