"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useConnection } from "@/components/wallet/wallet-state";
import { getChain } from "@/lib/chains";
import { positionsQueryOptions } from "@/lib/queries/positions";
import { AddressForm, addressProblem } from "./address-form";
import { apiIssues } from "./api-issues";
import { ChainSelect } from "./chain-select";
import { useAddressSchema } from "./lazy-address-schema";
import { NoAddress } from "./no-address";
import { PositionsError } from "./positions-error";
import { PositionsResult, PositionsResultSkeleton } from "./positions-result";
import { ResultHeading } from "./result-heading";
import { WalletAddressNotes } from "./wallet-address-notes";

// Anonymous callers see live chains; Ethereum is the API's default for them too.
const DEFAULT_CHAIN_ID = 1;

/**
 * Positions of any address on one chain. The address and chain live in the URL; with no address
 * there, the connected wallet's address is shown.
 */
export function PositionsView() {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const connection = useConnection();

  const urlAddress = searchParams.get("address");
  const urlChain = searchParams.get("chainId");
  // The wallet's network, when Yieldgrid knows it (test networks are read with a dashboard session).
  const walletChain =
    connection.chainId !== undefined && getChain(connection.chainId) !== undefined
      ? connection.chainId
      : undefined;
  const chainId =
    urlChain && /^\d{1,12}$/.test(urlChain) ? Number(urlChain) : (walletChain ?? DEFAULT_CHAIN_ID);
  const address = urlAddress ?? connection.address ?? null;
  // Loaded once there is an address to check (null until then: the result waits for it).
  const addressSchema = useAddressSchema(address !== null);
  const urlAddressProblem = urlAddress && addressSchema ? addressProblem(addressSchema, urlAddress) : null;
  const lookup =
    address && addressSchema && !urlAddressProblem
      ? { address: addressSchema.parse(address), chainId }
      : null;

  const positions = useQuery({
    ...positionsQueryOptions(lookup ?? { address: "", chainId }),
    enabled: lookup !== null,
  });
  const issues = apiIssues(positions.error);

  const go = (next: { address?: string | null; chainId: number }) => {
    const params = new URLSearchParams();
    if (next.address) params.set("address", next.address);
    params.set("chainId", String(next.chainId));
    router.push(`${pathname}?${params}`, { scroll: false });
  };

  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900/60">
        <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
          <AddressForm
            key={urlAddress ?? ""}
            initial={urlAddress ?? ""}
            initialError={urlAddressProblem ?? issues.address ?? null}
            onLookup={(checksummed) => go({ address: checksummed, chainId })}
          />
          <ChainSelect
            chainId={chainId}
            error={issues.chainId}
            onChange={(next) => go({ address: urlAddress, chainId: next })}
          />
        </div>
        <WalletAddressNotes
          walletAddress={connection.address}
          urlAddress={urlAddress}
          chainId={chainId}
          pathname={pathname}
        />
      </div>

      {!address ? (
        <NoAddress />
      ) : !lookup ? null : (
        <section aria-labelledby="positions-heading" className="space-y-4">
          <ResultHeading address={lookup.address} chainId={chainId} />
          {positions.isPending ? (
            <PositionsResultSkeleton />
          ) : positions.isError ? (
            <PositionsError
              error={positions.error}
              chainId={chainId}
              otherIssues={issues.other}
              onRetry={() => void positions.refetch()}
              retrying={positions.isFetching}
            />
          ) : (
            <PositionsResult data={positions.data} chainId={chainId} refreshing={positions.isFetching} />
          )}
        </section>
      )}
    </div>
  );
}
