import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React has hydrated the component.
 * A click on server-rendered HTML before hydration is lost, so controls that act on click can stay
 * disabled until this is true: visibly inert instead of silently ignoring the click.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
