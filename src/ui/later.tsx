import { useDeferredValue, type ReactNode } from 'react';

/**
 * What is not on the first screen, drawn after it: the render that mounts it draws `fallback` (by
 * default nothing), and React then draws `children` in a render of their own, in slices that give
 * the main thread back every few milliseconds (a deferred value's first render). A page mounted by
 * the router is drawn at once, in one task, whatever its size: what waits here is not in that task
 * (issue 41 §3). Its place must not move what is above it when it comes.
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? children : fallback;
}
