/**
 * Navigation for code that runs outside React components (the API client's 401 handling). The app
 * registers its router here when it starts; before that a hash assignment does the same job.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to) => {
  window.location.hash = to;
};

export function registerNavigator(fn: NavigateFn) {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigateImpl(to, options);
}
