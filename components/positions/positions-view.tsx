"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChainIcon } from "@/components/ui/chain-icon";
import { DataTable } from "@/components/ui/data-table";
import { RequestError } from "@/components/ui/request-error";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { Skeleton } from "@/components/ui/skeleton";
import { FieldError, fieldControlClasses } from "@/components/ui/text-field";
import { useOpenConnectDialog } from "@/components/wallet/connect-dialog-context";
import { useConnection } from "@/components/wallet/wallet-state";
import { ApiClientError } from "@/lib/api-client/api-fetch";
import { chainsOf, environmentOfChain, getChain } from "@/lib/chains";
import { shortAddress } from "@/lib/format";
import { healthQueryOptions } from "@/lib/queries/health";
import { positionInstrumentQueryOptions, positionsQueryOptions } from "@/lib/queries/positions";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";
import { loadAddressSchema, useAddressSchema, type AddressSchema } from "./lazy-address-schema";
import { positionColumns, type PositionRow } from "./position-columns";
import { TestNetworkSignIn } from "./test-network-sign-in";

// Anonymous callers see live chains; Ethereum is the API's default for them too.
const DEFAULT_CHAIN_ID = 1;

const chainName = (chainId: number) => getChain(chainId)?.name ?? `Chain ${chainId}`;

/** "The address must be 0x followed by 40 hex digits." from the shared schema's message. */
function addressProblem(addressSchema: AddressSchema, value: string): string | null {
  const parsed = addressSchema.safeParse(value);
  return parsed.success ? null : `The address ${parsed.error.issues[0]?.message ?? "is not valid"}.`;
}

