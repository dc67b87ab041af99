import type { Metadata, Viewport } from "next";
import { SiteHeader } from "@/components/layout/site-header";
import { themeScript } from "@/components/layout/theme-toggle";
import { QueryProvider } from "@/components/providers/query-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Yieldgrid", template: "%s · Yieldgrid" },
  description: "Compare lending yields across Aave, Compound, Morpho and Fluid on EVM chains.",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
          Skip to content
        </a>
        <QueryProvider>
          <SiteHeader />
          <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
            {children}
          </main>
        </QueryProvider>
      </body>
    </html>
  );
}
