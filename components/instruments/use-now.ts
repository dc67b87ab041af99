"use client";

import { useSyncExternalStore } from "react";

// One shared clock for every "synced 4 minutes ago" on the page, ticking every 30 s.
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time in ms. During hydration it is the server's render time, so relative
 * times render the same text on both sides; afterwards it follows the browser clock.
 */
export function useNow(serverNow: number): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => serverNow,
  );
}