/** Validation problems of a 400 answer, by the field they concern. */
function apiIssues(error: unknown): { address?: string; chainId?: string; other: string[] } {
  const result: { address?: string; chainId?: string; other: string[] } = { other: [] };
  if (!(error instanceof ApiClientError) || error.status !== 400) return result;
  const issues = error.issues;
  for (const { path, message } of issues ?? []) {
    if (path === "address") result.address ??= `The address ${message}.`;
    else if (path === "chainId") result.chainId ??= `The chain ${message}.`;
    else result.other.push(`${path || "Request"} ${message}`);
  }
  if (!issues || (result.other.length === 0 && !result.address && !result.chainId))
    result.other.push(error.message);
  return result;
}

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
  const fromWallet = !urlAddress && connection.address !== undefined;
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
        {fromWallet && connection.address && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            <Badge tone="info" className="mr-2 align-middle">
              Your wallet
            </Badge>
            Showing{" "}
            <span className="font-mono text-slate-900 dark:text-slate-100">
              {shortAddress(connection.address)}
            </span>
            , the connected wallet. Paste an address to look at another.
          </p>
        )}
        {urlAddress &&
          connection.address &&
          connection.address.toLowerCase() !== urlAddress.toLowerCase() && (
            <p className="mt-3 text-sm">
              <Link
                href={`${pathname}?chainId=${chainId}`}
                scroll={false}
                className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                Show my wallet ({shortAddress(connection.address)}) instead
              </Link>
            </p>
          )}
      </div>

      {!address ? (
        <NoAddress />
      ) : !lookup ? null : (
        <section aria-labelledby="positions-heading" className="space-y-4">
          <ResultHeading address={lookup.address} chainId={chainId} />
          {positions.isPending ? (
            <ResultSkeleton />
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

function AddressForm({
  initial,
  initialError,
  onLookup,
}: {
  initial: string;
  initialError: string | null;
  onLookup: (address: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  const [touched, setTouched] = useState(false);
  const id = useId();
  // A 400 from the API arrives after mount: show it until the user edits the field.
  const shown = touched ? error : (error ?? initialError);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const trimmed = value.trim();
    const addressSchema = await loadAddressSchema().catch(() => null);
    const problem =
      trimmed === ""
        ? "Enter an address: 0x followed by 40 hex digits."
        : addressSchema
          ? addressProblem(addressSchema, trimmed)
          : "The address could not be checked. Check your connection and try again.";
    setTouched(true);
    setError(problem);
    if (problem || !addressSchema) {
      form.querySelector("input")?.focus();
      return;
    }
    onLookup(addressSchema.parse(trimmed));
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label="Look up an address">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Wallet address
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name="address"
          value={value}
          // The schema the address is checked with loads while it is typed.
          onFocus={() => void loadAddressSchema().catch(() => undefined)}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
            setError(null);
          }}
          placeholder="0x…"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className={fieldControlClasses({ invalid: Boolean(shown), className: "min-w-0 flex-1 font-mono" })}
        />
        <Button type="submit" variant="primary" className="h-10">
          Look up
        </Button>
      </div>
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </form>
  );
}

function ChainSelect({
  chainId,
  error,
  onChange,
}: {
  chainId: number;
  error: string | undefined;
  onChange: (chainId: number) => void;
}) {
  const id = useId();
  const known = getChain(chainId) !== undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Chain
      </label>
      <select
        id={id}
        value={chainId}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldControlClasses({ invalid: Boolean(error), className: "mt-1.5" })}
      >
        {!known && (
          <option value={chainId} disabled>
            Chain {chainId} (not supported)
          </option>
        )}
        <optgroup label="Live networks">
          {chainsOf("live").map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Test networks">
          {chainsOf("test").map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </optgroup>
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

function NoAddress() {
  const openConnect = useOpenConnectDialog();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <h2 className="text-base font-semibold">Look up any address</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Paste any wallet address to see its USDC balance and its deposits in the lending markets Yieldgrid
        tracks. No wallet needed, or connect yours to see your own.
      </p>
      <Button variant="secondary" className="mt-5" onClick={openConnect}>
        Connect wallet
      </Button>
    </div>
  );
}

function ResultHeading({ address, chainId }: { address: string; chainId: number }) {
  const chain = getChain(chainId);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2
        id="positions-heading"
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold"
      >
        <span className="font-mono text-base" title={address}>
          {shortAddress(address)}
        </span>
        <span className="font-normal text-slate-600 dark:text-slate-400">on</span>
        <span className="inline-flex items-center gap-1.5">
          <ChainIcon chainId={chainId} size={18} />
          {chainName(chainId)}
        </span>
      </h2>
      {chain?.explorerUrl && (
        <a
          href={`${chain.explorerUrl}/address/${address}`}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          View on block explorer<span className="sr-only"> (opens in a new tab)</span> ↗
        </a>
      )}
    </div>
  );
}

function ResultSkeleton() {
  return (
    <div aria-busy="true" aria-label="Reading the chain" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-40 rounded-lg" />
    </div>
  );
}

function PositionsError({
  error,
  chainId,
  otherIssues,
  onRetry,
  retrying,
}: {
  error: Error;
  chainId: number;
  otherIssues: string[];
  onRetry: () => void;
  retrying: boolean;
}) {
  const name = chainName(chainId);
  if (error instanceof ApiClientError && error.status === 400) {
    // Field problems are shown at their fields above; anything else is listed here.
    if (otherIssues.length === 0) return null;
    return (
      <RequestError title="The request was not accepted" error={error}>
        <ul className="mt-2 list-inside list-disc text-red-800 dark:text-red-300">
          {otherIssues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      </RequestError>
    );
  }
  if (error instanceof ApiClientError && error.code === "UPSTREAM_UNAVAILABLE")
    return (
      <RequestError
        title={`${name} cannot be read right now`}
        error={error}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  if (error instanceof ApiClientError && error.status === 401 && environmentOfChain(chainId) === "test")
    return <TestNetworkSignIn chainName={name} />;
  if (error instanceof ApiClientError && error.status === 403)
    return (
      <RequestError title={`${name} is not available here`} error={error}>
        <p className="mt-1 text-red-800 dark:text-red-300">
          Pick one of the live networks, or query test networks through the API with a test key.
        </p>
      </RequestError>
    );
  return (
    <RequestError
      title={`Positions on ${name} could not be loaded`}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

function PositionsResult({
  data,
  chainId,
  refreshing,
}: {
  data: PositionsResponse;
  chainId: number;
  refreshing: boolean;
}) {
  const instruments = useQueries({
    queries: data.positions.map((p) => positionInstrumentQueryOptions(p.instrumentId, chainId)),
  });
  const rows: PositionRow[] = data.positions.map((p, i) => ({
    ...p,
    instrument: instruments[i]?.data,
    instrumentPending: instruments[i]?.isPending ?? false,
  }));
  const name = chainName(chainId);
  // Balances are read from the chain; APY and TVL come from the last sync, so on a chain no sync has
  // read they are the seeded sample figures, and the page says so.
  const health = useQuery({ ...healthQueryOptions(), enabled: rows.length > 0 });
  const sampleData = health.data?.chains.find((c) => c.chainId === chainId)?.lastSuccessAt === null;

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat
          label="USDC in wallet"
          value={`${formatTokenAmount(data.usdcBalance, 2)} USDC`}
          title={`${data.usdcBalance} USDC`}
          className="col-span-2 sm:col-span-1"
        />
        <Stat label="Positions" value={String(data.positions.length)} />
        <Stat
          label="Value of positions"
          value={data.totalValueUsd == null ? "—" : formatUsdCents(data.totalValueUsd)}
          title={
            data.totalValueUsd == null
              ? "Not every position has a price yet: no sync has priced its token on this chain"
              : "Every position at its token's USD price from the last sync"
          }
        />
      </dl>
      {rows.length === 0 ? (
        // Outside the table: a message centred across a wide scrolling table is cut off at 375 px.
        <div className="rounded-lg border border-slate-200 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p className="font-medium text-slate-900 dark:text-slate-100">No positions on {name}</p>
          <p className="mt-1">
            This address holds none of the lending markets Yieldgrid tracks on {name}. Try another chain.
          </p>
        </div>
      ) : (
        <>
          {sampleData && (
            <SampleDataNote
              chainIds={[chainId]}
              what="the APY and TVL beside these balances (the balances themselves are read from the chain)"
            />
          )}
          <DataTable
            caption={`Positions on ${name}`}
            columns={positionColumns}
            data={rows}
            getRowId={(row) => row.instrumentId}
            isFetching={refreshing}
          />
        </>
      )}
    </div>
  );
}

function Stat({
  label,
  value,
  title,
  className,
}: {
  label: string;
  value: string | null;
  title?: string;
  className?: string;
}) {
  return (
    <div
      className={`rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900/60 ${className ?? ""}`}
    >
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums" title={title}>
        {value ?? <Skeleton className="h-7 w-24" />}
      </dd>
    </div>
  );
}
