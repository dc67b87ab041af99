"use client";

import { useEffect } from "react";

/**
 * The reference was one page until it was split into an overview and a page per group: a link made
 * then (/docs#get-instruments, /docs#schema-instrument) names an anchor the overview no longer has.
 * This sends such a link on to where that anchor is now (`movedAnchors`: anchor → address), replacing
 * the history entry so that Back does not return to the overview.
 */
export function MovedAnchorRedirect({ movedAnchors }: { movedAnchors: Record<string, string> }) {
  useEffect(() => {
    const follow = () => {
      let anchor: string;
      try {
        anchor = decodeURIComponent(window.location.hash.slice(1));
      } catch {
        return; // a malformed escape names no anchor of ours
      }
      if (!anchor || document.getElementById(anchor) || !Object.hasOwn(movedAnchors, anchor)) return;
      window.location.replace(movedAnchors[anchor]!);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [movedAnchors]);
  return null;
}
