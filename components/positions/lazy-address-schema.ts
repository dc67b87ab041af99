import { useEffect, useState } from "react";
import type { addressSchema } from "@/lib/schemas/address";

// The shared address schema, loaded on first use: it brings zod and viem's keccak (EIP-55), which a
// visit that never checks an address (the page opened without one) does not need to download.

export type AddressSchema = typeof addressSchema;

let loaded: AddressSchema | null = null;
let loading: Promise<AddressSchema> | null = null;

/** lib/schemas/address's addressSchema; one download, shared by every caller. */
export function loadAddressSchema(): Promise<AddressSchema> {
  loading ??= import("@/lib/schemas/address").then(
    (module) => (loaded = module.addressSchema),
    (error: unknown) => {
      // A failed download (offline) is tried again by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The address schema once `needed` has been true and it has loaded; null until then. Null on the
 * server and during hydration too, so both render the same.
 */
export function useAddressSchema(needed: boolean): AddressSchema | null {
  // `loaded` is set only by a download in this browser, which happens after hydration.
  const [schema, setSchema] = useState<AddressSchema | null>(() => loaded);
  useEffect(() => {
    if (!needed || schema) return;
    let current = true;
    loadAddressSchema().then(
      (s) => current && setSchema(() => s),
      () => undefined, // left as null: the view waits, and the form's submit reports the failure
    );
    return () => {
      current = false;
    };
  }, [needed, schema]);
  return schema;
}
