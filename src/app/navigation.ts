/**
 * Navigation for code that lives outside the router (the session's effects). Until the router
 * is mounted, the hash is set directly and the page reloads into the sign-in view.
 */
let navigate: ((to: '/auth/login-page') => void) | null = null;

export function setNavigator(fn: (to: '/auth/login-page') => void) {
  navigate = fn;
}

export function goTo(to: '/auth/login-page') {
  if (navigate) navigate(to);
  else window.location.hash = `#${to}`;
}
