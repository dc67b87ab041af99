import type { ReactNode, SVGProps } from "react";

// Every icon of the dashboard, drawn once. Charts and sparklines are data, not icons: they stay with
// their components.

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children" | "width" | "height"> {
  /**
   * Width and height in CSS pixels (default 16). Size icons with this, not with classes: an outline's
   * line weight is worked out from it.
   */
  size?: number;
  /**
   * Names the icon for screen readers, for an icon that says something no text beside it does.
   * Without it the icon is decorative and hidden from them (the usual case: the button or link
   * around it carries the name).
   */
  title?: string;
}

interface Drawing {
  /** The side of the square the paths are drawn in. */
  grid: number;
  /** Outline icons: the line weight in CSS pixels, the same at any size. Without it the shapes are filled. */
  weight?: number;
  /** Round line ends and corners (the default for outlines). */
  round?: boolean;
}

function Icon({
  grid,
  weight,
  round = true,
  size = 16,
  title,
  children,
  ...props
}: IconProps & Drawing & { children: ReactNode }) {
  const paint: SVGProps<SVGSVGElement> =
    weight === undefined
      ? { fill: "currentColor" }
      : {
          fill: "none",
          stroke: "currentColor",
          // In the grid's units, so that the line is `weight` pixels wide whatever the size.
          strokeWidth: (weight * grid) / size,
          ...(round && { strokeLinecap: "round", strokeLinejoin: "round" }),
        };
  return (
    <svg
      viewBox={`0 0 ${grid} ${grid}`}
      width={size}
      height={size}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      {...paint}
      {...props}
    >
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

export const CopyIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.5} round={false} strokeLinejoin="round" {...props}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
  </Icon>
);

export const CheckIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="m3.5 8.5 3 3 6-7" />
  </Icon>
);

export const ExternalLinkIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.5} {...props}>
    <path d="M9 2.5h4.5V7M13.5 2.5 7 9M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3" />
  </Icon>
);

export const DownloadIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M8 2v8m0 0 3-3m-3 3L5 7M3 12v1.5h10V12" />
  </Icon>
);

export const FilterIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M2 4h12M4 8h8M6 12h4" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon grid={20} weight={1.6} {...props}>
    <path d="M10 4v12M4 10h12" />
  </Icon>
);

/** A cross: closes a dialog, removes a filter. */
export const CloseIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M6 4l4 4-4 4" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M10 4 6 8l4 4" />
  </Icon>
);

export const ChevronsRightIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M4 4l4 4-4 4M9 4l4 4-4 4" />
  </Icon>
);

export const ChevronsLeftIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="M12 4 8 8l4 4M7 4 3 8l4 4" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon grid={16} weight={1.75} {...props}>
    <path d="m4 6 4 4 4-4" />
  </Icon>
);

/** Two arrow heads, the one of the current order solid: a sortable column's state. */
export const SortIcon = ({ sorted, ...props }: IconProps & { sorted: false | "asc" | "desc" }) => (
  <Icon grid={16} {...props}>
    <path d="M8 2 4.5 6h7z" opacity={sorted === "asc" ? 1 : 0.3} />
    <path d="M8 14l3.5-4h-7z" opacity={sorted === "desc" ? 1 : 0.3} />
  </Icon>
);

/** An exclamation mark in a disc: something failed. */
export const ErrorIcon = (props: IconProps) => (
  <Icon grid={20} {...props}>
    <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z" />
  </Icon>
);

/** An exclamation mark in a triangle: read this before going on. */
export const WarningIcon = (props: IconProps) => (
  <Icon grid={20} {...props}>
    <path d="M10 2.5 1.5 17.5h17L10 2.5Zm-.75 5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
  </Icon>
);

export const KeyIcon = (props: IconProps) => (
  <Icon grid={24} weight={1.75} {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
  </Icon>
);

export const WalletIcon = (props: IconProps) => (
  <Icon grid={20} weight={1.28} round={false} {...props}>
    <rect x="2.5" y="5" width="15" height="11" rx="2" />
    <path d="M13 10.5h4.5M5 5l8-2.5V5" strokeLinejoin="round" />
  </Icon>
);

export const SunIcon = (props: IconProps) => (
  <Icon grid={24} weight={5 / 3} round={false} strokeLinecap="round" {...props}>
    <path d="M12 3v2m0 14v2m9-9h-2M5 12H3m15.4-6.4-1.4 1.4M7 17l-1.4 1.4m12.8 0L17 17M7 7 5.6 5.6M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
  </Icon>
);

export const MoonIcon = (props: IconProps) => (
  <Icon grid={24} weight={5 / 3} round={false} strokeLinecap="round" {...props}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
  </Icon>
);

/** Yieldgrid's mark: a grid of four squares, one of them solid. */
export const YieldgridMark = (props: IconProps) => (
  <Icon grid={24} {...props}>
    <path d="M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3z" opacity=".35" />
    <path d="M13 13h8v8h-8z" />
  </Icon>
);
