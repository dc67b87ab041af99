import { useEffect, useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React has hydrated the component.
 * A click on server-rendered HTML before hydration is lost, so controls that act on click can stay
 * disabled until this is true: visibly inert instead of silently ignoring the click.
 *
 * Flipping it re-renders the component synchronously right after hydration; where only a marker is
 * needed, useHydratedMarker costs no render at all.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A ref for the element that gets `data-hydrated="true"` once React has hydrated it and run the
 * component's effects (browser tests wait for it: a click before hydration is lost). Written to the
 * DOM directly, so that marking hydration does not re-render what the element holds.
 */
export function useHydratedMarker<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.setAttribute("data-hydrated", "true");
  }, []);
  return ref;
}
