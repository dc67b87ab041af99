import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link between the app's pages: next/link (client-side navigation) without prefetching.
 *
 * Every page here is rendered per request and none has a loading boundary, so the prefetch Next
 * makes of each link in view fetches only the route's tree, never its content: a click fetches
 * the page either way. What the prefetch does cost is requests and their processing while the page
 * is still loading, on a phone's connection (the header's links alone made eight, two per page it
 * links); Lighthouse's simulation counted them into the largest contentful paint (0.1–0.7 s,
 * npm run bench:web).
 * The lint forbids importing next/link anywhere else, so the rule holds in one place.
 */
export function AppLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
