import { RequestError } from "@/components/ui/request-error";
import { ApiClientError } from "@/lib/client/api-fetch";
import { chainName, environmentOfChain } from "@/lib/facts/chains";
import { TestNetworkSignIn } from "./test-network-sign-in";

/**
 * Why the positions could not be read, by cause: the request refused (its field problems are shown
 * at the fields), the chain unreadable, a test network without a session, or another environment.
 */
export function PositionsError({
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
