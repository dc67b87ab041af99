"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { QueryError } from "@/components/ui/request-error";
import { useConnection } from "@/components/wallet/wallet-state";
import { ApiClientError } from "@/lib/client/api-fetch";
import { environmentLabels, environmentOfChain, getChain, type Environment } from "@/lib/facts/chains";
import type { PositionsByChainResponse, PositionsResponse } from "@/lib/schemas/positions";
import { allChainsPositionsQueryOptions, positionsQueryOptions } from "@/lib/client/queries/positions";
import { AddressForm, addressProblem } from "./address-form";
import { AllChainsResult } from "./all-chains-result";
import { apiIssues } from "./api-issues";
import { ChainSelect, chainChoiceParam, parseChainChoice, type ChainChoice } from "./chain-select";
import { useAddressSchema } from "./lazy-address-schema";
import { NoAddress } from "./no-address";
import { PositionsError } from "./positions-error";
import { PositionsResult, PositionsResultSkeleton } from "./positions-result";
import { ResultHeading } from "./result-heading";
import { TestNetworkSignIn } from "./test-network-sign-in";
import { WalletAddressNotes } from "./wallet-address-notes";

/**
 * Positions of any address: on every chain of an environment at once (the default), or on one
 * chain. The address and the choice live in the URL; with no address there, the connected wallet's
 * address is shown.
 */
export function PositionsView() {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const connection = useConnection();

  const urlAddress = searchParams.get("address");
  // Without a choice in the URL: every chain of the wallet's network's environment (test networks
  // are read with a dashboard session), else every live network.
  const walletEnvironment = connection.chainId !== undefined && getChain(connection.chainId) ? environmentOfChain(connection.chainId) : undefined;
  const choice: ChainChoice = parseChainChoice(searchParams.get("chainId")) ?? { all: walletEnvironment ?? "live" };
  const address = urlAddress ?? connection.address ?? null;
  // Loaded once there is an address to check (null until then: the result waits for it).
  const addressSchema = useAddressSchema(address !== null);
  const urlAddressProblem = urlAddress && addressSchema ? addressProblem(addressSchema, urlAddress) : null;
  const checked = address && addressSchema && !urlAddressProblem ? addressSchema.parse(address) : null;

  const oneChain = "chainId" in choice ? choice.chainId : null;
  const single = useQuery({
    ...positionsQueryOptions({ address: checked ?? "", chainId: oneChain ?? 1 }),
    enabled: checked !== null && oneChain !== null,
  });
  const environment = "all" in choice ? choice.all : "live";
  const all = useQuery({
    ...allChainsPositionsQueryOptions({ address: checked ?? "", environment }),
    enabled: checked !== null && oneChain === null,
  });
  const current = oneChain === null ? all : single;
  const issues = apiIssues(current.error);

  const go = (next: { address?: string | null; choice: ChainChoice }) => {
    const params = new URLSearchParams();
    if (next.address) params.set("address", next.address);
    params.set("chainId", chainChoiceParam(next.choice));
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
            onLookup={(checksummed) => go({ address: checksummed, choice })}
          />
          <ChainSelect choice={choice} error={issues.chainId} onChange={(next) => go({ address: urlAddress, choice: next })} />
        </div>
        <WalletAddressNotes walletAddress={connection.address} urlAddress={urlAddress} chainParam={chainChoiceParam(choice)} pathname={pathname} />
      </div>

      {!address ? (
        <NoAddress />
      ) : !checked ? null : (
        <section aria-labelledby="positions-heading" className="space-y-4">
          <ResultHeading address={checked} choice={choice} />
          {oneChain !== null ? (
            <OneChainOutcome query={single} chainId={oneChain} otherIssues={issues.other} />
          ) : (
            <AllChainsOutcome query={all} environment={environment} />
          )}
        </section>
      )}
    </div>
  );
}

/** One chain's positions, or why they could not be read. */
function OneChainOutcome({
  query,
  chainId,
  otherIssues,
}: {
  query: UseQueryResult<PositionsResponse>;
  chainId: number;
  otherIssues: string[];
}) {
  if (query.isPending) return <PositionsResultSkeleton />;
  if (query.isError)
    return (
      <PositionsError
        error={query.error}
        chainId={chainId}
        otherIssues={otherIssues}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <PositionsResult data={query.data} chainId={chainId} refreshing={query.isFetching} />;
}

/** Every chain of the environment at once; the test networks need a dashboard session first. */
function AllChainsOutcome({
  query,
  environment,
}: {
  query: UseQueryResult<PositionsByChainResponse>;
  environment: Environment;
}) {
  if (query.isPending) return <PositionsResultSkeleton />;
  if (query.isError && query.error instanceof ApiClientError && query.error.status === 401 && environment === "test")
    return <TestNetworkSignIn chainName={environmentLabels.test.toLowerCase()} />;
  if (query.isError)
    return (
      <QueryError
        title={`Positions on ${environmentLabels[environment].toLowerCase()} could not be loaded`}
        query={query}
      />
    );
  return <AllChainsResult data={query.data} refreshing={query.isFetching} onRetry={() => void query.refetch()} />;
}
