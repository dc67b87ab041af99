"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toExplorerSearch, type ExplorerQuery } from "./explorer-query";

type Update = ExplorerQuery | ((current: ExplorerQuery) => ExplorerQuery);

/** The query the address bar describes, read with the API's schema (loaded on demand: it brings zod). */
async function queryFromLocation(): Promise<ExplorerQuery> {
  const { parseExplorerQuery } = await import("./parse-explorer-query");
  return parseExplorerQuery(new URLSearchParams(window.location.search));
}

/**
 * The explorer query held in the URL, and a way to change it.
 *
 * `initialQuery` is the server's reading of the URL (with the API's schema). Changes go through
 * the native history API, which the App Router keeps in step with: push for discrete changes (so
 * Back undoes them), replace while typing. Unlike router.push this does not ask the server to
 * render the page again; the data comes from react-query against /api/v1.
 */
export function useExplorerQuery(initialQuery: ExplorerQuery) {
  const [state, setState] = useState({ initial: initialQuery, query: initialQuery });
  // A new server render (a link to /?protocol=aave while already here) brings a new reading: adopt it.
  if (state.initial !== initialQuery) setState({ initial: initialQuery, query: initialQuery });

  const latest = useRef(state.query);
  useEffect(() => {
    latest.current = state.query;
  });

  const mounted = useRef(false);
  useEffect(() => {
    let cancelled = false;
    // The address bar is the truth. Back/Forward between our own entries changes only it; and a
    // late server render can land after a quicker Back, so check it again whenever the props change.
    const follow = () =>
      void queryFromLocation().then((query) => {
        if (!cancelled && toExplorerSearch(query) !== toExplorerSearch(latest.current))
          setState((s) => ({ ...s, query }));
      });
    if (!mounted.current) {
      mounted.current = true;
      // A link with invalid or non-canonical parameters is shown cleaned; make the address bar say so
      // too. But Back or Forward pressed before the page hydrated has already moved the address bar
      // to another entry: that one is the truth, and it must not be overwritten with this reading.
      const clean = toExplorerSearch(initialQuery);
      const seen = window.location.search;
      if (seen !== clean)
        void queryFromLocation().then((query) => {
          if (cancelled || window.location.search !== seen) return;
          if (toExplorerSearch(query) === clean)
            window.history.replaceState(null, "", `${window.location.pathname}${clean}`);
          else setState((s) => ({ ...s, query }));
        });
    } else follow();
    window.addEventListener("popstate", follow);
    return () => {
      cancelled = true;
      window.removeEventListener("popstate", follow);
    };
  }, [initialQuery]);

  const navigate = useCallback((update: Update, { replace = false }: { replace?: boolean } = {}) => {
    // The latest query, not the one this callback closed over: a debounced search may fire after other changes.
    const next = typeof update === "function" ? update(latest.current) : update;
    const search = toExplorerSearch(next);
    if (search === window.location.search) return;
    latest.current = next;
    setState((s) => ({ ...s, query: next }));
    const url = `${window.location.pathname}${search}`;
    if (replace) window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
  }, []);

  return { query: state.query, navigate };
}
