"use client";

import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { nearestPointIndex, type ChartPoint } from "./chart-geometry";

/**
 * The point a history chart reads out: the one under the pointer, or moved to with the keyboard
 * (arrows one point, PageUp/PageDown a day of hourly or a week of daily points, Home/End, Escape
 * to let go).
 */
export function useChartCursor(points: readonly ChartPoint[], hourly: boolean) {
  const [active, setActive] = useState<number | null>(null);

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    setActive(nearestPointIndex(points, Math.min(Math.max((e.clientX - rect.left) / rect.width, 0), 1)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const last = points.length - 1;
    const next = keyTarget(e.key, active ?? last, last, hourly ? 24 : 7);
    if (next === undefined) return;
    e.preventDefault();
    setActive(next === null ? null : Math.min(Math.max(next, 0), last));
  };

  const release = () => setActive(null);
  return { active, handlers: { onPointerMove, onPointerDown: onPointerMove, onPointerLeave: release, onKeyDown, onBlur: release } };
}

/** Where a key moves the cursor: a point index (maybe out of range), null to let go, undefined for other keys. */
function keyTarget(key: string, current: number, last: number, pageStep: number): number | null | undefined {
  switch (key) {
    case "ArrowLeft":
      return current - 1;
    case "ArrowRight":
      return current + 1;
    case "PageUp":
      return current - pageStep;
    case "PageDown":
      return current + pageStep;
    case "Home":
      return 0;
    case "End":
      return last;
    case "Escape":
      return null;
    default:
      return undefined;
  }
}
